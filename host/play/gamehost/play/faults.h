// Games stopped by a fault: a plugin that failed (gamehost/calls/transport.h) or
// a game longer than its maximum. The fault is recorded in the log in place
// of a result (log.proto, LogFault) and shown the same way everywhere.
#pragma once

#include <cstdint>
#include <string>

#include "gamehost/records/log.pb.h"
#include "gamehost/calls/transport.h"

namespace gamehost {

// The record of `fault` while playing ply `ply`.
pb::LogFault fault_record(const PluginFault& fault, int ply, std::int64_t time_ms);

// The record of a game that reached `limit` plies without ending.
pb::LogFault length_fault(const std::string& game_id, std::uint32_t limit, std::int64_t time_ms);

// "alien_city: Apply at ply 12: crashed (signal 11, Segmentation fault)";
// "alien_city: exceeded 160 plies".
std::string fault_text(const pb::LogFault& fault);

// The effective length limit: the smaller of `requested` (--max-plies, 0:
// none) and `stated` (GameInfo.max_plies, 0: none); kDefaultMaxPlies when
// neither is given.
std::uint32_t ply_limit(std::uint32_t requested, std::uint32_t stated);

}  // namespace gamehost
