// The Alien City endgame solver of commit 70aba93, kept unchanged (but for
// its namespace) as the reference the tests compare the current one with
// (endgame_test.cc). It was: alpha-beta
// on the final margin over the rules core itself — states copied and
// changed in place, legal decisions from the lot bitmasks — with principal
// variation search (margins are whole numbers), moves ordered by the
// table's best move, then by the one-ply valuation (the mover's
// provisional margin after the move), and a transposition table keyed by
// a hash of the state.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "alien_city/core/rules.h"
#include "alien_city/core/endgame.h"  // black_margin
#include "alien_city/core/state.h"

namespace alien_city::reference {

struct EndgameResult {
  bool proved = false;
  int margin = 0;             // Black's points minus White's under best play
  std::vector<Action> line;   // best play from the position: to the end, or at least one decision
  std::uint64_t nodes = 0;    // positions visited
};

class EndgameSolver {
 public:
  EndgameSolver();
  ~EndgameSolver();
  EndgameSolver(const EndgameSolver&) = delete;
  EndgameSolver& operator=(const EndgameSolver&) = delete;

  // Solves `s` (not over) within `budget` positions, trying a window of one
  // point round `guess` first when given. Every call starts from an empty
  // table: the answer depends on the position, budget and guess alone.
  EndgameResult solve(const State& s, std::uint64_t budget, std::optional<int> guess = std::nullopt);

 private:
  struct Entry;
  struct OutOfBudget {};

  int search(const State& s, int alpha, int beta);
  int search_window(const State& s, std::optional<int> guess);
  void best_line(State s, int margin, std::vector<Action>& line);

  std::vector<Entry> table_;  // allocated at the first solve
  std::uint32_t generation_ = 0;
  std::uint64_t nodes_ = 0, budget_ = 0;
};

}  // namespace alien_city::reference
