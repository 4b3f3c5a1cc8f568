// Alien City behind the gamehost interface: its `Game` for the plugin kit
// is in game_adapter.cc (plugin/kit/gamehost/kit/adapter.h does the rest of
// every call); this header holds what that file shares with the analysis
// and the scene builder.
// Pure C++ (it may throw on bugs); the kit's dispatcher turns it into the
// byte boundary that never throws.
//
// Seats: 0 = Black (moves first, ruling R4), 1 = White.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "alien_city/core/state.h"
#include "gamehost/kit/glue.h"

namespace alien_city::plugin {

using namespace gamehost::kit::glue;  // pb::, Outcome, refuse, pack, ...

constexpr int seat_of(Player p) { return p == Player::Black ? 0 : 1; }

// The terminal board (terminal_board.cc), as `seat` sees it: the kit's
// Game::board.
void draw_board(const State& s, const State* before, std::optional<int> seat, pb::TerminalBoard& out);

// The FileDescriptorSet of alien_city.proto (generated, for GameInfo).
std::string_view payload_descriptors();

// ObservationTensor: 35 planes of 10 rows x 8 columns (tensor.cc,
// docs/python.md); the same for both seats (perfect information).
void observation_tensor(const State& s, int seat, pb::ObservationTensorResponse& out);

// Full analysis (topic ""), the score breakdown ("score") and "why LOT".
Outcome analyze_state(const State& s, const std::string& topic, pb::AnalyzeResponse& resp);

}  // namespace alien_city::plugin
