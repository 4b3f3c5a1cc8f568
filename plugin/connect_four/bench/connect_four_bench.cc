// Connect Four in the rules core, without the plugin interface: random
// playouts per second, and MCTS iterations per second of a plain UCT search
// written here on the core (the baseline the host's MCTS, which goes
// through the interface, is compared with; host/bench/connect_four_bench.cc).
//   build/bin/connect_four_bench --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "connect_four/core/playout.h"

namespace cf = connect_four;

namespace {

// A whole random game from the empty board (copy + playout + result).
void BM_Core_RandomPlayout(benchmark::State& st) {
  cf::Rng rng(1);
  std::uint64_t plies = 0;
  for (auto _ : st) {
    cf::State s;
    plies += static_cast<std::uint64_t>(cf::random_playout(s, rng));
    benchmark::DoNotOptimize(s.result());
  }
  st.counters["playouts/s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
  st.counters["plies/playout"] = static_cast<double>(plies) / static_cast<double>(st.iterations());
}
BENCHMARK(BM_Core_RandomPlayout);

// A random game played the way OpenSpiel's C++ loop is written
// (state->ApplyAction(a); state->LegalActions()): the drop checked, then the
// legal columns listed into a fresh std::vector each ply. The reference for
// the per-ply cost through the interface (BM_Interface_RandomGame in
// connect_four_interface_bench).
void BM_Core_ApplyAndLegal(benchmark::State& st) {
  cf::Rng rng(1);
  std::uint64_t plies = 0;
  for (auto _ : st) {
    cf::State s;
    std::vector<int> legal{0, 1, 2, 3, 4, 5, 6};
    while (!legal.empty()) {
      if (s.drop(legal[rng.below(static_cast<std::uint32_t>(legal.size()))])) st.SkipWithError("illegal drop");
      ++plies;
      std::vector<int> next;
      for (int col = 0; col < cf::kCols; ++col)
        if (s.can_drop(col)) next.push_back(col);
      legal = std::move(next);
    }
    benchmark::DoNotOptimize(s.result());
  }
  st.counters["games/s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
  st.counters["ns/ply"] = benchmark::Counter(static_cast<double>(plies) * 1e-9,
                                             benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_Core_ApplyAndLegal);

// UCT (exploration constant 1.4, one random playout per iteration, returns
// from the mover's side), a tree of nodes in one vector.
struct Node {
  cf::State state;
  int parent = -1;
  int first_child = -1;
  int children = 0;
  int visits = 0;
  double value = 0;  // summed returns of the player who moved into this node
};

int uct_search(const cf::State& root, int iters, cf::Rng& rng) {
  std::vector<Node> tree;
  tree.reserve(static_cast<std::size_t>(iters) * 2 + 8);
  tree.push_back({root});
  for (int it = 0; it < iters; ++it) {
    int n = 0;
    // Select: down fully expanded nodes by UCB1.
    while (tree[n].first_child >= 0 && !tree[n].state.is_over()) {
      int best = -1;
      double best_score = -1e300;
      for (int c = tree[n].first_child; c < tree[n].first_child + tree[n].children; ++c) {
        const Node& ch = tree[c];
        const double score = ch.visits == 0 ? 1e9 + rng.below(1000)
                                            : ch.value / ch.visits +
                                                  1.4 * std::sqrt(std::log(tree[n].visits + 1.0) / ch.visits);
        if (score > best_score) best_score = score, best = c;
      }
      n = best;
      if (tree[n].visits == 0) break;
    }
    // Expand a leaf that was visited before.
    if (tree[n].first_child < 0 && !tree[n].state.is_over() && (n == 0 || tree[n].visits > 0)) {
      tree[n].first_child = static_cast<int>(tree.size());
      for (int col = 0; col < cf::kCols; ++col)
        if (tree[n].state.can_drop(col)) {
          Node child{tree[n].state, n};
          child.state.drop_unchecked(col);
          tree.push_back(child);
          ++tree[n].children;
        }
      n = tree[n].first_child;
    }
    // Simulate and back up.
    cf::State s = tree[n].state;
    cf::random_playout(s, rng);
    const auto w = s.winner();
    for (int k = n; k >= 0; k = tree[k].parent) {
      ++tree[k].visits;
      if (k == 0 || !w) continue;
      const cf::Player mover = cf::other(tree[k].state.to_move());
      tree[k].value += *w == mover ? 1.0 : -1.0;
    }
  }
  return static_cast<int>(tree.size());
}

void BM_Core_MctsIterations(benchmark::State& st) {
  const int iters = static_cast<int>(st.range(0));
  cf::Rng rng(7);
  for (auto _ : st) benchmark::DoNotOptimize(uct_search(cf::State{}, iters, rng));
  st.counters["iters/s"] =
      benchmark::Counter(static_cast<double>(st.iterations()) * iters, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Core_MctsIterations)->Arg(2000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
