// Replaying a log through its game's plugin: every field is checked (the
// header against a fresh NewGame, the seat to move, the action's legality and
// notation, the state hash, the result by its meaning; log_check.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gamehost/records/game_log.h"
#include "gamehost/calls/plugin.h"

namespace gamehost {

struct Replayed {
  std::string state;    // after the last replayed ply
  pb::StateInfo info;   // of that state (legal ids, scores, text)
  int plies = 0;        // plies replayed
  // With keep_states: the state before the first ply and after every
  // replayed ply (states[k] after k plies), so callers never replay twice.
  // A taken-back ply is checked but undone: the state after it is the one
  // before it (LogPly.taken_back). Inside a stretch taken back together
  // (LogPly.taken_back_plies) the state after each ply is the one it led
  // to, the next record's start, and after the stretch's last the state
  // before its first: states[k] is always where record k+1 was played.
  std::vector<std::string> states;
  // The log's result sentence is worded otherwise than the plugin's (same
  // returns and scores): not an error; callers show info.result().
  bool result_reworded = false;
};

// Replays `log` through `plugin` up to ply `upto` (all plies when nullopt;
// 0 is the initial position). Checks the header against the plugin (game id,
// interface version, initial state and its hash), each ply, and, when every
// ply is replayed and the log is finished, the recorded result.
// Throws HostError "FILE: byte N, ply P: what" at the first problem.
Replayed replay(Plugin& plugin, const GameLog& log, std::optional<int> upto = std::nullopt,
                bool keep_states = false);

// Legal ids and scores (the state replay returns); legal ids only (per ply).
pb::QueryFlags full_flags();
pb::QueryFlags step_flags();

}  // namespace gamehost
