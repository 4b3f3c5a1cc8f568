#include "areas.h"

#include <bit>

namespace city_planning {
namespace {

constexpr Packed kStoneCode[3] = {0, field_bit(Field::Population), field_bit(Field::Resource)};

struct CentreTables {
  PointSet all;                               // every valid Zone centre
  std::array<PointSet, kPoints> touching{};  // by centre: the centres within 3 (C7)

  CentreTables() {
    for (int spot = 0; spot < kSpots; ++spot) all.insert(center_of_spot(spot));
    for (Point c : all)
      for (Point d : all)
        if (zones_touch(c, d)) touching[c].insert(d);
  }
};

const CentreTables& centre_tables() {
  static const CentreTables t;
  return t;
}

}  // namespace

NeedMasks need_masks(Suit suit, Field empty) {
  auto bit_of = [&](Need need) {
    return need == Need::Population ? field_bit(Field::Population)
           : need == Need::Resource ? field_bit(Field::Resource)
                                    : field_bit(empty);
  };
  const Need x = primary(suit), y = secondary(suit);
  NeedMasks m{bit_of(x), bit_of(y), 0};
  for (int d = 0; d < kSuits; ++d) {
    const Suit ds = static_cast<Suit>(d);
    const bool cx = development_counts_as(ds, x), cy = development_counts_as(ds, y);
    Packed& to = cx && cy ? m.either : cx ? m.primary : m.secondary;
    if (cx || cy) to |= development_bit(ds);
  }
  m.primary *= 0xF, m.secondary *= 0xF, m.either *= 0xF;
  return m;
}

// The grid of an empty board (every point uncovered and empty, the border
// zero), with a row of zeros or more before and after for the sums.
struct AreaTables {
  static constexpr int kPad = 24;  // >= Areas::kWidth, whole vectors
  std::array<Packed, Areas::kCells + 2 * kPad> empty_board{};
  AreaTables() {
    for (Point p = 0; p < kPoints; ++p)
      empty_board[kPad + Areas::index(p)] = field_bit(Field::Uncovered) | field_bit(Field::Empty);
  }
};

Areas::Areas(const State& s) {
  static const AreaTables tables;
  constexpr int kPad = AreaTables::kPad;
  // Start from the empty board and write the few points that are not empty.
  std::array<Packed, kCells + 2 * kPad> point = tables.empty_board;
  for (Point p : s.stones()) point[kPad + index(p)] = kStoneCode[1 + static_cast<int>(*s.stone_at(p))];
  for (Coin c = 0; c < kCoins; ++c)
    if (s.coin_place(c) == CoinPlace::Point) point[kPad + index(s.coin_where(c))] = development_bit(suit_of(c));
  for (PieceMask m = s.zones(); m; m &= m - 1)
    for (Point p : zone_points(s.zone_center(std::countr_zero(m))))
      point[kPad + index(p)] = field_bit(Field::Uncovered);
  // Rows then columns; the border cells are zero, so blocks at the edge
  // count only the points on the board. Whole-vector trip counts let the
  // compiler vectorize both loops.
  std::array<Packed, kCells + 2 * kPad> row{};
  for (int i = kPad; i < kCells + kPad; ++i) row[i] = point[i - 1] + point[i] + point[i + 1];
  for (int i = 0; i < kCells; ++i) block_[i] = row[kPad + i - kWidth] + row[kPad + i] + row[kPad + i + kWidth];
}

PointSet touching_centres(const State& s) {
  const CentreTables& t = centre_tables();
  if (s.zones() == 0) return t.all;
  PointSet out;
  for (PieceMask m = s.zones(); m; m &= m - 1) out |= t.touching[s.zone_center(std::countr_zero(m))];
  return out;
}

}  // namespace city_planning
