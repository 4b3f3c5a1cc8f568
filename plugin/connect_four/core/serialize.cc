#include "serialize.h"

#include <bit>
#include <cstdint>

namespace connect_four {
namespace {

Error bad(std::size_t offset, const std::string& why) {
  return Error{"state", "not a Connect Four state: byte " + std::to_string(offset) + ": " + why};
}

}  // namespace

std::string serialize(const State& s) {
  std::string out(kStateBytes, '\0');
  out[0] = kFormatVersion;
  // A column's yellow discs are its 7 bits of the bitboard (the sentinel
  // bit is always clear): one shift per column, not a look per cell.
  const Bitboard yellow = s.discs(Player::Yellow);
  for (int c = 0; c < kCols; ++c) {
    out[1 + 2 * c] = static_cast<char>(s.height(c));
    out[2 + 2 * c] = static_cast<char>(yellow >> (c * (kRows + 1)) & 0x7f);
  }
  return out;
}

Expected<State> deserialize(const std::string& bytes) {
  if (bytes.size() != kStateBytes)
    return Error{"state", "not a Connect Four state: " + std::to_string(bytes.size()) + " bytes, expected " +
                              std::to_string(kStateBytes)};
  if (bytes[0] != kFormatVersion) return bad(0, "format version " + std::to_string(bytes[0]) + ", expected 1");
  Bitboard red = 0, yellow = 0;
  for (int c = 0; c < kCols; ++c) {
    const auto height = static_cast<std::uint8_t>(bytes[1 + 2 * c]);
    const auto colours = static_cast<std::uint8_t>(bytes[2 + 2 * c]);
    if (height > kRows) return bad(1 + 2 * c, "column height " + std::to_string(height) + " is above 6");
    if (colours >> height) return bad(2 + 2 * c, "a disc above the top of its column");
    for (int r = 0; r < height; ++r) (colours >> r & 1 ? yellow : red) |= cell_bit(c, r);
  }
  const int reds = std::popcount(red), yellows = std::popcount(yellow);
  if (reds != yellows && reds != yellows + 1)
    return Error{"state", "not a Connect Four state: " + std::to_string(reds) + " red and " + std::to_string(yellows) +
                              " yellow discs (Red moves first, then they alternate)"};
  auto s = State::from_discs(red, yellow);
  if (!s) return Error{"state", "not a Connect Four state: " + s.error().message};
  return s;
}

}  // namespace connect_four
