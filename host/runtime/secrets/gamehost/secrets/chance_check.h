// The check of a recorded game's chance against its commitment (`verify`,
// `export`): the revealed seed and salt hash to the header's commitment, and
// every chance ply is the outcome the seed's stream gives at that node
// (docs/logs.md, "Chance"). The secret itself is chance_secret.h.
#pragma once

#include <string>
#include <vector>

#include "gamehost/calls/plugin.h"
#include "gamehost/records/game_log.h"

namespace gamehost {

// What `verify` reports about chance.
enum class ChanceCheck {
  NotCommitted,  // an old log, or a game without chance commitment
  Hidden,        // committed, not yet revealed (unfinished game)
  Verified,      // revealed, matches, every chance ply follows from it
};

// Checks a log's chance against its commitment. `states[k]` is the state
// after k plies (replay with keep_states). Throws HostError "FILE: byte N,
// WHERE: what" when the revealed seed does not match the commitment, a seed
// is revealed without a commitment, or a chance ply is not the outcome the
// seed gives.
ChanceCheck check_chance(Plugin& plugin, const GameLog& log, const std::vector<std::string>& states);

}  // namespace gamehost
