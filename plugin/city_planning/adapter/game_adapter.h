// City Planning behind the gamehost interface: its `Game` for the plugin kit
// is in game_adapter.cc (plugin/kit/gamehost/kit/adapter.h does the rest of
// every call); this header holds what that file shares with the analysis
// and the scene. Pure C++ (it may throw on bugs); the kit's dispatcher turns
// it into the byte boundary that never throws.
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
#include "city_planning.pb.h"
#include "gamehost/kit/glue.h"

namespace city_planning::plugin {

using namespace gamehost::kit::glue;  // pb::, Outcome, refuse, pack, ...

constexpr int seat_of(Player p) { return index_of(p); }
constexpr Player player_of_seat(int seat) { return seat == 0 ? Player::A : Player::B; }
// "A" or "B", as the texts name a player.
inline std::string letter(Player p) { return std::string(1, player_letter(p)); }

// The terminal board (terminal_board.cc), as `seat` sees it: the kit's
// Game::board.
void draw_board(const State& s, const State* before, std::optional<int> seat, pb::TerminalBoard& out);

// The FileDescriptorSet of city_planning.proto (generated, for GameInfo).
std::string_view payload_descriptors();

// "setup", "stones", "main", "draw-tile", "draw-coin", "over".
const char* phase_name(const State& s);
// Zone `t` as Observe and Analyze give it: tile, type, centre, Developments,
// developed value and the capacity left.
void fill_zone(const State& s, Tile t, v1::Zone& out);
// "A wins 12 to -5: no tile face up or in the stack (C17)".
std::string result_line(const State& s);

// Analyze: topic "" (public summary) and "score" (scores and what each Zone
// holds). Public information only: the hands appear as counts.
Outcome analyze_state(const State& s, const std::string& topic, pb::AnalyzeResponse& resp);

// ObservationTensor: what `viewer` sees as 5122 numbers: 14 planes of the
// 19x19 board, then the hand, tiles and counters (tensor.cc, docs/python.md).
void observation_tensor(const State& s, Player viewer, pb::ObservationTensorResponse& out);

// RenderScene: the board, Zones, stones, Developments, face-up tiles, hands
// (each hand shown only when its overlay "hand-A" / "hand-B" is on), scores.
void render_scene(const State& s, const pb::ViewOptions& view, pb::Scene& scene);

}  // namespace city_planning::plugin
