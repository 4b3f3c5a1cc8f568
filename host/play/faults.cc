#include "gamehost/play/faults.h"

#include <fmt/core.h>

#include <algorithm>

#include "gamehost/calls/plugin.h"

namespace gamehost {

pb::LogFault fault_record(const PluginFault& fault, int ply, std::int64_t time_ms) {
  pb::LogFault f;
  f.set_plugin(fault.plugin());
  f.set_call(fault.call());
  f.set_ply(static_cast<std::uint32_t>(ply));
  f.set_what(fault.what_happened());
  f.set_time_ms(time_ms);
  return f;
}

pb::LogFault length_fault(const std::string& game_id, std::uint32_t limit, std::int64_t time_ms) {
  pb::LogFault f;
  f.set_plugin(game_id);
  f.set_ply(limit + 1);
  f.set_what(fmt::format("exceeded {} plies", limit));
  f.set_time_ms(time_ms);
  return f;
}

std::string fault_text(const pb::LogFault& f) {
  if (f.call().empty()) return fmt::format("{}: {}", f.plugin(), f.what());
  return f.ply() ? fmt::format("{}: {} at ply {}: {}", f.plugin(), f.call(), f.ply(), f.what())
                 : fmt::format("{}: {}: {}", f.plugin(), f.call(), f.what());
}

std::uint32_t ply_limit(std::uint32_t requested, std::uint32_t stated) {
  if (requested && stated) return std::min(requested, stated);
  return requested ? requested : stated ? stated : kDefaultMaxPlies;
}

}  // namespace gamehost
