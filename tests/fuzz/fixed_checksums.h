// Fuzzed log bytes with every record's CRC-32 made right, so that mutations
// get past the checksum and reach the record parser, the header checks and
// replay (a random byte change fails the checksum 2^32 - 1 times in 2^32).
#pragma once

#include <string>
#include <string_view>

#include "gamehost/records/game_log.h"

inline std::string with_fixed_checksums(std::string_view in) {
  std::string out(in);
  std::size_t at = gamehost::kLogPrelude;
  while (at + 8 <= out.size()) {
    const std::size_t n = gamehost::get_u32(out, at);
    if (n > out.size() - at - 8) break;
    const std::uint32_t crc = gamehost::crc32(std::string_view(out).substr(at + 4, n));
    for (int i = 0; i < 4; ++i) out[at + 4 + n + static_cast<std::size_t>(i)] = static_cast<char>((crc >> (8 * i)) & 0xff);
    at += 8 + n;
  }
  return out;
}
