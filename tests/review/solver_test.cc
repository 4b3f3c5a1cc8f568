// The endgame solver proves the same values as plain exhaustive minimax
// (no pruning, no table) through the real plugin modules: the last plies of
// a recorded Alien City game, and Connect Four positions late in random
// games.
#include <catch2/catch.hpp>

#include <atomic>

#include "gamehost/records/game_log.h"
#include "gamehost/base/random.h"
#include "gamehost/records/replay.h"
#include "gamehost/base/error.h"
#include "gamehost/review/exact_solver.h"
#include "gamehost/review/solver.h"

using namespace gamehost;

namespace {

pb::QueryFlags legal_flags() {
  pb::QueryFlags f;
  f.set_legal_ids(true);
  return f;
}

// Seat 0's final margin under best play by both, every line searched;
// `visited` counts the positions applied.
double minimax(Plugin& game, const std::string& state, const pb::StateInfo& info, bool keeps_points,
               std::uint64_t& visited) {
  if (info.terminal()) {
    if (!keeps_points) return info.returns(0);
    pb::QueryFlags f;
    f.set_scores(true);
    const auto scored = game.query(state, f);
    return static_cast<double>(scored.scores(0) - scored.scores(1));
  }
  const bool maximising = info.to_move() == 0;
  double best = maximising ? -1e300 : 1e300;
  pb::ApplyResponse applied;
  for (const std::uint32_t a : info.legal_ids()) {
    game.apply(state, a, legal_flags(), applied);
    ++visited;
    const std::string child = applied.state();
    const pb::StateInfo child_info = applied.info();
    const double v = minimax(game, child, child_info, keeps_points, visited);
    best = maximising ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// Seat 0's final margin after playing `line` from `state`, which must end
// the game.
double line_end_margin(Plugin& game, std::string state, const std::vector<std::uint32_t>& line) {
  pb::ApplyResponse applied;
  for (const std::uint32_t a : line) {
    game.apply(state, a, legal_flags(), applied);
    state = applied.state();
  }
  pb::QueryFlags scores;
  scores.set_scores(true);
  const auto end = game.query(state, scores);
  REQUIRE(end.terminal());
  return static_cast<double>(end.scores(0) - end.scores(1));
}

}  // namespace

TEST_CASE("the solver's values equal exhaustive search on Alien City's last plies", "[solver]") {
  auto game = Plugin::load(ALIEN_CITY_PLUGIN);
  const GameLog log = read_log(std::string(SOURCE_DIR) + "/games/samples/seed-1.ghlog");
  const auto states = replay(*game, log, std::nullopt, true).states;
  review::EndgameSolver solver(*game, /*keeps_points=*/true);
  REQUIRE(solver.applicable());
  const int plies = log.record.plies_size();  // 47
  int compared = 0;
  for (int k = plies - 1; k >= plies - 5; --k) {
    const auto info = game->query(states[k], legal_flags());
    std::uint64_t leaves = 0;
    const double exhaustive = minimax(*game, states[k], info, true, leaves);
    const auto solved = solver.solve(states[k], info, 1'000'000);
    REQUIRE(solved);
    CHECK(solved->margin == exhaustive);
    // The best line is legal and reaches the proved margin.
    CHECK(line_end_margin(*game, states[k], solved->line) == exhaustive);
    ++compared;
  }
  CHECK(compared == 5);
  // Five plies from the end, through the interface, the values are those
  // of the recorded game's review (docs/review.md): Black's margin -39.
  const auto info = game->query(states[plies - 5], legal_flags());
  CHECK(solver.solve(states[plies - 5], info, 1'000'000)->margin == -39);
}

TEST_CASE("the solver's values equal exhaustive search on Connect Four endgames", "[solver]") {
  auto game = Plugin::load(CONNECT_FOUR_PLUGIN);
  review::EndgameSolver solver(*game, /*keeps_points=*/false);
  REQUIRE(solver.applicable());
  int compared = 0, wins = 0, losses = 0, draws = 0;
  for (std::uint64_t seed = 1; compared < 12 && seed < 2000; ++seed) {
    SplitMix rng(seed);
    pb::NewGameRequest req;
    *req.mutable_flags() = legal_flags();
    auto started = game->new_game(req);
    std::string s = started.state();
    pb::StateInfo info = started.info();
    pb::ApplyResponse applied;
    for (int ply = 0; ply < 35 && !info.terminal(); ++ply) {
      game->apply(s, info.legal_ids(static_cast<int>(rng.below(info.legal_ids_size()))), legal_flags(), applied);
      s = applied.state();
      info = applied.info();
    }
    if (info.terminal()) continue;
    std::uint64_t leaves = 0;
    const double exhaustive = minimax(*game, s, info, false, leaves);
    const auto solved = solver.solve(s, info, 10'000'000);
    REQUIRE(solved);
    CHECK(solved->margin == exhaustive);
    CHECK(solved->nodes <= leaves);  // pruning never visits more than the whole tree
    (exhaustive > 0 ? wins : exhaustive < 0 ? losses : draws)++;
    ++compared;
  }
  CHECK(compared == 12);
  CHECK(wins + losses + draws == 12);
}

TEST_CASE("the solver gives up past its budget and says so", "[solver]") {
  auto game = Plugin::load(ALIEN_CITY_PLUGIN);
  const GameLog log = read_log(std::string(SOURCE_DIR) + "/games/samples/seed-1.ghlog");
  const auto states = replay(*game, log, std::nullopt, true).states;
  review::EndgameSolver solver(*game, true);
  // The opening cannot be solved in a thousand positions.
  CHECK_FALSE(solver.solve(states[0], game->query(states[0], legal_flags()), 1000));
}

// Issue 43, item 14: the live engine's search, let go when the position
// changed, went on proving its old position to the end of its budget (the
// window waited for it). A set stop flag ends a solve as the budget does.
TEST_CASE("a set stop flag ends a solve at once, as its budget does", "[solver]") {
  auto game = Plugin::load(ALIEN_CITY_PLUGIN);
  const GameLog log = read_log(std::string(SOURCE_DIR) + "/games/samples/seed-1.ghlog");
  const auto states = replay(*game, log, std::nullopt, true).states;
  const std::string& late = states[states.size() - 7];
  const auto info = game->query(late, legal_flags());
  review::EndgameSolver free_solver(*game, true);
  REQUIRE(free_solver.solve(late, info, 1000000));  // solvable
  std::atomic<bool> stop{true};
  review::EndgameSolver stopped(*game, true);
  stopped.set_stop(&stop);
  CHECK_FALSE(stopped.solve(late, info, 1000000));
  CHECK(stopped.table_size() == 0);  // not one position searched
  stop = false;
  CHECK(stopped.solve(late, info, 1000000));
}

TEST_CASE("a solve started from a guess proves the same value and line, right or wrong", "[solver]") {
  auto game = Plugin::load(ALIEN_CITY_PLUGIN);
  const GameLog log = read_log(std::string(SOURCE_DIR) + "/games/samples/seed-1.ghlog");
  const auto states = replay(*game, log, std::nullopt, true).states;
  const int k = log.record.plies_size() - 5;
  const auto info = game->query(states[k], legal_flags());
  // -39 is the value (above); guesses below, at and above it, each solver fresh.
  for (const double guess : {-60.0, -40.0, -39.0, -38.0, 0.0}) {
    review::EndgameSolver solver(*game, true);
    const auto solved = solver.solve(states[k], info, 1'000'000, guess);
    REQUIRE(solved);
    CHECK(solved->margin == -39);
    CHECK(line_end_margin(*game, states[k], solved->line) == -39);
  }
}

TEST_CASE("the solver makes each child only when its turn comes, with null windows (known position count)", "[solver]") {
  auto game = Plugin::load(ALIEN_CITY_PLUGIN);
  const GameLog log = read_log(std::string(SOURCE_DIR) + "/games/samples/seed-1.ghlog");
  const auto states = replay(*game, log, std::nullopt, true).states;
  const int k = log.record.plies_size() - 8;
  review::EndgameSolver solver(*game, true);
  const auto solved = solver.solve(states[k], game->query(states[k], legal_flags()), 1'000'000);
  REQUIRE(solved);
  // Every child made first visited 990 positions here; each child made in
  // its turn with full windows, 666; with null windows after the first, 515.
  CHECK(solved->nodes == 515);
}

namespace {

// The status of a Solve call that is refused (OK when it is answered).
int solve_status(Plugin& game, const pb::SolveRequest& req) {
  pb::SolveResponse resp;
  try {
    game.call(pb::METHOD_SOLVE, req, resp);
  } catch (const CallError& e) {
    return e.status();
  }
  return pb::OK;
}

// A position of a random Connect Four game `plies` into it, or nullopt
// when the game ended before.
std::optional<std::pair<std::string, pb::StateInfo>> connect_four_position(Plugin& game, std::uint64_t seed, int plies) {
  SplitMix rng(seed);
  pb::NewGameRequest req;
  *req.mutable_flags() = legal_flags();
  auto started = game.new_game(req);
  std::string s = started.state();
  pb::StateInfo info = started.info();
  pb::ApplyResponse applied;
  for (int ply = 0; ply < plies; ++ply) {
    if (info.terminal()) return std::nullopt;
    game.apply(s, info.legal_ids(static_cast<int>(rng.below(info.legal_ids_size()))), legal_flags(), applied);
    s = applied.state();
    info = applied.info();
  }
  if (info.terminal()) return std::nullopt;
  return std::make_pair(s, info);
}

}  // namespace

TEST_CASE("Connect Four's own Solve proves what the generic solver proves, through the module", "[solver]") {
  auto game = Plugin::load(CONNECT_FOUR_PLUGIN);
  REQUIRE(review::offers_solve(*game));
  review::EndgameSolver generic(*game, /*keeps_points=*/false);
  int compared = 0;
  for (std::uint64_t seed = 1; compared < 12 && seed < 2000; ++seed) {
    const auto position = connect_four_position(*game, seed, 30);
    if (!position) continue;
    const auto& [state, info] = *position;
    const auto own = review::solve_in_game(*game, state, 1'000'000);
    const auto reference = generic.solve(state, info, 10'000'000);
    REQUIRE(own);
    REQUIRE(reference);
    CHECK(own->margin == reference->margin);
    CHECK(own->best_action == own->line.front());
    // The line is legal and ends the game with the proved result.
    std::string s = state;
    pb::ApplyResponse applied;
    for (const std::uint32_t a : own->line) {
      game->apply(s, a, legal_flags(), applied);
      s = applied.state();
    }
    REQUIRE(applied.info().terminal());
    CHECK(applied.info().returns(0) == own->margin);
    ++compared;
  }
  CHECK(compared == 12);
}

TEST_CASE("Solve refuses what it cannot answer, and games without it answer UNIMPLEMENTED", "[solver]") {
  auto game = Plugin::load(CONNECT_FOUR_PLUGIN);
  const auto position = connect_four_position(*game, 1, 4);
  REQUIRE(position);
  pb::SolveRequest req;
  req.set_state(position->first);
  req.set_budget(0);
  CHECK(solve_status(*game, req) == pb::INVALID_ARGUMENT);
  req.set_state("not a state");
  req.set_budget(1000);
  CHECK(solve_status(*game, req) == pb::BAD_STATE);
  // Past its budget: answered, not exact, the positions counted.
  req.set_state(position->first);
  pb::SolveResponse resp;
  game->call(pb::METHOD_SOLVE, req, resp);
  CHECK_FALSE(resp.exact());
  CHECK(resp.nodes() == 1001);
  CHECK(resp.line_size() == 0);
  CHECK_FALSE(review::solve_in_game(*game, position->first, 1000));

  auto hidden = Plugin::load(CITY_PLANNING_PLUGIN);
  CHECK_FALSE(review::offers_solve(*hidden));
  req.set_state(hidden->new_game(pb::NewGameRequest()).state());
  CHECK(solve_status(*hidden, req) == pb::UNIMPLEMENTED);
  // The review's solver falls back to the generic one where the game has
  // none, and does not ask the game when told not to.
  CHECK_FALSE(review::ExactSolver(*hidden, true, 200000, 1000000).in_game());
  CHECK(review::ExactSolver(*game, false, 200000, 1000000).in_game());
  CHECK_FALSE(review::ExactSolver(*game, false, 200000, 0).in_game());
  CHECK_FALSE(review::ExactSolver(*game, false, 0, 1000000).applicable());
}
