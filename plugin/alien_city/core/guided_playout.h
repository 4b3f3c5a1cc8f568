// Guided play, the rollout policy of searches (MCTS's Rollout call).
//
// Uniformly random playouts value a position by what two random players
// would make of it, which is far from what good players make of it: a
// random player claims towers at random and builds anywhere. The guided
// policy is a cheap greedy player: each build is the best, by the mover's
// provisional margin, of a few uniformly drawn legal builds; each claim
// decision is the best of "decline" and every unclaimed tower. Both are
// judged by score_totals(), so a ply costs a few scorings (well under a
// microsecond each) instead of a full search. Uniform random play stays in
// playout.h for the random agent, tests and benchmarks.
#pragma once

#include "rng.h"
#include "rules.h"
#include "state.h"

namespace alien_city {

// Builds drawn and compared per build decision.
inline constexpr int kGuidedBuildSamples = 1;

// The guided decision for the player to move (not over).
Action guided_action(const State& s, Rng& rng);

// Plays guided decisions until the game is over; returns how many were taken.
int guided_playout(State& s, Rng& rng);

}  // namespace alien_city
