// Analyze of an earlier position (net.proto Analyze.ply): the game replayed
// from its log up to that ply, then the plugin's Analyze there. Asked by
// anyone following a game without hidden information, and of any game once
// it is over (a game with hidden information is analysed only then: an
// earlier position holds the hands as they were).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "gamehost/server/room.h"

namespace gamehost::server {

// The plugin's analysis `topic` of the position after `ply` plies of the
// room's game (ply below the game's plies); nullopt when the plugin offers
// no such analysis there. Throws HostError when the log does not replay.
std::optional<std::string> analysis_after(Room& room, const std::filesystem::path& data_dir, std::uint32_t ply,
                                          const std::string& topic);

}  // namespace gamehost::server
