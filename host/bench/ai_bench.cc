// AI agents' speed (docs/performance.md, "AI agents"): MCTS iterations per
// second from mid-game Alien City positions on one core and with two
// root-parallel threads, bytes per tree node, and random playouts through
// the Rollout call against the same playouts in the rules core.
//   build-ai/bin/ai_bench --benchmark_min_time=2
#include <benchmark/benchmark.h>
#include <time.h>

#include "gamehost/agents/mcts.h"
#include "alien_city/core/playout.h"
#include "alien_city/core/rng.h"
#include "alien_city/core/rules.h"
#include "alien_city/core/scoring.h"
#include "alien_city/core/serialize.h"
#include "alien_city/core/setup.h"
#include "gamehost/plugin.h"

using namespace gamehost;
namespace ac = alien_city;

namespace {

Plugin& plugin() {
  static auto p = Plugin::load(ALIEN_CITY_PLUGIN);
  return *p;
}

// Mid-game positions: ply 16 of random games with seeds 1..8 (about a third
// of a game in; the root has ~60-100 legal actions).
struct Position {
  ac::State core;
  std::string bytes;
  pb::StateInfo info;
};

const std::vector<Position>& positions() {
  static const std::vector<Position> all = [] {
    std::vector<Position> v;
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      ac::State s(ac::balanced_layout(seed));
      ac::Rng rng(seed * 77);
      for (int ply = 0; ply < 16 && !s.is_over(); ++ply) ac::apply_unchecked(s, ac::random_action(s, rng));
      Position p{s, ac::serialize(s), {}};
      pb::QueryFlags f;
      f.set_legal_ids(true);
      p.info = plugin().query(p.bytes, f);
      v.push_back(std::move(p));
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
// call) ... Arg same=1: always the same position, as in MCTS, where the
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

// ... and in the core: copy, random_playout, score (what Rollout does inside).
void BM_Rollout_Core(benchmark::State& st) {
  const auto& pos = positions();
  const int k = static_cast<int>(st.range(0));
  std::size_t i = 0;
  const bool same = st.range(1) != 0;
  for (auto _ : st) {
    const ac::State& start = pos[same ? 0 : i % pos.size()].core;
    ac::Rng rng(++i);
    int sum = 0;
    for (int j = 0; j < k; ++j) {
      ac::State s = start;
      ac::random_playout(s, rng);
      const auto sc = ac::score_totals(s);
      sum += (sc[0] > sc[1]) - (sc[0] < sc[1]);
    }
    benchmark::DoNotOptimize(sum);
  }
  st.counters["playouts/s"] =
      benchmark::Counter(static_cast<double>(st.iterations() * st.range(0)), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Rollout_Core)->ArgNames({"K", "same"})->Args({1, 0})->Args({1, 1})->Args({16, 0});

}  // namespace

BENCHMARK_MAIN();
