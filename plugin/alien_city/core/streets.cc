#include "streets.h"

#include <algorithm>
#include <array>

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

LotSet street_legal_lots(const State& s) {
  const LotSet streets = s.streets();
  // Building the last street would leave every structure without access.
  if (streets.count() < 2) return {};
  return streets - articulation_points(streets) - sole_access_lots(s.built(), streets);
}

StreetVerdict street_verdict(const State& s, Lot lot) {
  const LotSet streets = s.streets();
  if (!streets.contains(lot)) return StreetVerdict::NotStreet;
  const LotSet rest = streets - LotSet::single(lot);
  const LotSet around = kNeighbours[lot] & rest;
  if (around.empty()) return StreetVerdict::Isolates;
  for (Lot b : kNeighbours[lot] & s.built())
    if ((kNeighbours[b] & rest).empty()) return StreetVerdict::Isolates;
  if (around.count() == 1) return StreetVerdict::Ok;  // a dead end never splits
  // Grow from one street neighbour until all of them are reached.
  LotSet reached = LotSet::single(around.first());
  while (true) {
    if ((around - reached).empty()) return StreetVerdict::Ok;
    const LotSet grown = (reached | reached.neighbours()) & rest;
    if (grown == reached) return StreetVerdict::Splits;
    reached = grown;
  }
}

}  // namespace alien_city
