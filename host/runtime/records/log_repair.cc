#include "gamehost/records/log_repair.h"

#include <fmt/core.h>

#include "gamehost/records/record_framing.h"
#include "gamehost/records/game_log.h"

namespace gamehost {

std::optional<TornTail> find_torn_tail(std::string_view bytes, const std::string& file) {
  // The framing only (lengths and checksums): the first record that does
  // not hold together, and whether whole records follow it.
  const auto damage = bytes.size() >= kLogPrelude ? first_damage(bytes, kLogPrelude, kMaxRecordBytes) : std::nullopt;
  if (!damage) {
    parse_log(bytes, file);  // whole, or damaged in what the framing does not see: the reader's verdict
    return std::nullopt;
  }
  // A torn write leaves a prefix of the last record and nothing after it. A
  // damaged length or checksum in the middle leaves whole records after the
  // damage: cutting there would drop them, so the log is refused instead.
  if (damage->next_whole) {
    const std::string where = damage->at == kLogPrelude ? "header"
                              : fmt::format("ply {}", parse_log(bytes.substr(0, damage->at), file).record.plies_size() + 1);
    throw HostError(log_error(file, damage->at, where,
                              fmt::format("{}; whole records follow at byte {}: damage in the middle of the log, not a "
                                          "torn last record, so nothing is cut",
                                          damage->problem, damage->next_whole)));
  }
  if (damage->at == kLogPrelude)
    throw HostError(log_error(file, damage->at, "header", "the header record itself is torn: nothing to keep"));
  parse_log(bytes.substr(0, damage->at), file);  // what is kept must read whole
  return TornTail{damage->at, damage->problem};
}

}  // namespace gamehost
