#include "distance.h"

#include <algorithm>

#include "streets.h"

namespace alien_city {

StreetRings::StreetRings(const State& s, Lot origin, int max_distance) : origin_(origin) {
  const LotSet streets = s.streets();
  LotSet structures_left = s.built() - LotSet::single(origin);
  LotSet visited;
  LotSet frontier = neighbours_of(origin) & streets;
  while (frontier.any() && depth_ < max_distance) {
    ++depth_;
    rings_[depth_] = frontier.bits();
    visited |= frontier;
    const LotSet around = frontier.neighbours();
    const LotSet reached = around & structures_left;
    reached_[depth_] = reached.bits();
    structures_left -= reached;
    frontier = (around & streets) - visited;
  }
}

int StreetRings::distance_to(Lot lot) const {
  for (int d = 1; d <= depth_; ++d)
    if (structures_at(d).contains(lot)) return d;
  return kUnreachable;
}

std::vector<Lot> StreetRings::path_to(Lot target) const {
  const int d = distance_to(target);
  if (d == kUnreachable) return {};
  std::vector<Lot> path(d);
  LotSet previous = LotSet::single(target);
  for (int step = d; step >= 1; --step) {
    const Lot lot = (ring(step) & previous.neighbours()).first();
    path[step - 1] = lot;
    previous = LotSet::single(lot);
  }
  return path;
}

int street_distance(const State& s, Lot a, Lot b) { return StreetRings(s, a).distance_to(b); }

std::vector<Lot> street_path(const State& s, Lot a, Lot b) { return StreetRings(s, a).path_to(b); }

}  // namespace alien_city
