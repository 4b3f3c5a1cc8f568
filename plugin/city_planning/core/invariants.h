// The invariants every reachable position keeps. The readers of external
// positions (diagram.h, serialize.h) refuse positions that break one; tests
// check them after every decision.
#pragma once

#include <optional>
#include <string>

#include "state.h"

namespace city_planning {

// A description of the first invariant broken, or nullopt:
//  - each tile is exactly once face up, under the stack, on the board or
//    unseen; each coin in exactly one place;
//  - Zones lie inside the board without overlapping; no stone or coin lies
//    under a Zone; a Zone's Developments are of its type (C11, C14);
//  - at least one stone is on the board (C9);
//  - hands hold at most three coins; neighbour counts and point sets match
//    the board;
//  - the stone phase has a legal stone and the goal of C5 (stones.h);
//    outside it the goal is 0; scores and counters in range.
std::optional<std::string> invariant_violation(const State& s);

}  // namespace city_planning
