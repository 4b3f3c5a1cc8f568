#include "areas.h"

#include <bit>

namespace city_planning {

// Per point codes and the grid of an empty board.
struct AreaTables {
  using Packed = Areas::Packed;
  enum Kind { Population, Resource, Covered, Empty, Development };  // Development + suit
  static constexpr int kKinds = Development + kSuits;
  static constexpr int kPad = 24;  // >= Areas::kWidth, whole vectors

  std::array<Packed, kKinds> code{};
  std::array<Packed, Areas::kCells + 2 * kPad> empty_board{};
  // C13: for Crowns and Suns, the counter of C8's empty points replaced.
  std::array<Packed, kSuits> c13_empty_counter{};

  static Packed counter(Suit suit, int which) { return Packed{1} << (Areas::kGroupBits * static_cast<int>(suit) + 4 * which); }

  AreaTables() {
    for (int s = 0; s < kSuits; ++s) {
      const Suit suit = static_cast<Suit>(s);
      const Need x = primary(suit), y = secondary(suit);
      auto add = [&](int kind, Need need) {
        if (x == need) code[kind] |= counter(suit, 0);
        if (y == need) code[kind] |= counter(suit, 1);
      };
      add(Population, Need::Population);
      add(Resource, Need::Resource);
      add(Covered, Need::Empty);
      add(Empty, Need::Empty);
      for (int d = 0; d < kSuits; ++d) {
        const bool cx = development_counts_as(static_cast<Suit>(d), x);
        const bool cy = development_counts_as(static_cast<Suit>(d), y);
        if (cx || cy) code[Development + d] |= counter(suit, cx && cy ? 2 : cx ? 0 : 1);
      }
      if (x == Need::Empty) c13_empty_counter[s] = 0xF * counter(suit, 0);
      if (y == Need::Empty) c13_empty_counter[s] = 0xF * counter(suit, 1);
    }
    code[Population] |= Packed{1} << Areas::kStonesShift;
    code[Resource] |= Packed{1} << Areas::kStonesShift;
    code[Empty] |= Packed{1} << Areas::kEmptyShift;
    for (Point p = 0; p < kPoints; ++p) empty_board[kPad + Areas::index(p)] = code[Empty];
  }
};

namespace {
const AreaTables& area_tables() {
  static const AreaTables t;
  return t;
}
}  // namespace

int Areas::development_group(Packed v, Suit suit) {
  const AreaTables& t = area_tables();
  const Packed replaced = t.c13_empty_counter[static_cast<int>(suit)];
  if (replaced) {
    // Put C2's empty neighbours (p itself excluded) in the empty counter.
    const int shift = std::countr_zero(replaced);
    const Packed empty = (v >> kEmptyShift & 0xF) - 1;
    v = (v & ~replaced) | empty << shift;
  }
  return group(v, suit);
}

Areas::Areas(const State& s) {
  const AreaTables& t = area_tables();
  constexpr int kPad = AreaTables::kPad;
  // Start from the empty board and write the few points that are not empty.
  std::array<Packed, kCells + 2 * kPad> point = t.empty_board;
  for (Point p : s.stones())
    point[kPad + index(p)] = t.code[*s.stone_at(p) == Stone::Population ? AreaTables::Population : AreaTables::Resource];
  for (Coin c = 0; c < kCoins; ++c)
    if (s.coin_place(c) == CoinPlace::Point)
      point[kPad + index(s.coin_where(c))] = t.code[AreaTables::Development + static_cast<int>(suit_of(c))];
  for (PieceMask m = s.zones(); m; m &= m - 1)
    for (Point p : zone_points(s.zone_center(std::countr_zero(m)))) point[kPad + index(p)] = t.code[AreaTables::Covered];
  // Rows then columns; the border cells are zero, so blocks at the edge
  // count only the points on the board. Whole-vector trip counts let the
  // compiler vectorize both loops.
  std::array<Packed, kCells + 2 * kPad> row{};
  for (int i = kPad; i < kCells + kPad; ++i) row[i] = point[i - 1] + point[i] + point[i + 1];
  for (int i = 0; i < kCells; ++i) block_[i] = row[kPad + i - kWidth] + row[kPad + i] + row[kPad + i + kWidth];
}

PointSet touching_centres(const State& s) {
  struct Centres {
    PointSet all;                               // every valid Zone centre
    std::array<PointSet, kPoints> touching{};  // by centre: the centres within 3 (C7)
    Centres() {
      for (int spot = 0; spot < kSpots; ++spot) all.insert(center_of_spot(spot));
      for (Point c : all)
        for (Point d : all)
          if (zones_touch(c, d)) touching[c].insert(d);
    }
  };
  static const Centres t;
  if (s.zones() == 0) return t.all;
  PointSet out;
  for (PieceMask m = s.zones(); m; m &= m - 1) out |= t.touching[s.zone_center(std::countr_zero(m))];
  return out;
}

}  // namespace city_planning
