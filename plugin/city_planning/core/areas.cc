#include "areas.h"

#include <bit>

namespace city_planning {

// Per point codes and the grid of an empty board.
struct AreaTables {
  using Packed = Areas::Packed;
  enum Kind { Population, Resource, Covered, Empty, Development };  // Development + suit
  static constexpr int kKinds = Development + kSuits;

  std::array<Packed, kKinds> code{};
  std::array<Packed, Areas::kCells> empty_board{};
  // All ones where a point has a neighbour on its left (right) in its row.
  std::array<Packed, Areas::kCells> has_left{}, has_right{};

  // Counter `which` (0 only Primary, 1 only Secondary, 2 either) of a suit.
  static Packed counter(Suit suit, int which) {
    return Packed{1} << (Areas::kGroupBits * static_cast<int>(suit) + 4 * which);
  }

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
    }
    code[Population] |= Packed{1} << Areas::kStonesShift;
    code[Resource] |= Packed{1} << Areas::kStonesShift;
    code[Empty] |= Packed{1} << Areas::kEmptyShift;
    for (Point p = 0; p < kPoints; ++p) {
      empty_board[Areas::index(p)] = code[Empty];
      has_left[Areas::index(p)] = col_of(p) > 0 ? ~Packed{0} : 0;
      has_right[Areas::index(p)] = col_of(p) < kSize - 1 ? ~Packed{0} : 0;
    }
  }
};

namespace {
const AreaTables& area_tables() {
  static const AreaTables t;
  return t;
}
}  // namespace

Areas::Areas(const State& s) {
  const AreaTables& t = area_tables();
  // Start from the empty board and write the few points that are not empty.
  std::array<Packed, kCells> point = t.empty_board;
  for (Point p : s.stones())
    point[index(p)] = t.code[*s.stone_at(p) == Stone::Population ? AreaTables::Population : AreaTables::Resource];
  for (PieceMask m = s.coins_in(CoinPlace::Point); m; m &= m - 1) {
    const Coin c = std::countr_zero(m);
    point[index(s.coin_where(c))] = t.code[AreaTables::Development + static_cast<int>(suit_of(c))];
  }
  for (PieceMask m = s.zones(); m; m &= m - 1)
    for (Point p : zone_points(s.zone_center(std::countr_zero(m)))) point[index(p)] = t.code[AreaTables::Covered];
  // Rows (stopping at the edges), then columns (zero rows beyond the board),
  // so blocks at the edge count only the points on the board. Whole-vector
  // trip counts let the compiler vectorize both loops.
  std::array<Packed, kCells> row{};
  for (int i = kPad; i < kCells - kPad; ++i)
    row[i] = (point[i - 1] & t.has_left[i]) + point[i] + (point[i + 1] & t.has_right[i]);
  // (block_ outside the board is never read.)
  for (int i = kPad; i < kCells - kPad; ++i) block_[i] = row[i - kSize] + row[i] + row[i + kSize];
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
