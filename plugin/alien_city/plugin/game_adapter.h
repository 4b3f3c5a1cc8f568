// Alien City behind the gamehost interface: each GameService call on typed
// protobuf messages. Pure C++ (it may throw on bugs); entry.cc turns it into
// the byte boundary that never throws.
//
// Seats: 0 = Black (moves first, ruling R4), 1 = White.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "alien_city/core/expected.h"
#include "alien_city/core/state.h"
#include "gamehost.pb.h"

namespace alien_city::plugin {

namespace pb = gamehost::v1;

inline constexpr const char* kGameId = "alien_city";
inline constexpr const char* kGameVersion = "1.0.0";

constexpr int seat_of(Player p) { return p == Player::Black ? 0 : 1; }

// A refusal to return at the boundary instead of a response.
struct Refusal {
  pb::Status status;
  std::string code;
  std::string message;
};
using Outcome = std::optional<Refusal>;  // nullopt = OK

class GameAdapter {
 public:
  void describe(const pb::DescribeRequest& req, pb::DescribeResponse& resp);
  Outcome new_game(const pb::NewGameRequest& req, pb::NewGameResponse& resp);
  Outcome query(const pb::QueryRequest& req, pb::QueryResponse& resp);
  Outcome apply(const pb::ApplyRequest& req, pb::ApplyResponse& resp);
  Outcome parse_action(const pb::ParseActionRequest& req, pb::ParseActionResponse& resp);
  Outcome observe(const pb::ObserveRequest& req, pb::ObserveResponse& resp);
  Outcome analyze(const pb::AnalyzeRequest& req, pb::AnalyzeResponse& resp);
  Outcome evaluate(const pb::EvaluateRequest& req, pb::EvaluateResponse& resp);
  Outcome rollout(const pb::RolloutRequest& req, pb::RolloutResponse& resp);

 private:
  // Decodes state bytes, reusing the last decoded state when the bytes are
  // the same (the host passes back what Apply returned, so a game's loop
  // never pays for validation twice).
  Expected<State> load(const std::string& bytes);
  void remember(const std::string& bytes, const State& s);

  std::string cached_bytes_;
  std::optional<State> cached_state_;
};

// The FileDescriptorSet of alien_city.proto (generated, for GameInfo).
std::string_view payload_descriptors();

// Any.PackFrom for lite messages (which have no descriptor).
template <class Message>
void pack(const Message& m, google::protobuf::Any& any) {
  any.set_type_url("type.googleapis.com/" + m.GetTypeName());
  any.set_value(m.SerializeAsString());
}

// Fills the status fields of `info` for `s` and what `flags` ask for.
void fill_info(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info);

// Full analysis (topic ""), the score breakdown ("score") and "why LOT".
Outcome analyze_state(const State& s, const std::string& topic, pb::AnalyzeResponse& resp);

}  // namespace alien_city::plugin
