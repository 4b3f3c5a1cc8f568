// Uniformly random play, for property tests, benchmarks and MCTS rollouts.
#pragma once

#include "common/rng.h"
#include "state.h"

namespace connect_four {

using gamecore::Rng;

// A column chosen uniformly among those that are not full (the game must
// not be over).
int random_column(const State& s, Rng& rng);
// Plays random columns until the game ends; returns the number of plies.
int random_playout(State& s, Rng& rng);

}  // namespace connect_four
