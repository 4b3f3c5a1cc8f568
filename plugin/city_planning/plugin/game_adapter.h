// City Planning behind the gamehost interface: the game's glue for the
// plugin kit (plugin/kit/gamehost/kit/adapter.h does the rest of every
// call). Pure C++ (it may throw on bugs); the kit's dispatcher turns it into
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

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "city_planning/core/expected.h"
#include "city_planning/core/rng.h"
#include "city_planning/core/rules.h"
#include "city_planning/core/serialize.h"
#include "city_planning/core/state.h"
#include "gamehost.pb.h"
#include "gamehost/kit/options.h"
#include "gamehost/kit/outcome.h"
#include "gamehost/kit/payload.h"
#include "scene.pb.h"

namespace city_planning::plugin {

namespace pb = gamehost::v1;
using gamehost::kit::Outcome;
using gamehost::kit::pack;
using gamehost::kit::refuse;
using gamehost::kit::Refusal;

inline constexpr const char* kGameId = "city_planning";
inline constexpr const char* kGameVersion = "1.0.0";

constexpr int seat_of(Player p) { return index_of(p); }
constexpr Player player_of_seat(int seat) { return seat == 0 ? Player::A : Player::B; }

// The kit's Game (see gamehost/kit/adapter.h for each member's contract).
struct Game {
  static constexpr const char* kId = kGameId;
  using State = city_planning::State;

  static Expected<State> decode(const std::string& bytes) { return deserialize(bytes); }
  static std::string encode(const State& s) { return serialize(s); }
  static void describe(pb::GameInfo& info);

  Expected<State> start(const gamehost::kit::Options& options, std::uint64_t seed, std::string& setup);
  void fill_info(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info);
  Outcome apply(State& s, std::uint32_t id, pb::ActionInfo* described);
  Outcome parse_action(const State& s, const std::string& text, pb::ActionInfo& out);
  void observe(const State& s, int seat, pb::ObserveResponse& resp);
  Outcome analyze(const State& s, const std::string& topic, pb::AnalyzeResponse& resp);
  std::array<double, 2> evaluate(const State& s);
  std::uint64_t playout(State& s, Rng& rng);  // chance is drawn from the same generator
  std::array<double, 2> returns(const State& s);
  std::array<double, 2> points(const State& s);  // each seat's points, for Rollout
  void render(const State& s, const pb::ViewOptions& view, pb::Scene& scene);
  // C20: the other hand re-dealt from the coins the seat cannot see.
  State sample_hidden(const State& s, int seat, Rng& rng);
  // The terminal board (terminal_board.cc) as `seat` sees it (C19).
  void board(const State& s, const State* before, std::optional<int> seat, pb::TerminalBoard& out);
};

// The FileDescriptorSet of city_planning.proto (generated, for GameInfo).
std::string_view payload_descriptors();

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
