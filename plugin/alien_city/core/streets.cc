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

// The corners of a lot, clockwise from north-east (NE, SE, SW, NW), taken in
// pairs (0,1) (0,2) (0,3) (1,2) (1,3) (2,3): bit k stands for pair k (the
// order splits_streets() writes them in).
constexpr int kPairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};

// For each set of street neighbours (bit 0 north, 1 east, 2 south, 3 west),
// the pairs of corners lying in different gaps between street neighbours.
// Going clockwise from corner i to corner i + 1 passes neighbour i + 1 (NE to
// SE passes east); two corners share a gap when one way round between them
// passes no street.
constexpr std::array<std::uint8_t, 16> make_apart_table() {
  std::array<std::uint8_t, 16> table{};
  for (int streets = 0; streets < 16; ++streets)
    for (int k = 0; k < 6; ++k) {
      const int i = kPairs[k][0], j = kPairs[k][1];
      bool one_way = false, other_way = false;
      for (int m = i + 1; m <= j; ++m) one_way |= (streets >> (m % 4)) & 1;
      for (int m = j + 1; m <= i + 4; ++m) other_way |= (streets >> (m % 4)) & 1;
      if (one_way && other_way) table[streets] |= 1 << k;
    }
  return table;
}
constexpr auto kApart = make_apart_table();

}  // namespace

bool splits_streets(const State& s, Lot lot) {
  constexpr std::uint8_t kStreet = State::kStreetRegion;
  const std::uint8_t* regions = s.regions().data();
  const Ring& ring = kRings[lot];
  const std::uint8_t n = regions[ring[0]], ne = regions[ring[1]], e = regions[ring[2]],
                     se = regions[ring[3]], so = regions[ring[4]], sw = regions[ring[5]],
                     w = regions[ring[6]], nw = regions[ring[7]];
  const int streets = (n == kStreet) | (e == kStreet) << 1 | (so == kStreet) << 2 | (w == kStreet) << 3;
  const int apart = kApart[streets];
  if (!apart) return false;
  // The face at each corner: the region of the built lots among the three
  // others round it (touching, they share it; off the board reads as the
  // outer region), or, with three streets, a 2x2 block of streets: a face
  // met at no other corner (kStreet, never counted as shared).
  auto face = [](std::uint8_t a, std::uint8_t b, std::uint8_t c) { return std::min(a, std::min(b, c)); };
  const std::uint8_t f[4] = {face(n, ne, e), face(e, se, so), face(so, sw, w), face(w, nw, n)};
  auto same = [&f](int i, int j) { return f[i] == f[j] && f[i] != kStreet; };
  const int shared = same(0, 1) | same(0, 2) << 1 | same(0, 3) << 2 | same(1, 2) << 3 |
                     same(1, 3) << 4 | same(2, 3) << 5;
  // One face met in two gaps: a closed curve through it and this street
  // parts the streets on either side.
  return (shared & apart) != 0;
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
