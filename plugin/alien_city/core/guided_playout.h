// Guided play, the rollout policy of searches (MCTS's Rollout call).
//
// Uniformly random playouts value a position by what two random players
// would make of it. The costliest difference from good play is in the
// claims: a random player caps towers at random, so a position's value
// swings with which towers the playout happens to claim. The guided policy
// claims greedily: at each claim decision it takes the unclaimed tower that
// most raises the mover's provisional margin (score_totals), or declines
// when none does. Builds stay uniformly random: choosing the best of three
// drawn builds by the same margin made an MCTS iteration four times as
// costly, which a search at a fixed time or review budget cannot afford.
// Uniform random play stays in playout.h for the random agent, tests and
// benchmarks.
#pragma once

#include "rng.h"
#include "rules.h"
#include "state.h"

namespace alien_city {

// The guided decision for the player to move (not over).
Action guided_action(const State& s, Rng& rng);

// Plays guided decisions until the game is over; returns how many were taken.
int guided_playout(State& s, Rng& rng);

}  // namespace alien_city
