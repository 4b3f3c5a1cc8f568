// City Planning through its module (docs/performance.md, "City Planning"):
// whole random games as `gamehost play` runs them without a log (NewGame,
// then Apply with packed legal ids per ply, chance drawn by the host from
// chance_probabilities), Rollout, and a game recorded and verified. The
// core's playout, for the ratio, is BM_Direct_RandomPlayout in
// plugin/city_planning/bench (target city_planning_bench).
//   build/bin/city_planning_interface_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include "bench_support.h"

using namespace gamehost;

namespace {

Plugin& plugin() { return bench::plugin(CITY_PLANNING_PLUGIN); }

void BM_Plugin_RandomGame(benchmark::State& st) {
  std::uint64_t seed = 0, plies = 0;
  for (auto _ : st) plies += bench::random_game(plugin(), seed++);
  st.SetItemsProcessed(st.iterations());
  st.counters["plies/game"] = static_cast<double>(plies) / static_cast<double>(st.iterations());
}
BENCHMARK(BM_Plugin_RandomGame)->Unit(benchmark::kMicrosecond);

// Rollout (Method 9) from the start: playouts inside the plugin.
void BM_Plugin_Rollout(benchmark::State& st) {
  Plugin& p = plugin();
  pb::RolloutRequest req;
  req.set_state(p.new_game({}).state());
  req.set_count(16);
  pb::RolloutResponse resp;
  std::uint64_t seed = 0;
  for (auto _ : st) {
    req.set_seed(seed++);
    p.call(pb::METHOD_ROLLOUT, req, resp);
  }
  st.SetItemsProcessed(st.iterations() * 16);
}
BENCHMARK(BM_Plugin_Rollout)->Unit(benchmark::kMicrosecond);

// A full game played by random agents and logged, then read and verified.
void BM_Log_WriteAndVerify(benchmark::State& st) { bench::log_write_and_verify(st, plugin()); }
BENCHMARK(BM_Log_WriteAndVerify)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
