// Street distance (ruling R12): the least number of street lots on an
// orthogonal path between two structures whose every lot in between is a
// street. Neighbouring structures are as far apart as their street route.
#pragma once

#include <array>
#include <vector>

#include "board.h"
#include "lotset.h"
#include "state.h"

namespace alien_city {

inline constexpr int kUnreachable = -1;

// A breadth-first search from one structure over the streets, kept as rings:
// ring(d) holds the streets at distance d (d >= 1). A structure is at distance
// d when it touches ring(d) and no nearer ring.
class StreetRings {
 public:
  // Searches outward from `origin` until `max_distance` rings are known or
  // the streets run out.
  StreetRings(const State& s, Lot origin, int max_distance = kLots);

  Lot origin() const { return origin_; }
  int depth() const { return depth_; }
  LotSet ring(int d) const { return LotSet::from_bits(rings_[d]); }
  // Structures (origin excluded) first reached at distance d.
  LotSet structures_at(int d) const { return LotSet::from_bits(reached_[d]); }
  // Distance of the structure on `lot`, or kUnreachable within the search.
  int distance_to(Lot lot) const;
  // The street lots of a shortest route from the origin to the structure on
  // `target`, origin side first. Among equal routes: walking back from the
  // target, the lowest-numbered lot (A1, B1, ..., H10) at each step.
  std::vector<Lot> path_to(Lot target) const;

 private:
  Lot origin_;
  int depth_ = 0;
  // Only entries 1..depth_ are written and read: left uninitialised so a
  // search costs nothing beyond its depth.
  Bits128 rings_[kLots + 1];
  Bits128 reached_[kLots + 1];
};

// Distance between the structures on a and b (kUnreachable when none).
int street_distance(const State& s, Lot a, Lot b);
// The street lots of a shortest route from a to b (see StreetRings::path_to).
std::vector<Lot> street_path(const State& s, Lot a, Lot b);

}  // namespace alien_city
