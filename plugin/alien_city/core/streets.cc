#include "streets.h"

#include <algorithm>
#include <array>

#include "board.h"

namespace alien_city {
namespace {

constexpr std::array<LotSet, kLots> make_neighbour_table() {
  std::array<LotSet, kLots> table{};
  for (int lot = 0; lot < kLots; ++lot) table[lot] = LotSet::single(lot).neighbours();
  return table;
}
constexpr std::array<LotSet, kLots> kNeighbours = make_neighbour_table();

// Lots of `set` that have exactly one orthogonal neighbour in `streets`.
LotSet with_one_street_neighbour(LotSet set, LotSet streets) {
  const LotSet n = streets.shift_south();  // lot's north neighbour is a street
  const LotSet s = streets.shift_north();
  const LotSet e = streets.shift_west();
  const LotSet w = streets.shift_east();
  const LotSet two_or_more = (n & s) | (n & e) | (n & w) | (s & e) | (s & w) | (e & w);
  return set & ((n | s | e | w) - two_or_more);
}

}  // namespace

LotSet neighbours_of(Lot lot) { return kNeighbours[lot]; }

LotSet sole_access_lots(LotSet built, LotSet streets) {
  const LotSet lonely = with_one_street_neighbour(built, streets);
  // Move each lonely structure onto its one street neighbour.
  return ((lonely & streets.shift_south()).shift_north() |
          (lonely & streets.shift_north()).shift_south() |
          (lonely & streets.shift_west()).shift_east() |
          (lonely & streets.shift_east()).shift_west()) & streets;
}

bool streets_valid(const State& s) {
  const LotSet streets = s.streets();
  if (streets.empty()) return s.built().empty();
  if (flood(LotSet::single(streets.first()), streets) != streets) return false;
  return (s.built() - streets.neighbours()).empty();
}

LotSet articulation_points(LotSet streets) {
  LotSet cut;
  if (streets.count() < 3) return cut;
  // Iterative Tarjan (discovery time / low-link) over at most 80 lots.
  std::array<std::uint8_t, kLots> disc{}, low{};
  struct Frame {
    Lot lot;
    Lot parent;
    LotSet pending;
  };
  std::array<Frame, kLots> stack;
  int depth = 0;
  std::uint8_t timer = 1;
  const Lot root = streets.first();
  int root_children = 0;
  disc[root] = low[root] = timer++;
  stack[depth++] = {root, kNoLot, kNeighbours[root] & streets};
  while (depth > 0) {
    Frame& f = stack[depth - 1];
    if (f.pending.any()) {
      const Lot v = f.pending.pop_first();
      if (!disc[v]) {
        disc[v] = low[v] = timer++;
        if (f.lot == root) ++root_children;
        stack[depth++] = {v, f.lot, kNeighbours[v] & streets};
      } else if (v != f.parent) {
        low[f.lot] = std::min(low[f.lot], disc[v]);
      }
    } else {
      const Lot u = f.lot, p = f.parent;
      --depth;
      if (p != kNoLot) {
        low[p] = std::min(low[p], low[u]);
        if (p != root && low[u] >= disc[p]) cut.insert(p);
      }
    }
  }
  if (root_children > 1) cut.insert(root);
  return cut;
}

LotSet locally_simple_lots(LotSet streets) {
  // For each lot: is its north (east, ...) neighbour a street?
  const LotSet n = streets.shift_south(), so = streets.shift_north();
  const LotSet e = streets.shift_west(), w = streets.shift_east();
  // ... and its diagonal neighbours.
  const LotSet ne = e.shift_south(), nw = w.shift_south();
  const LotSet se = e.shift_north(), sw = w.shift_north();
  // Walking clockwise N, E, S, W round the ring, a street neighbour ends a
  // run of the ring when the next one is missing or not joined through the
  // corner between them. Two or more run ends: the neighbours may only be
  // joined far away.
  const LotSet end_n = n - (e & ne), end_e = e - (so & se);
  const LotSet end_s = so - (w & sw), end_w = w - (n & nw);
  const LotSet two_ends = (end_n & (end_e | end_s | end_w)) | (end_e & (end_s | end_w)) | (end_s & end_w);
  return streets - two_ends;
}

namespace {

// Whether removing a street keeps its street neighbours `around` connected
// within `rest`. A flood grows from every neighbour at once; floods that meet
// merge. One flood left: connected. A flood that stops growing while others
// remain: split. Racing the floods stops at the smaller side of a cut, which
// in a late, maze-like city is often a short dead end.
bool neighbours_stay_connected(LotSet around, LotSet rest) {
  std::array<LotSet, 4> floods{};
  int n = 0;
  for (Lot l : around) floods[n++] = LotSet::single(l);
  while (n > 1) {
    for (int i = 0; i < n; ++i) {
      const LotSet grown = (floods[i] | floods[i].neighbours()) & rest;
      if (grown == floods[i]) return false;
      floods[i] = grown;
    }
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if ((floods[i] & floods[j]).any()) {
          floods[i] |= floods[j];
          floods[j] = floods[--n];
          --j;
        }
  }
  return true;
}

}  // namespace

bool splits_streets_by_flood(LotSet streets, Lot lot) {
  const LotSet rest = streets - LotSet::single(lot);
  const LotSet around = kNeighbours[lot] & rest;
  return around.any() && !neighbours_stay_connected(around, rest);
}

bool splits_streets(const State& s, Lot lot) {
  const LotSet built = s.built();
  const int col = col_of(lot), row = row_of(lot);
  // Street neighbours, clockwise from north.
  const bool n = row < kRows - 1 && !built.contains(lot + kCols);
  const bool e = col < kCols - 1 && !built.contains(lot + 1);
  const bool so = row > 0 && !built.contains(lot - kCols);
  const bool w = col > 0 && !built.contains(lot - 1);
  const int degree = n + e + so + w;
  if (degree < 2) return false;
  // The face at each corner of the lot (NE, SE, SW, NW): the outer face on
  // the board's edge, else the region of a built lot among the three others
  // round the corner (all three touch, so they share it), else a 2x2 block
  // of streets, a face met nowhere else.
  constexpr int kOwnFace = 0x100;
  auto face = [&](int dc, int dr, int corner) {
    const int c = col + dc, r = row + dr;
    if (!on_board(c, r)) return State::kOuterRegion;
    for (Lot l : {lot_at(c, row), lot_at(col, r), lot_at(c, r)})
      if (built.contains(l)) return s.built_region(l);
    return kOwnFace + corner;
  };
  const std::array<int, 4> faces = {face(1, 1, 0), face(1, -1, 1), face(-1, -1, 2), face(-1, 1, 3)};
  // The gap each corner lies in: passing a street neighbour, clockwise from
  // the NE corner, opens the next gap; past the last one (no street to the
  // north) the ring is back in the NE corner's gap.
  auto gap = [degree](int passed) { return passed == degree ? 0 : passed; };
  const std::array<int, 4> gaps = {0, gap(e), gap(e + so), gap(e + so + w)};
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j)
      if (faces[i] == faces[j] && gaps[i] != gaps[j]) return true;
  return false;
}

namespace {

// Streets that need no structure as their only access (building the last
// street would leave every structure without one).
LotSet street_candidates(const State& s) {
  const LotSet streets = s.streets();
  if (streets.count() < 2) return {};
  return streets - sole_access_lots(s.built(), streets);
}

}  // namespace

LotSet street_legal_lots(const State& s) {
  const LotSet candidates = street_candidates(s);
  const LotSet simple = locally_simple_lots(s.streets());
  LotSet legal = candidates & simple;
  for (Lot lot : candidates - simple)
    if (!splits_streets(s, lot)) legal.insert(lot);
  return legal;
}

LotSet street_legal_lots_by_flood(const State& s) {
  const LotSet candidates = street_candidates(s);
  const LotSet simple = locally_simple_lots(s.streets());
  LotSet legal = candidates & simple;
  for (Lot lot : candidates - simple)
    if (!splits_streets_by_flood(s.streets(), lot)) legal.insert(lot);
  return legal;
}

StreetVerdict street_verdict(const State& s, Lot lot) {
  const LotSet streets = s.streets();
  if (!streets.contains(lot)) return StreetVerdict::NotStreet;
  const LotSet rest = streets - LotSet::single(lot);
  if ((kNeighbours[lot] & rest).empty()) return StreetVerdict::Isolates;
  for (Lot b : kNeighbours[lot] & s.built())
    if ((kNeighbours[b] & rest).empty()) return StreetVerdict::Isolates;
  return splits_streets(s, lot) ? StreetVerdict::Splits : StreetVerdict::Ok;
}

}  // namespace alien_city
