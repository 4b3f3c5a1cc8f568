// Placing stones (rule 3, ruling C5).
//
// A turn's stones form one of the options P R, R P, P P P or R R R, placed
// one at a time, each checked against the board at that moment. When some
// option can be completed the player must complete one; otherwise they place
// as many stones as any option allows (possibly none). A stone is legal when
// the point rule allows it AND, after it, the turn can still reach that goal:
// a first Population stone that would leave no way to finish is refused.
//
// The goal is a property of the position: the best outcome reachable from
// the board and this turn's stones (kCompleteGoal, or a number of stones).
// Legal stones keep it unchanged, so it is recomputed, never guessed.
#pragma once

#include <optional>

#include "expected.h"
#include "state.h"

namespace city_planning {

inline constexpr int kCompleteGoal = 10;

// Bit 0: a Population stone may come next in this turn's option; bit 1: a
// Resource stone may. 0 once the option is complete.
int next_stone_kinds(const State& s);
bool option_complete(const State& s);

// The best outcome reachable from the position: kCompleteGoal when an option
// can be completed, else the most stones this turn can reach (C5).
int reachable_goal(const State& s);

// Whether the mover may place `stone` on `p` now (phase Stones, C5).
bool stone_is_legal(const State& s, Stone stone, Point p);
// Why not, naming the rule; nullopt when legal.
std::optional<Error> why_not_stone(const State& s, Stone stone, Point p);
// All points where `stone` is legal now.
PointSet legal_stone_points(const State& s, Stone stone);
// Whether the stone phase has any legal stone left (false ends it).
bool any_legal_stone(const State& s);

}  // namespace city_planning
