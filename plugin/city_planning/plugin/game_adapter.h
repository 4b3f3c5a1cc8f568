// City Planning behind the gamehost interface: each GameService call on typed
// protobuf messages. Pure C++ (it may throw on bugs); entry.cc turns it into
// the byte boundary that never throws.
//
// Seats: 0 = A, 1 = B. Who starts is itself a chance event (C4), so seat 0
// is not necessarily the first to place stones.
// Chance: NewGame returns the position before the setup (phase "setup",
// to_move -1); the host draws every outcome (the three tiles turned up, the
// six coins dealt, the first player, and every draw of the game) and records
// it as a ply, so a log holds both hands and replays exactly.
// Hidden information: Observe gives one seat's view (the other hand as
// counts); Analyze and RenderScene without a hand overlay show only public
// information; Query's text and the logs are omniscient.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "city_planning/core/expected.h"
#include "city_planning/core/rules.h"
#include "city_planning/core/state.h"
#include "gamehost.pb.h"
#include "scene.pb.h"

namespace city_planning::plugin {

namespace pb = gamehost::v1;

inline constexpr const char* kGameId = "city_planning";
inline constexpr const char* kGameVersion = "1.0.0";

constexpr int seat_of(Player p) { return index_of(p); }
constexpr Player player_of_seat(int seat) { return seat == 0 ? Player::A : Player::B; }

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
  // C20: the other hand re-dealt from the coins the seat cannot see.
  Outcome sample_hidden(const pb::SampleHiddenRequest& req, pb::SampleHiddenResponse& resp);
  Outcome rollout(const pb::RolloutRequest& req, pb::RolloutResponse& resp);
  Outcome render_scene(const pb::RenderSceneRequest& req, pb::RenderSceneResponse& resp);

 private:
  // Decodes state bytes, reusing the last decoded state when the bytes are
  // the same (the host passes back what Apply returned).
  Expected<State> load(const std::string& bytes);
  void remember(const std::string& bytes, const State& s);

  std::string cached_bytes_;
  std::optional<State> cached_state_;
};

// The FileDescriptorSet of city_planning.proto (generated, for GameInfo).
std::string_view payload_descriptors();

// Any.PackFrom for lite messages (which have no descriptor).
template <class Message>
void pack(const Message& m, google::protobuf::Any& any) {
  any.set_type_url("type.googleapis.com/" + m.GetTypeName());
  any.set_value(m.SerializeAsString());
}

// Fills the status fields of `info` for `s` and what `flags` ask for.
void fill_info(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info);

// "setup", "stones", "main", "draw-tile", "draw-coin", "over".
const char* phase_name(const State& s);
// "A wins 12 to -5: no tile face up or in the stack (C17)".
std::string result_line(const State& s);

// Analyze: topic "" (public summary) and "score" (scores and what each Zone
// holds). Public information only: the hands appear as counts.
Outcome analyze_state(const State& s, const std::string& topic, pb::AnalyzeResponse& resp);

// RenderScene: the board, Zones, stones, Developments, face-up tiles, hands
// (each hand shown only when its overlay "hand-A" / "hand-B" is on), scores.
void render_scene(const State& s, const pb::ViewOptions& view, pb::Scene& scene);

}  // namespace city_planning::plugin
