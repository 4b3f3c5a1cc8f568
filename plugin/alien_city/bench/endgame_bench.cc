// Reach of Alien City's endgame solver (core/endgame.h) without the plugin
// interface: the position K decisions before the end of seeded random
// games, each solved from an empty table (docs/performance.md).
//   build/bin/alien_city_endgame_bench --benchmark_filter='BM_Endgame/1[0-6]'
#include <benchmark/benchmark.h>

#include <algorithm>
#include <ctime>
#include <vector>

#include "alien_city/core/endgame.h"
#include "alien_city/core/playout.h"

namespace {

using namespace alien_city;

constexpr int kGames = 8;

// The position k decisions before the end of random game `seed`.
State from_end(std::uint64_t seed, int k) {
  State s(balanced_layout(seed));
  Rng rng(seed);
  std::vector<State> states{s};
  while (!s.is_over()) {
    apply_unchecked(s, random_action(s, rng));
    states.push_back(s);
  }
  return states[states.size() - 1 - static_cast<std::size_t>(std::min<int>(k, states.size() - 1))];
}

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Every game's position K decisions before its end, solved one after the
// other; the slowest solve's CPU time and the mean positions as counters.
void BM_Endgame(benchmark::State& st) {
  const int k = static_cast<int>(st.range(0));
  std::vector<State> positions;
  for (std::uint64_t seed = 1; seed <= kGames; ++seed) positions.push_back(from_end(seed, k));
  EndgameSolver solver;
  double slowest = 0;
  std::uint64_t nodes = 0, solves = 0;
  for (auto _ : st) {
    for (const State& s : positions) {
      const double start = thread_cpu_seconds();
      const EndgameResult r = solver.solve(s, 4'000'000'000);
      slowest = std::max(slowest, thread_cpu_seconds() - start);
      if (!r.proved) st.SkipWithError("not proved");
      nodes += r.nodes;
      ++solves;
    }
  }
  st.counters["positions_per_solve"] = benchmark::Counter(static_cast<double>(nodes) / std::max<std::uint64_t>(1, solves));
  st.counters["slowest_cpu_s"] = benchmark::Counter(slowest);
}
BENCHMARK(BM_Endgame)->DenseRange(8, 18, 1)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
