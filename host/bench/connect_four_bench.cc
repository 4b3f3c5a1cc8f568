// Connect Four through the plugin interface, loading the module as the host
// does: random playouts per second (Rollout calls) and the host's MCTS
// iterations per second, from the empty board. The same work in the rules
// core is plugin/connect_four/bench (connect_four_bench); the two together
// give the interface's overhead (docs/performance.md, "Connect Four").
//   build/bin/connect_four_interface_bench --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include "bench_support.h"
#include "gamehost/base/random.h"
#include "gamehost/play/agents/mcts.h"

using namespace gamehost;

namespace {

Plugin& plugin() { return bench::plugin(CONNECT_FOUR_PLUGIN); }

const std::string& empty_board() {
  static const std::string s = plugin().new_game({}).state();
  return s;
}

// K random playouts from the empty board per Rollout call.
void BM_Interface_RandomPlayout(benchmark::State& st) {
  pb::RolloutRequest req;
  pb::RolloutResponse resp;
  req.set_state(empty_board());
  req.set_count(static_cast<std::uint32_t>(st.range(0)));
  std::uint64_t seed = 0, plies = 0;
  for (auto _ : st) {
    req.set_seed(++seed);
    plugin().call(pb::METHOD_ROLLOUT, req, resp);
    plies += resp.plies();
  }
  const double playouts = static_cast<double>(st.iterations() * st.range(0));
  st.counters["playouts/s"] = benchmark::Counter(playouts, benchmark::Counter::kIsRate);
  st.counters["plies/playout"] = static_cast<double>(plies) / playouts;
}
BENCHMARK(BM_Interface_RandomPlayout)->ArgName("K")->Arg(1)->Arg(16);

// Random games played ply by ply through the module from the empty board
// (NewGame's answer, kept, as Python's game.new_initial_state() keeps it),
// the choice made in the host: the per-ply cost of the interface, set beside
// OpenSpiel's ApplyAction + LegalActions (BM_Core_ApplyAndLegal in
// connect_four_bench plays the same loop on the core).
void count_plies(benchmark::State& st, std::uint64_t plies) {
  st.counters["games/s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
  st.counters["ns/ply"] = benchmark::Counter(static_cast<double>(plies) * 1e-9,
                                             benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

const pb::StateInfo& empty_board_info() {
  static const pb::StateInfo info = [] {
    pb::QueryFlags f;
    f.set_legal_ids(true);
    return plugin().query(empty_board(), f);
  }();
  return info;
}

// One Apply a ply, asking for the new state's legal ids (before METHOD_STEP:
// what `gamehost play` and Python did).
void BM_Interface_RandomGame(benchmark::State& st) {
  pb::QueryFlags flags;
  flags.set_legal_ids(true);
  pb::ApplyResponse resp;
  SplitMix rng(1);
  std::uint64_t plies = 0;
  for (auto _ : st) {
    std::string state = empty_board();
    pb::StateInfo info = empty_board_info();
    for (; !info.terminal(); ++plies) {
      plugin().apply(state, info.legal_ids(static_cast<int>(rng.below(static_cast<std::uint64_t>(info.legal_ids_size())))),
                     flags, resp);
      state.swap(*resp.mutable_state());
      info.Swap(resp.mutable_info());
    }
  }
  count_plies(st, plies);
}
BENCHMARK(BM_Interface_RandomGame);

// One Step a ply (Plugin::step: METHOD_STEP, the state left out when the
// plugin returned it last).
void BM_Interface_RandomGameStep(benchmark::State& st) {
  pb::StepResponse step;
  SplitMix rng(1);
  std::uint64_t plies = 0;
  for (auto _ : st) {
    std::string state = empty_board();
    const auto& first = empty_board_info().legal_ids();
    plugin().step(state, first[static_cast<int>(rng.below(static_cast<std::uint64_t>(first.size())))], step);
    for (++plies; !step.terminal(); ++plies) {
      state.swap(*step.mutable_state());
      plugin().step(state, step.legal_ids(static_cast<int>(rng.below(static_cast<std::uint64_t>(step.legal_ids_size())))),
                    step);
    }
  }
  count_plies(st, plies);
}
BENCHMARK(BM_Interface_RandomGameStep);

// One search of 2000 iterations from the empty board (a fresh tree each
// time), one thread, one playout per iteration.
void BM_Interface_MctsIterations(benchmark::State& st) {
  pb::QueryFlags f;
  f.set_legal_ids(true);
  const pb::StateInfo info = plugin().query(empty_board(), f);
  std::uint64_t total = 0, seed = 0;
  for (auto _ : st) {
    MctsOptions o;
    o.iters = static_cast<std::uint64_t>(st.range(0));
    o.seed = ++seed;
    o.reuse = false;
    MctsSearch search(plugin(), o);
    total += search.search(empty_board(), info).iterations;
  }
  st.counters["iters/s"] = benchmark::Counter(static_cast<double>(total), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Interface_MctsIterations)->Arg(2000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
