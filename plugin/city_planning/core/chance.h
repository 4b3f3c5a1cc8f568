// Chance (C4, C16): which draw comes next, its outcomes with their
// probabilities, and sampling one from a seeded Rng.
//
//   Setup: turn up a tile (three times), deal a coin to A (three times), to B
//          (three times), then choose the first player (1/2 each).
//   DrawTile: turn up one of the stack's unseen tiles, each 1/n.
//   DrawCoin: the mover draws one of the bag's coins, each 1/n.
// A coin drawn is seen only by the player who draws it (observation.h).
#pragma once

#include <vector>

#include "rng.h"
#include "rules.h"

namespace city_planning {

enum class ChanceKind : std::uint8_t { RevealTile, DrawCoin, FirstPlayer };
// The kind of the pending draw (is_chance(s) must hold).
ChanceKind chance_kind(const State& s);
// Who receives the coin of a pending DrawCoin.
Player coin_recipient(const State& s);

struct ChanceOutcome {
  Action action;
  double probability = 0;
};
// The pending draw's outcomes in id order; empty when no draw is pending.
std::vector<ChanceOutcome> chance_outcomes(const State& s);

// One outcome, uniform over chance_outcomes(s) (all are equally likely).
Action sample_chance(const State& s, Rng& rng);

}  // namespace city_planning
