// The bitboard solver of the rules core (the plugin's Solve): on 50 random
// games, every position with at most 30 empty cells is proved within the
// review's default budget, its line is legal and ends the game with the
// proved result, and on positions with at most 12 empty cells the value is
// that of plain exhaustive search.
#include <catch2/catch.hpp>

#include "common/rng.h"
#include "connect_four/core/solver.h"

namespace cf = connect_four;

namespace {

// The mover's result under best play, every line searched (only a win
// already found stops the rest: nothing beats it).
int exhaustive(const cf::State& s) {
  if (s.is_over()) return s.winner() ? -1 : 0;  // the last mover made the four
  int best = -1;
  for (int col = 0; col < cf::kCols && best < 1; ++col) {
    if (!s.can_drop(col)) continue;
    cf::State next = s;
    next.drop_unchecked(col);
    best = std::max(best, -exhaustive(next));
  }
  return best;
}

int red_return(const cf::State& over) {
  const auto w = over.winner();
  return !w ? 0 : *w == cf::Player::Red ? 1 : -1;
}

// The positions of a uniformly random game, the finished one left out.
std::vector<cf::State> random_game(std::uint64_t seed) {
  gamecore::Rng rng(seed);
  std::vector<cf::State> positions;
  cf::State s;
  while (!s.is_over()) {
    positions.push_back(s);
    int col;
    do col = static_cast<int>(rng.below(cf::kCols));
    while (!s.can_drop(col));
    s.drop_unchecked(col);
  }
  return positions;
}

}  // namespace

TEST_CASE("the solver proves every position with at most 30 empty cells of 50 random games, as exhaustive search does",
          "[solver]") {
  cf::Solver solver;
  int proved = 0, compared = 0, red_wins = 0, yellow_wins = 0, draws = 0;
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    for (const cf::State& s : random_game(seed)) {
      const int empty = cf::kCells - s.plies();
      if (empty > 30) continue;
      const cf::SolveResult r = solver.solve(s, 20'000'000);  // the review's default budget
      REQUIRE(r.proved);
      ++proved;
      (r.value > 0 ? red_wins : r.value < 0 ? yellow_wins : draws)++;
      // The line is legal and ends the game with the proved result.
      cf::State line = s;
      for (const int col : r.line) {
        REQUIRE(line.can_drop(col));
        line.drop_unchecked(col);
      }
      REQUIRE(line.is_over());
      CHECK(red_return(line) == r.value);
      if (empty <= 12) {
        const int mover = s.to_move() == cf::Player::Red ? r.value : -r.value;
        CHECK(exhaustive(s) == mover);
        ++compared;
      }
    }
  }
  // Counts of this fixed set, so that a change in the games is seen.
  CHECK(proved == 506);
  CHECK(compared == 35);
  CHECK(red_wins + yellow_wins + draws == proved);
  CHECK(red_wins > 0);
  CHECK(yellow_wins > 0);
}

TEST_CASE("the solver gives up past its budget, and says how far it went", "[solver]") {
  cf::Solver solver;
  const cf::SolveResult r = solver.solve(cf::State{}, 1000);  // the empty board
  CHECK_FALSE(r.proved);
  CHECK(r.nodes == 1001);
  CHECK(r.line.empty());
}

TEST_CASE("the solver takes a win in one at once", "[solver]") {
  cf::State s;
  for (const int col : {0, 1, 0, 1, 0, 6}) s.drop_unchecked(col);  // Red has three in column a, Yellow did not block
  cf::Solver solver;
  const cf::SolveResult win = solver.solve(s, 1);
  REQUIRE(win.proved);
  CHECK(win.value == 1);
  CHECK(win.line == std::vector<int>{0});
  CHECK(win.nodes == 1);
}
