// Alien City behind the gamehost interface: the game's glue for the plugin
// kit (plugin/kit/gamehost/kit/adapter.h does the rest of every call).
// Pure C++ (it may throw on bugs); the kit's dispatcher turns it into the
// byte boundary that never throws.
//
// Seats: 0 = Black (moves first, ruling R4), 1 = White.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "alien_city/core/expected.h"
#include "alien_city/core/rng.h"
#include "alien_city/core/serialize.h"
#include "alien_city/core/state.h"
#include "gamehost.pb.h"
#include "gamehost/kit/options.h"
#include "gamehost/kit/outcome.h"
#include "gamehost/kit/payload.h"
#include "scene.pb.h"

namespace alien_city::plugin {

namespace pb = gamehost::v1;
using gamehost::kit::Outcome;
using gamehost::kit::pack;
using gamehost::kit::refuse;
using gamehost::kit::Refusal;

inline constexpr const char* kGameId = "alien_city";
inline constexpr const char* kGameVersion = "1.0.0";

constexpr int seat_of(Player p) { return p == Player::Black ? 0 : 1; }

// The kit's Game (see gamehost/kit/adapter.h for each member's contract).
struct Game {
  static constexpr const char* kId = kGameId;
  using State = alien_city::State;

  static Expected<State> decode(const std::string& bytes) { return deserialize(bytes); }
  static std::string encode(const State& s) { return serialize(s); }
  static void describe(pb::GameInfo& info);

  Expected<State> start(const gamehost::kit::Options& options, std::uint64_t seed, std::string& setup);
  void fill_info(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info);
  Outcome apply(State& s, std::uint32_t id, pb::ActionInfo* described);
  Outcome parse_action(const State& s, const std::string& text, pb::ActionInfo& out);
  Outcome analyze(const State& s, const std::string& topic, pb::AnalyzeResponse& resp);
  std::array<double, 2> evaluate(const State& s);
  std::uint64_t playout(State& s, Rng& rng);
  std::array<double, 2> returns(const State& s);
  std::array<double, 2> points(const State& s);  // each seat's points, for Rollout
  void render(const State& s, const pb::ViewOptions& view, pb::Scene& scene);  // scene_builder.cc
  // The terminal board (terminal_board.cc); every seat sees all of it.
  void board(const State& s, const State* before, std::optional<int> seat, pb::TerminalBoard& out);
};

// The FileDescriptorSet of alien_city.proto (generated, for GameInfo).
std::string_view payload_descriptors();

// Fills the status fields of `info` for `s` and what `flags` ask for.
void fill_info(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info);

// Full analysis (topic ""), the score breakdown ("score") and "why LOT".
Outcome analyze_state(const State& s, const std::string& topic, pb::AnalyzeResponse& resp);

}  // namespace alien_city::plugin
