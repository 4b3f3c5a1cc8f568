// AI agents' speed (docs/performance.md, "AI agents"): MCTS iterations per
// second from mid-game Alien City positions on one core and with two
// root-parallel threads, bytes per tree node, and random playouts through
// the Rollout call. The same playouts in the rules core, from the same
// positions, are timed by plugin/alien_city/bench/baseline_bench.cc.
//   build/bin/ai_bench --benchmark_min_time=2
#include <benchmark/benchmark.h>
#include <time.h>

#include "bench_support.h"
#include "gamehost/play/agents/mcts.h"

using namespace gamehost;

namespace {

Plugin& plugin() { return bench::plugin(ALIEN_CITY_PLUGIN); }

// Mid-game positions: ply 16 of the scripted games of seeds 1..8
// (bench_support.h; about a third of a game in, 60-100 legal actions at
// the root).
struct Position {
  std::string bytes;
  pb::StateInfo info;
};

const std::vector<Position>& positions() {
  static const std::vector<Position> all = [] {
    std::vector<Position> v;
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      bench::Line line = bench::scripted_game(plugin(), seed, 16);
      v.push_back({std::move(line.last), std::move(line.last_info)});
    }
    return v;
  }();
  return all;
}

// One search of `iters` iterations per position (a fresh tree each time, so
// no reuse flatters the figure). Arg 0: threads.
void BM_Mcts_Iterations(benchmark::State& st) {
  const int threads = static_cast<int>(st.range(0));
  const std::uint64_t iters = static_cast<std::uint64_t>(st.range(1));
  const auto& pos = positions();
  std::uint64_t total = 0, nodes = 0, bytes = 0;
  std::size_t i = 0;
  // Process CPU time too: on a shared machine the wall-clock rate of two
  // threads depends on the other load; iterations per CPU second show
  // whether the threads slow each other down.
  timespec c0{}, c1{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
  for (auto _ : st) {
    MctsOptions o;
    o.iters = iters;
    o.threads = threads;
    o.seed = i + 1;
    o.reuse = false;
    MctsSearch search(plugin(), o);
    const auto& p = pos[i++ % pos.size()];
    const auto r = search.search(p.bytes, p.info);
    total += r.iterations;
    nodes += r.nodes;
    bytes += r.bytes;
  }
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
  const double cpu = static_cast<double>(c1.tv_sec - c0.tv_sec) + 1e-9 * static_cast<double>(c1.tv_nsec - c0.tv_nsec);
  st.counters["iters/s"] = benchmark::Counter(static_cast<double>(total), benchmark::Counter::kIsRate);
  st.counters["iters/cpu-s"] = static_cast<double>(total) / cpu;
  st.counters["bytes/node"] = static_cast<double>(bytes) / static_cast<double>(nodes);
  st.counters["nodes/search"] = static_cast<double>(nodes) / static_cast<double>(st.iterations());
}
BENCHMARK(BM_Mcts_Iterations)
    ->ArgNames({"threads", "iters"})
    ->Args({1, 50000})
    ->Args({2, 100000})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// Random playouts from the same positions through the Rollout call (K per
// call). Arg same=1: always the same position, as in MCTS, where the
// Rollout follows the Apply that produced its state and the plugin's decoded
// state is reused; same=0: a different position each call (decoded anew).
void BM_Rollout_Interface(benchmark::State& st) {
  const auto& pos = positions();
  Plugin& p = plugin();
  pb::RolloutRequest req;
  pb::RolloutResponse resp;
  req.set_count(static_cast<std::uint32_t>(st.range(0)));
  const bool same = st.range(1) != 0;
  std::size_t i = 0;
  std::uint64_t plies = 0;
  for (auto _ : st) {
    req.set_state(pos[same ? 0 : i % pos.size()].bytes);
    req.set_seed(++i);
    p.call(pb::METHOD_ROLLOUT, req, resp);
    plies += resp.plies();
  }
  st.counters["playouts/s"] =
      benchmark::Counter(static_cast<double>(st.iterations() * st.range(0)), benchmark::Counter::kIsRate);
  st.counters["plies/playout"] = static_cast<double>(plies) / static_cast<double>(st.iterations() * st.range(0));
}
BENCHMARK(BM_Rollout_Interface)->ArgNames({"K", "same"})->Args({1, 0})->Args({1, 1})->Args({16, 0});


}  // namespace

BENCHMARK_MAIN();
