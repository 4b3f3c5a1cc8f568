#include "streets.h"

#include <algorithm>
#include <array>
#include <bit>

#include "board.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
  // One face met in two gaps: a closed curve through it and this street
  // parts the streets on either side.
  for (int pairs = apart; pairs; pairs &= pairs - 1) {
    const int k = std::countr_zero(static_cast<unsigned>(pairs));
    const std::uint8_t a = f[kPairs[k][0]];
    if (a == f[kPairs[k][1]] && a != kStreet) return true;
  }
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

#if defined(__SSE2__)

// street_summary() on SSE2 registers: a row of the city is one byte, so a
// step north or south is one byte shift and every other operation is one
// instruction, where the 128-bit integers of LotSet need two or three.
namespace {

__m128i to_vector(LotSet s) {
  return _mm_set_epi64x(static_cast<long long>(s.bits() >> 64), static_cast<long long>(s.bits()));
}
LotSet to_lots(__m128i v) {
  alignas(16) std::uint64_t words[2];
  _mm_store_si128(reinterpret_cast<__m128i*>(words), v);
  return LotSet::from_bits(Bits128{words[1]} << 64 | words[0]);
}

struct Board {
  __m128i all = to_vector(LotSet::all());
  __m128i file_a = to_vector(LotSet::all() - LotSet::all().shift_east());
  __m128i file_h = to_vector(LotSet::all() - LotSet::all().shift_west());
  // The set moved one lot; what leaves the board vanishes.
  __m128i north(__m128i x) const { return _mm_and_si128(_mm_slli_si128(x, 1), all); }
  static __m128i south(__m128i x) { return _mm_srli_si128(x, 1); }
  __m128i east(__m128i x) const { return _mm_slli_epi64(_mm_andnot_si128(file_h, x), 1); }
  __m128i west(__m128i x) const { return _mm_srli_epi64(_mm_andnot_si128(file_a, x), 1); }
};

}  // namespace

StreetSummary street_summary(const State& s) {
  const LotSet streets_set = s.streets();
  if (streets_set.count() < 2) return {};
  const Board b;
  auto andnot = [](__m128i a, __m128i minus) { return _mm_andnot_si128(minus, a); };
  auto either = [](__m128i a, __m128i c) { return _mm_or_si128(a, c); };
  auto both = [](__m128i a, __m128i c) { return _mm_and_si128(a, c); };
  const __m128i streets = to_vector(streets_set), built = to_vector(s.built());
  // Which neighbours of each lot are streets (as in locally_simple_lots).
  const __m128i n = Board::south(streets), so = b.north(streets);
  const __m128i e = b.west(streets), w = b.east(streets);
  const __m128i ne = Board::south(e), nw = Board::south(w), se = b.north(e), sw = b.north(w);
  const __m128i end_n = andnot(n, both(e, ne)), end_e = andnot(e, both(so, se));
  const __m128i end_s = andnot(so, both(w, sw)), end_w = andnot(w, both(n, nw));
  const __m128i two_ends = either(either(both(end_n, either(either(end_e, end_s), end_w)), both(end_e, either(end_s, end_w))),
                                  both(end_s, end_w));
  // Structures with one street neighbour, moved onto it (as in sole_access_lots).
  const __m128i two_or_more = either(either(either(both(n, so), both(n, e)), either(both(n, w), both(so, e))),
                                     either(both(so, w), both(e, w)));
  const __m128i lonely = andnot(both(built, either(either(n, so), either(e, w))), two_or_more);
  const __m128i sole = either(either(b.north(both(lonely, n)), Board::south(both(lonely, so))),
                              either(b.east(both(lonely, e)), b.west(both(lonely, w))));
  const __m128i open = andnot(streets, sole);
  return {to_lots(open), to_lots(andnot(open, two_ends))};
}

#else

StreetSummary street_summary(const State& s) {
  const LotSet streets = s.streets();
  if (streets.count() < 2) return {};
  const LotSet open = streets - sole_access_lots(s.built(), streets);
  return {open, open & locally_simple_lots(streets)};
}

#endif

LotSet street_legal_lots(const State& s) {
  const StreetSummary r8 = street_summary(s);
  LotSet legal = r8.quick;
  for (Lot lot : r8.open - r8.quick)
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
