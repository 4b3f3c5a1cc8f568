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
// guided_action: the rollout policy of the Rollout call. Stones and chance
// as random_action; for the main decision, kGuideCandidates candidates drawn
// as random_action_by_kind draws them, and every Development onto a Zone
// (few, and where the large points are, C14); the one that gains the mover
// the most points right away is taken (the first among equals), or a pass
// when every candidate loses points. A rezoning that costs more than it
// brings is never preferred to passing, so playouts no longer squander the
// stones on the board on Zones that lose points, and their outcome says more
// about the position.
#pragma once

#include "rng.h"
#include "rules.h"
#include "state.h"

namespace city_planning {

Action random_action(const State& s, Rng& rng);
Action random_action_by_kind(const State& s, Rng& rng);
inline constexpr int kGuideCandidates = 8;
Action guided_action(const State& s, Rng& rng);

// Plays (and samples chance) until the game is over; returns the number of
// decisions taken, chance included. Score changes go to `events`.
int random_playout(State& s, Rng& rng, ScoreEvents* events = nullptr);
// The same with guided_action.
int guided_playout(State& s, Rng& rng);

}  // namespace city_planning
