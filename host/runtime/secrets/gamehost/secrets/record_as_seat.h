// What one seat may see of a recorded game (show/analyze/export --as, the
// viewer's --as): which plies it saw, and a log with the rest masked.
//
// A chance ply is hidden from a seat when another outcome of the same draw
// would have left that seat's observation (Observe: text and observation
// message) unchanged, e.g. a coin drawn into the other player's hand. Every
// decision of a seat is public, as are draws the seat saw.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gamehost/records/game_log.h"
#include "gamehost/calls/plugin.h"

namespace gamehost {

// seen[i]: whether `seat` saw ply i+1. `states[k]` is the state after k
// plies (replay with keep_states). Games without hidden information: all.
std::vector<bool> plies_seen_by(Plugin& plugin, const GameLog& log, const std::vector<std::string>& states, int seat);

// Whether `seat` can tell chance outcome `outcome` at `before` from another
// outcome of the same draw (a variation's draws, as a log's plies above).
bool chance_seen_by(Plugin& plugin, const std::string& before, std::uint32_t outcome, int seat);

// Whether every seat saw ply i+1 (no seat drew it privately).
std::vector<bool> plies_seen_by_all(Plugin& plugin, const GameLog& log, const std::vector<std::string>& states);

// The record as `seat` may see it: plies it did not see become action 0
// with notation "?"; for games with hidden information, also no state hashes
// and no initial state (a hash of a state with one unknown coin names the
// coin), no revealed chance seed (it would give every draw), and every
// multi-line option (a starting position, which may show every hand)
// replaced by `initial_view`, the seat's observation of the initial state.
pb::GameRecord masked_record(const GameLog& log, const std::vector<bool>& seen, bool hidden_information,
                             const std::string& initial_view);

// "--as PLAYER": a seat number from 1 (as --player1) or a player name
// (case-insensitive); returns the seat from 0. Throws HostError listing both.
int seat_of_player(const Plugin& plugin, const std::string& text);

// Observe for `seat`; throws HostError naming the plugin.
pb::ObserveResponse observe(Plugin& plugin, const std::string& state, int seat);

}  // namespace gamehost
