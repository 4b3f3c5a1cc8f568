// Review figures (docs/performance.md, "Game review"):
// - BM_SolveFromEnd/K: the endgame solver, a fresh table, on the position K
//   plies before the end of each Alien City sample game (seed-1..3), until
//   proved: how far from the end it reaches within a second.
// - BM_GameSolveFromEnd/K: the same positions proved by Alien City's own
//   solver (Solve, Method 12): how far from the end it reaches in 5 s.
// - BM_ConnectFourSolve/E: Connect Four's own solver on every position
//   with E empty cells of 200 uniformly random games (Red to move or not),
//   the slowest solve's CPU time as a counter: the reach within a second.
// - BM_ReviewGame/J: the default review of seed-1.ghlog (47 plies) with J
//   jobs, wall-clock (the speed target: at most 30 s for a 48-ply game).
//   build/bin/review_bench --benchmark_filter=... (see docs/performance.md)
#include <benchmark/benchmark.h>

#include <time.h>

#include <algorithm>
#include <filesystem>

#include "gamehost/records/game_log.h"
#include "gamehost/base/random.h"
#include "gamehost/records/replay.h"
#include "gamehost/review/exact_solver.h"
#include "gamehost/review/reviewer.h"
#include "gamehost/review/solver.h"

using namespace gamehost;

namespace {

Plugin& alien_city() {
  static auto p = Plugin::load(ALIEN_CITY_PLUGIN);
  return *p;
}

std::string sample(int n) { return std::string(SOURCE_DIR) + "/games/samples/seed-" + std::to_string(n) + ".ghlog"; }

void BM_SolveFromEnd(benchmark::State& st) {
  const int k = static_cast<int>(st.range(0));
  Plugin& game = alien_city();
  pb::QueryFlags legal;
  legal.set_legal_ids(true);
  std::vector<std::pair<std::string, pb::StateInfo>> positions;
  for (int n = 1; n <= 3; ++n) {
    const GameLog log = read_log(sample(n));
    const auto states = replay(game, log, std::nullopt, true).states;
    const std::string& s = states[states.size() - 1 - static_cast<std::size_t>(k)];
    positions.emplace_back(s, game.query(s, legal));
  }
  std::uint64_t nodes = 0, solves = 0;
  for (auto _ : st) {
    for (const auto& [s, info] : positions) {
      review::EndgameSolver solver(game, true);
      const auto solved = solver.solve(s, info, 200'000'000);
      if (!solved) st.SkipWithError("not solved");
      nodes += solved ? solved->nodes : 0;
      ++solves;
    }
  }
  st.counters["positions_per_solve"] = benchmark::Counter(static_cast<double>(nodes) / solves);
  st.counters["solves"] = benchmark::Counter(static_cast<double>(solves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SolveFromEnd)->DenseRange(2, 16, 2)->Unit(benchmark::kMillisecond)->Iterations(1);

// The position K plies before the end of each Alien City sample game.
std::vector<std::string> from_end(Plugin& game, int k) {
  std::vector<std::string> out;
  for (int n = 1; n <= 3; ++n) {
    const GameLog log = read_log(sample(n));
    const auto states = replay(game, log, std::nullopt, true).states;
    out.push_back(states[states.size() - 1 - static_cast<std::size_t>(k)]);
  }
  return out;
}

// This thread's CPU time in seconds: the plugin runs in this thread, and
// the CPU time does not count the other processes sharing the cores.
double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Solves each position by the game's own solver, the slowest (CPU time)
// as a counter.
void solve_all(benchmark::State& st, Plugin& game, const std::vector<std::string>& positions) {
  std::uint64_t nodes = 0, solves = 0;
  double slowest = 0;
  for (auto _ : st) {
    for (const auto& s : positions) {
      const double start = thread_cpu_seconds();
      const auto solved = review::solve_in_game(game, s, 4'000'000'000);
      slowest = std::max(slowest, thread_cpu_seconds() - start);
      if (!solved) st.SkipWithError("not solved");
      nodes += solved ? solved->nodes : 0;
      ++solves;
    }
  }
  st.counters["positions_per_solve"] = benchmark::Counter(static_cast<double>(nodes) / std::max<std::uint64_t>(1, solves));
  st.counters["slowest_cpu_s"] = benchmark::Counter(slowest);
  st.counters["solves"] = benchmark::Counter(static_cast<double>(solves));
}

void BM_GameSolveFromEnd(benchmark::State& st) {
  Plugin& game = alien_city();
  solve_all(st, game, from_end(game, static_cast<int>(st.range(0))));
}
BENCHMARK(BM_GameSolveFromEnd)->DenseRange(10, 16, 1)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_ConnectFourSolve(benchmark::State& st) {
  static auto game = Plugin::load(CONNECT_FOUR_PLUGIN);
  const int empty = static_cast<int>(st.range(0));
  pb::QueryFlags legal;
  legal.set_legal_ids(true);
  std::vector<std::string> positions;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    SplitMix rng(seed);
    auto started = game->new_game(pb::NewGameRequest());
    std::string s = started.state();
    pb::StateInfo info = game->query(s, legal);
    pb::ApplyResponse applied;
    for (int ply = 0; ply < 42 - empty && !info.terminal(); ++ply) {
      game->apply(s, info.legal_ids(static_cast<int>(rng.below(info.legal_ids_size()))), legal, applied);
      s = applied.state();
      info = applied.info();
    }
    if (!info.terminal()) positions.push_back(s);
  }
  solve_all(st, *game, positions);
}
BENCHMARK(BM_ConnectFourSolve)->DenseRange(26, 34, 2)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_ReviewGame(benchmark::State& st) {
  Plugin& game = alien_city();
  const auto out = std::filesystem::temp_directory_path() / "review_bench.ghreview";
  review::ReviewRequest req;
  req.log = sample(1);
  req.out = out;
  req.settings = review::default_settings(true);
  req.jobs = static_cast<int>(st.range(0));
  req.restart = true;
  for (auto _ : st) benchmark::DoNotOptimize(review::run_review(game, req).computed);
  std::filesystem::remove(out);
}
BENCHMARK(BM_ReviewGame)->Arg(1)->Arg(2)->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
