// The rules core's side of the host's ratios (docs/performance.md,
// "Interface, plugin and host" and "AI agents"): the same work as
// host/bench/interface_bench.cc and ai_bench.cc do through the module, here
// directly in the core and from the same positions. Part of alien_city_bench.
#include <benchmark/benchmark.h>

#include <vector>

#include "alien_city/core/playout.h"
#include "alien_city/core/rules.h"
#include "alien_city/core/scoring.h"
#include "alien_city/core/setup.h"

namespace {

using namespace alien_city;

// The host benchmarks' scripted game (host/bench/bench_support.h,
// scripted_choice): ply k takes the ((7 seed + 13 k) mod n)-th of the n
// legal actions in increasing id order, from the balanced layout of `seed`
// (NewGame's default). The states before each ply, then the one reached.
struct Line {
  std::vector<State> states;
  std::vector<Action> actions;
  State last;
};

Line scripted_game(std::uint64_t seed, int plies) {
  Line line{{}, {}, State(balanced_layout(seed))};
  for (int ply = 0; ply < plies && !line.last.is_over(); ++ply) {
    const auto legal = legal_actions(line.last);
    const Action a = legal[(7 * seed + 13 * static_cast<std::uint64_t>(ply)) % legal.size()];
    line.states.push_back(line.last);
    line.actions.push_back(a);
    apply_unchecked(line.last, a);
  }
  return line;
}

const Line& game() {
  static const Line g = scripted_game(1, 1 << 30);
  return g;
}

// ai_bench's positions: ply 16 of the scripted games of seeds 1..8.
const std::vector<State>& midgame() {
  static const std::vector<State> all = [] {
    std::vector<State> v;
    for (std::uint64_t seed = 1; seed <= 8; ++seed) v.push_back(scripted_game(seed, 16).last);
    return v;
  }();
  return all;
}

// What Query without flags answers: to move, phase, over.
void BM_Direct_Status(benchmark::State& st) {
  const auto& g = game();
  std::size_t i = 0;
  for (auto _ : st) {
    const State& s = g.states[i++ % g.states.size()];
    benchmark::DoNotOptimize(static_cast<int>(s.to_move()) + static_cast<int>(s.phase()) + s.is_over());
  }
}
BENCHMARK(BM_Direct_Status);

// What Apply with legal ids does: copy, apply, list the legal actions.
void BM_Direct_ApplyAndLegal(benchmark::State& st) {
  const auto& g = game();
  std::size_t i = 0;
  for (auto _ : st) {
    const std::size_t k = i++ % g.states.size();
    State s = g.states[k];
    apply_unchecked(s, g.actions[k]);
    benchmark::DoNotOptimize(legal_actions(s).size());
  }
}
BENCHMARK(BM_Direct_ApplyAndLegal);

void BM_Direct_RandomGame(benchmark::State& st) {
  std::uint64_t seed = 0;
  for (auto _ : st) {
    State s(balanced_layout(seed));
    Rng rng(seed++);
    benchmark::DoNotOptimize(random_playout(s, rng));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_Direct_RandomGame);

// What Rollout does inside: copy, random_playout, score; K per "call",
// same=1 always from the first position.
void BM_Rollout_Core(benchmark::State& st) {
  const auto& pos = midgame();
  const int k = static_cast<int>(st.range(0));
  std::size_t i = 0;
  const bool same = st.range(1) != 0;
  for (auto _ : st) {
    const State& start = pos[same ? 0 : i % pos.size()];
    Rng rng(++i);
    int sum = 0;
    for (int j = 0; j < k; ++j) {
      State s = start;
      random_playout(s, rng);
      const auto sc = score_totals(s);
      sum += (sc[0] > sc[1]) - (sc[0] < sc[1]);
    }
    benchmark::DoNotOptimize(sum);
  }
  st.counters["playouts/s"] =
      benchmark::Counter(static_cast<double>(st.iterations() * st.range(0)), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Rollout_Core)->ArgNames({"K", "same"})->Args({1, 0})->Args({1, 1})->Args({16, 0});

}  // namespace
