// The people's metadata of a log (players, event, date, site, round,
// source) for the command line: read from --players, printed by show and
// export.
#pragma once

#include <string>
#include <vector>

#include "gamehost/formats/game_builder.h"

namespace gamehost::formats {

// "Ann,Bob" -> {"Ann", "Bob"}; names are trimmed and none may be empty.
// Throws HostError naming --players.
std::vector<std::string> split_players(const std::string& list);

// One line per field that is set, e.g. "players: Black = Ann, White = Bob";
// empty for logs played by agents.
std::string metadata_text(const pb::LogHeader& header);

}  // namespace gamehost::formats
