// The checks of a log's fields that replaying the actions alone would not
// catch (docs/logs.md, "What verify checks"): the header against a fresh
// NewGame with the recorded options and seed, the seats, each ply's
// notation, and the result by its meaning (returns, scores, ply count),
// never by the wording of the result sentence.
#pragma once

#include <string>

#include "gamehost/records/game_log.h"
#include "gamehost/calls/plugin.h"

namespace gamehost {

// NewGame again with the header's options and seed: the initial state, the
// resolved options and the setup must be the recorded ones; the players must
// be the game's seats, by name, in order. Throws HostError
// "FILE: byte 12, header: what".
void check_header_fields(Plugin& plugin, const GameLog& log);

// The recorded notation of ply `index` (from 0) against the plugin's
// notation of the same action. Throws HostError "FILE: byte N, ply P: what".
void check_ply_notation(const GameLog& log, int index, const std::string& plugin_notation);

// The recorded result against the final state's info (with scores). Returns,
// scores and the ply count must be equal; returns true when only the result
// sentence is worded differently (a newer plugin's wording), which is not an
// error. Throws HostError "FILE: byte N, result: what".
bool check_result_meaning(const GameLog& log, const pb::StateInfo& final_info);

}  // namespace gamehost
