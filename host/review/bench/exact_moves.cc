// The exact value of every legal move at one ply of a log, by the game's
// own solver (Solve) with a large budget: the offline truth that the
// review's regression tests check in (tests/review/review_cases_test.cc)
// and that docs/review.md quotes.
//
//   build/bin/exact_moves PLUGIN LOG PLY [BUDGET] [MOVE...|--position]
//
// PLY is the ply about to be played (the position after PLY-1 plies);
// MOVE, when given, limits the moves solved (their notation);
// --position solves the position itself instead (its value and best line). Prints one
// line a move: its notation, the mover's exact final margin after it (or
// "not proved"), the positions visited and the wall time; then the
// position's value, when every move was proved.
#include <fmt/core.h>

#include <chrono>
#include <cstdlib>
#include <set>
#include <string>

#include "gamehost/records/game_log.h"
#include "gamehost/records/replay.h"
#include "gamehost/review/exact_solver.h"
#include "gamehost/review/position_value.h"

using namespace gamehost;

int main(int argc, char** argv) {
  if (argc < 4) {
    fmt::print(stderr, "usage: {} PLUGIN LOG PLY [BUDGET] [MOVE...]\n", argv[0]);
    return 2;
  }
  auto game = Plugin::load(argv[1]);
  const GameLog log = read_log(argv[2]);
  const int ply = std::atoi(argv[3]);
  const std::uint64_t budget = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 4'000'000'000ull;
  std::set<std::string> only(argv + std::min(argc, 5), argv + argc);
  const auto states = replay(*game, log, std::nullopt, true).states;
  if (ply < 1 || ply >= static_cast<int>(states.size())) {
    fmt::print(stderr, "{}: no ply {} (the log has {} plies)\n", argv[2], ply, states.size() - 1);
    return 1;
  }
  const std::string& state = states[static_cast<std::size_t>(ply - 1)];
  pb::QueryFlags flags;
  flags.set_legal_ids(true);
  flags.set_scores(true);
  const pb::StateInfo info = game->query(state, flags);
  const int seat = info.to_move();
  // The log's plies from this one to its end (the game is over there).
  const int plies_left = static_cast<int>(states.size()) - ply;
  fmt::print("{} ply {}: seat {} to move, {} legal moves, {} plies to the end of the game\n", argv[2], ply, seat,
             info.legal_ids_size(), plies_left);
  if (only.count("--position")) {
    const auto start = std::chrono::steady_clock::now();
    const auto solved = review::solve_in_game(*game, state, budget);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!solved) {
      fmt::print("not proved within {} positions ({:.1f} s)\n", budget, seconds);
      return 0;
    }
    std::string line;
    for (const auto& n : review::line_notation(*game, state, solved->line)) line += " " + n;
    fmt::print("value for the mover: {:+.0f} ({} positions, {:.1f} s); best line:{}\n",
               seat == 0 ? solved->margin : -solved->margin, solved->nodes, seconds, line);
    return 0;
  }
  bool all = true;
  double best = -1e300;
  for (const std::uint32_t a : info.legal_ids()) {
    const std::string name = review::line_notation(*game, state, {a}).front();
    if (!only.empty() && !only.count(name)) continue;
    pb::ApplyResponse step;
    game->apply(state, a, flags, step);
    const auto start = std::chrono::steady_clock::now();
    double margin = 0;
    std::uint64_t nodes = 0;
    bool proved = true;
    if (step.info().terminal()) {
      margin = review::terminal_value(*game, step.state(), step.info()).for_seat[seat].margin();
    } else {
      const auto solved = review::solve_in_game(*game, step.state(), budget);
      proved = solved.has_value();
      if (solved) margin = seat == 0 ? solved->margin : -solved->margin, nodes = solved->nodes;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (proved) {
      best = std::max(best, margin);
      fmt::print("{:>10} {:+.0f} ({} positions, {:.1f} s)\n", name, margin, nodes, seconds);
    } else {
      all = false;
      fmt::print("{:>10} not proved within {} positions ({:.1f} s)\n", name, budget, seconds);
    }
    std::fflush(stdout);
  }
  if (all && only.empty()) fmt::print("value for the mover: {:+.0f}\n", best);
  return 0;
}
