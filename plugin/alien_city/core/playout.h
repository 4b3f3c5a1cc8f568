// Random play, for the random agent, property tests and rollouts.
//
// A random build is uniform over the player's legal builds (piece, lot): it
// draws a candidate from (pieces in supply) x (street lots) and keeps it if
// legal, and lists every legal build only after a few misses, so the usual
// cost is one cheap test instead of a full listing. A claim decision is
// uniform over "claim each unclaimed tower" and "decline".
#pragma once

#include "rng.h"
#include "rules.h"
#include "state.h"

namespace alien_city {

// A uniformly random legal decision for the player to move (not over).
Action random_action(const State& s, Rng& rng);

// Plays `choose(s, rng)`'s decisions until the game is over; returns how
// many were taken. Every policy's playout is this loop.
template <class Choose>
int play_out(State& s, Rng& rng, Choose choose) {
  int plies = 0;
  for (; !s.is_over(); ++plies) apply_unchecked(s, choose(s, rng));
  return plies;
}

// Plays random decisions until the game is over; returns how many were taken.
inline int random_playout(State& s, Rng& rng) { return play_out(s, rng, random_action); }

}  // namespace alien_city
