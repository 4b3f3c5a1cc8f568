// Taking back plies already in a log (gamehost serve's agreed takebacks,
// `takeback` in gamehost play; docs/logs.md, "Takebacks").
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "gamehost/records/game_log.h"

namespace gamehost {

// The plies a takeback of `seat` undoes: its last move (its plies in a
// row) and every ply since.
struct TakebackStretch {
  std::uint32_t first_ply = 0;  // from 1
  std::uint32_t plies = 0;
};

// The stretch `seat` may take back in a game that played `plies`, or why
// there is none ("seat 1 has no move to take back", "ply 7 is the rules'
// chance ...": chance is never undone, and a stretch never reaches into an
// earlier takeback).
std::variant<TakebackStretch, std::string> takeback_stretch(const std::vector<pb::LogPly>& plies, int seat);

// Marks the plies from `first` (from 1) to the log's last as taken back
// together: each gets LogPly.taken_back, and the first, when there are two
// or more, LogPly.taken_back_plies. Nothing else changes (sealed parts stay
// as they are: the marks are not sealed). The log is written anew and put
// at `path` in one rename, so a kill leaves the old log or the new one;
// no writer may hold it meanwhile (close it first, then reopen it to go on
// appending). Returns the new log as read back. Throws HostError naming the
// file when it is finished, has no ply `first`, or a ply from `first` on is
// a chance ply or was taken back already.
GameLog take_back_in_log(const std::filesystem::path& path, std::uint32_t first);

}  // namespace gamehost
