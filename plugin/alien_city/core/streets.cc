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

namespace {

// The eight lots round each lot, clockwise from north (N, NE, E, SE, S, SW,
// W, NW); kLots where the board ends (State::regions() gives the outer
// region there).
constexpr std::array<std::array<std::uint8_t, 8>, kLots> make_ring_table() {
  constexpr int kDc[8] = {0, 1, 1, 1, 0, -1, -1, -1};
  constexpr int kDr[8] = {1, 1, 0, -1, -1, -1, 0, 1};
  std::array<std::array<std::uint8_t, 8>, kLots> table{};
  for (int lot = 0; lot < kLots; ++lot)
    for (int i = 0; i < 8; ++i) {
      const int c = col_of(lot) + kDc[i], r = row_of(lot) + kDr[i];
      table[lot][i] = static_cast<std::uint8_t>(on_board(c, r) ? lot_at(c, r) : kLots);
    }
  return table;
}
constexpr auto kRing = make_ring_table();

}  // namespace

bool splits_streets(const State& s, Lot lot) {
  constexpr std::uint8_t kStreet = State::kStreetRegion;
  const auto& regions = s.regions();
  std::array<std::uint8_t, 8> r;
  for (int i = 0; i < 8; ++i) r[i] = regions[kRing[lot][i]];
  // Street neighbours, clockwise from north.
  const int n = r[0] == kStreet, e = r[2] == kStreet, so = r[4] == kStreet, w = r[6] == kStreet;
  const int degree = n + e + so + w;
  if (degree < 2) return false;
  // The face at each corner of the lot (NE, SE, SW, NW): the region of the
  // built lots among the three others round the corner (touching, they share
  // it; off the board counts as the outer region), or, with three streets, a
  // 2x2 block of streets: a face met at no other corner (kStreet, skipped).
  auto face = [&](int a, int b, int c) { return std::min({r[a], r[b], r[c]}); };
  const std::array<std::uint8_t, 4> faces = {face(0, 1, 2), face(2, 3, 4), face(4, 5, 6), face(6, 7, 0)};
  // The gap each corner lies in: passing a street neighbour, clockwise from
  // the NE corner, opens the next gap; past the last one (no street to the
  // north) the ring is back in the NE corner's gap.
  auto gap = [degree](int passed) { return passed == degree ? 0 : passed; };
  const std::array<int, 4> gaps = {0, gap(e), gap(e + so), gap(e + so + w)};
  bool split = false;
  for (int i = 0; i < 4; ++i)
    for (int j = i + 1; j < 4; ++j)
      split |= faces[i] == faces[j] && faces[i] != kStreet && gaps[i] != gaps[j];
  return split;
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
