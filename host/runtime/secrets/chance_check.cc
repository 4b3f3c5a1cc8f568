#include "gamehost/secrets/chance_check.h"

#include <fmt/core.h>

#include "gamehost/base/hex.h"
#include "gamehost/base/random.h"
#include "gamehost/records/replay.h"
#include "gamehost/secrets/chance_secret.h"

namespace gamehost {

ChanceCheck check_chance(Plugin& plugin, const GameLog& log, const std::vector<std::string>& states) {
  const auto& header = log.record.header();
  const bool revealed = log.finished() && log.record.result().has_chance_seed();
  if (header.chance_commitment().empty()) {
    if (revealed)
      throw HostError(log_error(log.file, log.result_offset, "result",
                                "a chance seed is revealed, but the header commits to none"));
    return ChanceCheck::NotCommitted;
  }
  if (!log.finished()) return ChanceCheck::Hidden;
  const auto& result = log.record.result();
  if (!revealed)
    throw HostError(log_error(log.file, log.result_offset, "result",
                              "the header commits to a chance seed, but the result does not reveal it"));
  const std::string digest = chance_commitment(result.chance_seed(), result.chance_salt());
  if (digest != header.chance_commitment())
    throw HostError(log_error(
        log.file, log.result_offset, "result",
        fmt::format("the revealed chance seed {} does not match the header's commitment: it hashes to {}, the "
                    "header committed to {}",
                    result.chance_seed(), hex(digest), hex(header.chance_commitment()))));
  SplitMix chance(result.chance_seed());
  for (int i = 0; i < log.record.plies_size(); ++i) {
    const auto& ply = log.record.plies(i);
    if (ply.player() != -1) continue;
    const pb::StateInfo info = plugin.query(states[static_cast<std::size_t>(i)], step_flags());
    const std::uint32_t expected = draw_chance(info, chance.unit());
    if (expected != ply.action_id())
      throw HostError(log_error(log.file, log.ply_offsets[static_cast<std::size_t>(i)], fmt::format("ply {}", i + 1),
                                fmt::format("chance outcome {} ({}) is not the one the revealed chance seed gives "
                                            "(action {})",
                                            ply.action_id(), ply.notation(), expected)));
  }
  return ChanceCheck::Verified;
}

}  // namespace gamehost
