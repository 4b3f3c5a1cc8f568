// The plain, first versions of the main decision's legal list and of random
// play, kept as the reference for the fast ones in the core (rules.cc).
//
// They scan every Zone spot point by point (zone_counts for each of the 289
// centres, requirements_met for each face-up tile) and every candidate point
// for C13 (unincorporated_allowed), calling the same per-position rule
// functions that why_not_zone and why_not_development use. The fast list must
// give exactly the same decisions in the same order (tests/city_planning/
// fast_legal_test.cc); the benchmark reports both (city_planning_bench.cc).
#pragma once

#include <vector>

#include "city_planning/core/rng.h"
#include "city_planning/core/rules.h"

namespace city_planning::reference {

// Every legal decision, in id order (as legal_actions).
std::vector<Action> legal_actions(const State& s);
// C13's points for a Development of `suit`, one point at a time.
PointSet unincorporated_points(const State& s, Suit suit);

// random_action and random_playout as they were, drawing main decisions from
// the reference list: the same choices, so the same games, for a seed.
Action random_action(const State& s, Rng& rng);
int random_playout(State& s, Rng& rng);

}  // namespace city_planning::reference
