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

Areas::Areas(const State& s) {
  std::array<Packed, kCells> point{}, row{};
  for (Point p = 0; p < kPoints; ++p) {
    Packed v;
    if (const auto st = s.stone_at(p)) v = kStoneCode[1 + static_cast<int>(*st)];
    else if (const Coin c = s.coin_at(p); c != kNone) v = development_bit(suit_of(c));
    else v = field_bit(Field::Uncovered) | (s.is_empty(p) ? field_bit(Field::Empty) : 0);
    point[index(p)] = v;
  }
  // Rows then columns; the border cells are zero, so blocks at the edge
  // count only the points on the board.
  for (int i = 1; i < kCells - 1; ++i) row[i] = point[i - 1] + point[i] + point[i + 1];
  block_.fill(0);
  for (int i = kWidth; i < kCells - kWidth; ++i) block_[i] = row[i - kWidth] + row[i] + row[i + kWidth];
}

PointSet touching_centres(const State& s) {
  const CentreTables& t = centre_tables();
  if (s.zones() == 0) return t.all;
  PointSet out;
  for (PieceMask m = s.zones(); m; m &= m - 1) out |= t.touching[s.zone_center(std::countr_zero(m))];
  return out;
}

}  // namespace city_planning
