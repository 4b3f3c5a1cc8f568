// The cost of isolation (docs/performance.md, "Isolated plugins"): calls per
// second and MCTS iterations per second with Alien City loaded in this
// process against the same plugin in a gamehost-plugin-runner child
// (--isolate). Wall-clock time: an isolated call's work is done in the child,
// which this process's CPU time does not count.
//   build/bin/isolation_bench --benchmark_min_time=2
#include <benchmark/benchmark.h>

#include "gamehost/play/agents/mcts.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/records/replay.h"

using namespace gamehost;

namespace {

Plugin& plugin(bool isolated) {
  static auto in_process = Plugin::load(ALIEN_CITY_PLUGIN);
  static auto child = [] {
    LoadOptions o;
    o.isolate = true;
    return Plugin::load(ALIEN_CITY_PLUGIN, o);
  }();
  return isolated ? *child : *in_process;
}

// Ply 16 of a game of first legal actions: a mid-game position.
struct Position {
  std::string state;
  pb::StateInfo info;
};

Position mid_game(Plugin& p) {
  Position pos;
  auto started = p.new_game({});
  pos.state = started.state();
  pos.info = p.query(pos.state, step_flags());
  pb::ApplyResponse r;
  for (int ply = 0; ply < 16; ++ply) {
    p.apply(pos.state, pos.info.legal_ids(ply % pos.info.legal_ids_size()), step_flags(), r);
    pos.state = r.state();
    pos.info = r.info();
  }
  return pos;
}

// One Apply with the legal ids of the next state: the call MCTS expands with.
void BM_Apply(benchmark::State& st) {
  Plugin& p = plugin(st.range(0) != 0);
  const Position pos = mid_game(p);
  pb::ApplyResponse r;
  std::size_t i = 0;
  for (auto _ : st) p.apply(pos.state, pos.info.legal_ids(static_cast<int>(i++ % 8)), step_flags(), r);
  st.counters["calls/s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Apply)->ArgNames({"isolated"})->Arg(0)->Arg(1)->UseRealTime();

// One search of 2000 iterations from the mid-game position, K playouts per
// Rollout call (one Apply and one Rollout per iteration).
void BM_Mcts(benchmark::State& st) {
  Plugin& p = plugin(st.range(0) != 0);
  const Position pos = mid_game(p);
  std::uint64_t total = 0, seed = 0;
  for (auto _ : st) {
    MctsOptions o;
    o.iters = 2000;
    o.rollouts = static_cast<std::uint32_t>(st.range(1));
    o.seed = ++seed;
    o.reuse = false;
    MctsSearch search(p, o);
    total += search.search(pos.state, pos.info).iterations;
  }
  st.counters["iters/s"] = benchmark::Counter(static_cast<double>(total), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Mcts)
    ->ArgNames({"isolated", "K"})
    ->Args({0, 1})
    ->Args({1, 1})
    ->Args({0, 16})
    ->Args({1, 16})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
