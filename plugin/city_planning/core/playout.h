// Random play, for the random agent, property tests, rollouts and benchmarks.
//
// random_action: uniform over the legal decisions (chance sampled with its
// own probabilities). A stone is drawn from the cheap superset "points the
// point rule allows for a kind the option may take next" and kept if legal
// (C5's look-ahead), listing every legal stone only after a few misses; a
// main decision is drawn from the full list.
// random_action_by_kind: for the main decision, first a kind uniformly among
// Zone and Development (passing only when neither is legal), then uniform
// within it: longer games with many more Zones and rezonings than uniform
// play, which mostly places unincorporated Developments or passes.
#pragma once

#include "rng.h"
#include "rules.h"
#include "state.h"

namespace city_planning {

Action random_action(const State& s, Rng& rng);
Action random_action_by_kind(const State& s, Rng& rng);

// Plays (and samples chance) until the game is over; returns the number of
// decisions taken, chance included. Score changes go to `events`.
int random_playout(State& s, Rng& rng, ScoreEvents* events = nullptr);

}  // namespace city_planning
