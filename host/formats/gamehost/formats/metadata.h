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

// One field of the metadata as people read it: key "players", text
// "players: Black = Ann, White = Bob".
struct MetadataField {
  std::string key, text;
};
// The fields that are set, in the order show prints them (players, event
// with its round, site, date, source); none for logs played by agents.
std::vector<MetadataField> metadata_fields(const pb::LogHeader& header);

// One line per field of metadata_fields(); empty for logs played by agents.
std::string metadata_text(const pb::LogHeader& header);

}  // namespace gamehost::formats
