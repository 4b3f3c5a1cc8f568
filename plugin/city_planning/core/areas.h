// What every 3x3 block of the board holds, for all blocks at once: the bulk
// form of C8's area counts (zone_counts, requirements_met) and C13's
// neighbour counts (unincorporated_allowed), used to list the main
// decision's legal Zones and Developments without visiting the points of
// each block one by one.
//
// Each point gets a 64-bit code of 4-bit counters and the codes of a block
// are added (a block has 9 points, so no counter overflows and blocks add
// counter by counter without carries). The codes are summed along rows, with
// masks that stop a row's sum at the board's edge, and then along columns,
// with zero rows above and below: two passes of plain additions the compiler
// vectorizes, instead of 9 point visits for each of the 289 Zone spots.
//
// For each suit the counters are the three numbers C8 needs (requirements_met):
// points that count only towards the Primary requirement, only towards the
// Secondary, and towards either (Developments whose type can be both). They
// sit side by side, so one shift gives a 12-bit index into a table of which
// thresholds they meet: a requirement check is a shift, a mask and a load.
#pragma once

#include <array>
#include <cstdint>

#include "state.h"

namespace city_planning {

// Which thresholds three counters meet (see Areas): met_table()[a | b << 4 |
// c << 8] has bit n (0..5) when a tile of value n is met (n+1 Primary, n/2
// Secondary) and bit kDevelopmentMetBit when C13's 2 and 1 are.
inline constexpr int kDevelopmentMetBit = 6;
constexpr std::array<std::uint8_t, 4096> met_table() {
  std::array<std::uint8_t, 4096> t{};
  auto met = [](int a, int b, int c, int x, int y) {
    return (x > a ? x - a : 0) + (y > b ? y - b : 0) <= c;
  };
  for (int i = 0; i < 4096; ++i) {
    const int a = i & 0xF, b = i >> 4 & 0xF, c = i >> 8;
    for (int n = 0; n < kValues; ++n) t[i] |= met(a, b, c, n + 1, n / 2) << n;
    t[i] |= met(a, b, c, 2, 1) << kDevelopmentMetBit;
  }
  return t;
}

class Areas {
 public:
  using Packed = std::uint64_t;

  explicit Areas(const State& s);

  // C8 for the tiles of `suit` on a Zone centred on c (points under Zones
  // counting as empty: they would be overlapped): bit n when a tile of value
  // n meets its requirements.
  unsigned zone_values_met(Suit suit, Point c) const { return kMet[group(block_[index(c)], suit)]; }
  // The stones in the block centred on c (C9).
  int stones_around(Point c) const { return static_cast<int>(block_[index(c)] >> kStonesShift & 0xF); }
  // C13 for a Development of `suit` on the empty point p: its neighbours
  // meet the Primary twice and the Secondary once (points under Zones count
  // as nothing).
  bool development_allowed(Suit suit, Point p) const {
    return kMet[development_group(block_[index(p)], suit)] >> kDevelopmentMetBit & 1;
  }

 private:
  // Points in order, with a row of zeros or more before and after, rounded
  // up to whole vectors.
  static constexpr int kPad = 24;
  static constexpr int kCells = kPad + (kPoints + 7) / 8 * 8 + kPad;
  static constexpr int index(Point p) { return kPad + p; }

  // Bits 12*suit..: the suit's three counters (only Primary, only Secondary,
  // either), with C8's empty = no stone and no Development; then the stones;
  // then C2's empty points (C13's empty).
  static constexpr int kStonesShift = 48, kEmptyShift = 52;
  static constexpr int kGroupBits = 12;
  static constexpr int group(Packed v, Suit suit) {
    return static_cast<int>(v >> (kGroupBits * static_cast<int>(suit)) & 0xFFF);
  }
  // C13 counts C2's empty points (not those under Zones), and p's own block
  // holds p itself, empty: for the types with an empty requirement, that
  // count replaces the counter of C8's empty points.
  static constexpr int empty_counter(Suit suit) {
    return kGroupBits * static_cast<int>(suit) +
           (primary(suit) == Need::Empty ? 0 : secondary(suit) == Need::Empty ? 4 : -1);
  }
  static constexpr int development_group(Packed v, Suit suit) {
    const int shift = empty_counter(suit);
    if (shift >= kGroupBits * static_cast<int>(suit)) {
      const Packed empty = (v >> kEmptyShift & 0xF) - 1;
      v = (v & ~(Packed{0xF} << shift)) | empty << shift;
    }
    return group(v, suit);
  }
  static constexpr std::array<std::uint8_t, 4096> kMet = met_table();

  friend struct AreaTables;
  std::array<Packed, kCells> block_;
};

// The centres where a Zone may go by C7: every spot when the board has no
// Zone, else the spots touching an existing Zone.
PointSet touching_centres(const State& s);

}  // namespace city_planning
