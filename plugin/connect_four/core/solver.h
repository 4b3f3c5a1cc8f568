// Connect Four's exact solver (the plugin's Solve call): it proves whether
// the side to move wins, draws or loses under best play. Negamax with
// alpha-beta on bitboards, null-window tests (win or not, then draw or
// loss), moves that lose at once left out, forced blocks played alone,
// the rest ordered by the threats they make, and a transposition table.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "state.h"

namespace connect_four {

// Positions the solver visits before it gives up, and what it found.
struct SolveResult {
  bool proved = false;
  int value = 0;          // Red's return: 1 Red wins, 0 draw, -1 Yellow wins
  std::vector<int> line;  // best play from the position, columns: to the end, or at least one move
  std::uint64_t nodes = 0;
};

class Solver {
 public:
  Solver();
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // Solves `s` (not over) within `budget` positions. Every call starts
  // from an empty table, so the answer depends on the position and budget
  // alone.
  SolveResult solve(const State& s, std::uint64_t budget);

 private:
  struct Position;
  struct OutOfBudget {};

  int negamax(const Position& p, int alpha, int beta);
  // The mover's value at `p`: win (1), draw (0) or loss (-1).
  int value(const Position& p);
  // Appends best play from `p` (the mover's value given) to `line`.
  void best_line(Position p, int mover_value, std::vector<int>& line);

  std::vector<std::uint64_t> table_;  // allocated at the first solve
  std::uint64_t generation_ = 0;      // entries of earlier solves are stale
  std::uint64_t nodes_ = 0, budget_ = 0;
};

}  // namespace connect_four
