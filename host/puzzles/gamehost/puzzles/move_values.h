// The value of every legal move of a position for the player to move: what
// a puzzle needs and a review does not keep (the review keeps only the best
// move's and the played move's values, never the second best's).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gamehost/calls/plugin.h"
#include "gamehost/review/exact_solver.h"

namespace gamehost::puzzles {

struct ValuedMove {
  std::uint32_t action = 0;
  std::string move;   // notation
  double value = 0;   // the mover's final margin after it (estimate or exact)
};

struct MoveValues {
  std::vector<ValuedMove> moves;  // best first; ties by action id
  bool exact = false;             // every value proved by the solver
  // Best minus second best (the best's value alone when one move is legal).
  double gap() const;
};

// Every legal move of `state` (seat `info.to_move()` to move, two seats,
// points kept) valued for the mover: exactly when `solver` proves every
// child (the solver's table is shared, so the children of one position
// cost little more than the position), else by review::reply_value with
// `playouts` playouts a move seeded from `seed` and the move's id.
// Deterministic for the same arguments and solver history.
MoveValues value_moves(Plugin& game, const std::string& state, const pb::StateInfo& info,
                       review::ExactSolver& solver, std::uint64_t playouts, std::uint64_t seed);

// The same, searched with `playouts` only for `actions` (the verification's
// deeper look at the moves that came close), never exactly.
MoveValues value_some(Plugin& game, const std::string& state, const pb::StateInfo& info,
                      const std::vector<std::uint32_t>& actions, std::uint64_t playouts, std::uint64_t seed);

}  // namespace gamehost::puzzles
