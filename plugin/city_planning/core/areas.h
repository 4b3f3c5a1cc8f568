// What every 3x3 block of the board holds, for all blocks at once: the bulk
// form of C8's area counts (zone_counts) and C13's neighbour counts
// (unincorporated_allowed), used to list the main decision's legal Zones and
// Developments without visiting the points of each block one by one.
//
// Each count is a 4-bit field of one 32-bit word (a block has 9 points, so
// no field overflows and blocks add up field by field without carries). The
// board is copied into a grid with a border of zeros and summed along rows
// and then along columns: two passes of plain additions the compiler
// vectorizes, instead of 9 point visits for each of the 289 Zone spots.
#pragma once

#include <array>
#include <cstdint>

#include "state.h"

namespace city_planning {

// Fields of a packed count, 4 bits each.
enum class Field : int {
  Population = 0,  // Population stones
  Resource = 1,    // Resource stones
  Uncovered = 2,   // no stone and no Development: C8's "empty" (under a Zone included)
  Empty = 3,       // empty by C2 (nor under a Zone): C13's "empty"
  Developments = 4,  // fields 4..7: unincorporated Developments by suit
};
using Packed = std::uint32_t;
constexpr Packed field_bit(Field f) { return Packed{1} << (4 * static_cast<int>(f)); }
constexpr Packed development_bit(Suit suit) { return Packed{1} << (4 * (4 + static_cast<int>(suit))); }
constexpr Packed field_mask(Field f) { return field_bit(f) * 0xF; }
// The sum of the fields selected by `mask` (at most 9 points, so it fits the
// top field of the product, which adds every field into it).
constexpr int field_sum(Packed counts, Packed mask) {
  return static_cast<int>(((counts & mask) * 0x11111111u) >> 28);
}

// A requirement (C8, C13) as three sums over fields: the points that count
// only as the Primary, only as the Secondary, and as either (Developments of
// types that can count as both).
struct NeedMasks {
  Packed primary = 0, secondary = 0, either = 0;
};
// `empty` is Field::Uncovered for Zones (C8), Field::Empty for C13.
NeedMasks need_masks(Suit suit, Field empty);
// requirements_met on packed counts.
constexpr bool needs_met(const NeedMasks& m, int primary_needed, int secondary_needed, Packed counts) {
  const int miss_x = primary_needed - field_sum(counts, m.primary);
  const int miss_y = secondary_needed - field_sum(counts, m.secondary);
  return (miss_x > 0 ? miss_x : 0) + (miss_y > 0 ? miss_y : 0) <= field_sum(counts, m.either);
}

class Areas {
 public:
  explicit Areas(const State& s);
  // The counts of the 3x3 block centred on p (the points on the board).
  Packed around(Point p) const { return block_[index(p)]; }

 private:
  static constexpr int kWidth = kSize + 2;  // a border column on each side
  // Board cells plus border rows, rounded up to whole vectors of 8 counts.
  static constexpr int kCells = (kWidth * kWidth + 7) / 8 * 8;
  static constexpr int index(Point p) { return (row_of(p) + 1) * kWidth + col_of(p) + 1; }
  friend struct AreaTables;
  std::array<Packed, kCells> block_;
};

// The centres where a Zone may go by C7: every spot when the board has no
// Zone, else the spots touching an existing Zone.
PointSet touching_centres(const State& s);

}  // namespace city_planning
