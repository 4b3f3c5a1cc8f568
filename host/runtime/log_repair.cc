#include "gamehost/log_repair.h"

#include <fmt/core.h>

#include "gamehost/game_log.h"

namespace gamehost {

std::optional<TornTail> find_torn_tail(std::string_view bytes, const std::string& file) {
  // Walk the framing only (lengths and checksums) to the first record that
  // does not hold together.
  std::size_t at = kLogPrelude;
  std::optional<TornTail> torn;
  while (bytes.size() >= kLogPrelude && at < bytes.size()) {
    const std::size_t left = bytes.size() - at;
    if (left < 4) {
      torn = TornTail{at, fmt::format("truncated record: {} of 4 length bytes", left)};
      break;
    }
    const std::uint32_t n = get_u32(bytes, at);
    if (n <= kMaxRecordBytes && left < 8 + std::size_t{n}) {
      torn = TornTail{at, fmt::format("truncated record: needs {} bytes, {} left", 8 + std::size_t{n}, left)};
      break;
    }
    if (n > kMaxRecordBytes) break;  // a corrupt length: parse_log names it below
    if (crc32(bytes.substr(at + 4, n)) != get_u32(bytes, at + 4 + n)) {
      if (left == 8 + std::size_t{n}) torn = TornTail{at, "checksum mismatch: the record is damaged"};
      break;
    }
    at += 8 + std::size_t{n};
  }
  if (!torn) {
    parse_log(bytes, file);  // whole, or damaged elsewhere: the reader's verdict
    return std::nullopt;
  }
  if (torn->at == kLogPrelude)
    throw HostError(log_error(file, torn->at, "header", "the header record itself is torn: nothing to keep"));
  parse_log(bytes.substr(0, torn->at), file);  // what is kept must read whole
  return torn;
}

}  // namespace gamehost
