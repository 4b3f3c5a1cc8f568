// Placing a Development (rules 5.1-5.2, rulings C13-C14).
//
// Unincorporated (C13): a coin from the hand on an empty point with at least
// two adjacent points meeting its type's Primary requirement and one meeting
// its Secondary (adjacent Developments count as in C8; points under Zones
// count as nothing). Scores 1.
// Zoned (C14): a coin on a Zone of its own type whose Developments add up to
// less than the Zone's value. Scores its value capped at the remaining
// capacity, plus or minus the best Development on each adjacent Zone by the
// table of rule 5.2.4.
#pragma once

#include <optional>

#include "areas.h"
#include "expected.h"
#include "scoring.h"
#include "state.h"

namespace city_planning {

// C13 for a Development of `suit` on point p.
bool unincorporated_allowed(const State& s, Suit suit, Point p);
// Every point where C13 allows it, from the block counts of the position
// (areas.h) rather than point by point.
PointSet unincorporated_points(const State& s, Suit suit);
// The same for each suit of the mask `suits` (bit = suit), among
// `candidates`, which must hold every such point; empty for other suits.
std::array<PointSet, kSuits> unincorporated_points(const Areas& areas, const PointSet& candidates, int suits);
// Empty points next to a stone or a Development: every type needs one (no
// type is met by empty points alone), so C13 allows no other point.
PointSet development_candidates(const State& s);

// C14: the Zone of tile `zone` is on the board and not fully built out.
bool zone_open(const State& s, Tile zone);

// The points a coin would score on a Zone (C14), one event per part: the
// capped value first, then neighbours by tile id. For previews and tests.
ScoreEvents zoned_development_events(const State& s, Coin coin, Tile zone);

// Why the mover cannot place `coin` on point p (unincorporated) or on the
// Zone of tile `zone` (exactly one of p / zone given); nullopt when legal.
// Codes: C6 (not the main decision), C4 (coin not in the mover's hand), C13,
// C14.
std::optional<Error> why_not_development(const State& s, Coin coin, Point p, Tile zone);

// Apply legal placements (not the end of turn).
void place_unincorporated(State& s, Coin coin, Point p, ScoreEvents* events);
void place_zoned(State& s, Coin coin, Tile zone, ScoreEvents* events);

}  // namespace city_planning
