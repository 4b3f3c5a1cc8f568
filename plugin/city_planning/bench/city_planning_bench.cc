// Speed of the City Planning rules core on one core (docs/performance.md).
//   build/bin/city_planning_bench --benchmark_min_time=0.5
// The *_Reference benchmarks run the plain versions the core replaced
// (plugin/city_planning/reference/), for ratios measured in the same run.
#include <benchmark/benchmark.h>

#include <vector>

#include "city_planning/core/playout.h"
#include "city_planning/core/serialize.h"
#include "city_planning/core/stones.h"
#include "city_planning/reference/reference_rules.h"

namespace {

using namespace city_planning;

constexpr int kPositions = 256;

// Decision positions of seeded games (Zone-and-Development play, which
// builds fuller boards), between turn 5 and turn 30, of the given phase.
std::vector<State> positions(Phase phase) {
  std::vector<State> out;
  for (std::uint64_t seed = 1; out.size() < kPositions; ++seed) {
    State s;
    Rng rng(seed);
    while (!s.is_over() && s.turn() < 30 && out.size() < kPositions) {
      if (s.turn() >= 5 && s.phase() == phase) out.push_back(s);
      apply_unchecked(s, random_action_by_kind(s, rng));
    }
  }
  return out;
}

// A whole game: setup draws, every decision uniformly at random, to the end.
// Seeds cycle through the same 1,000 games, so both versions (which play the
// same game for a seed) are timed on the same games.
template <int (*Playout)(State&, Rng&)>
void random_games(benchmark::State& st) {
  std::uint64_t seed = 0;
  long decisions = 0;
  for (auto _ : st) {
    State s;
    Rng rng(seed++ % 1000 + 1);
    decisions += Playout(s, rng);
    benchmark::DoNotOptimize(s);
  }
  st.counters["games/s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
  st.counters["decisions/game"] = static_cast<double>(decisions) / static_cast<double>(st.iterations());
}
int playout(State& s, Rng& rng) { return random_playout(s, rng); }
void BM_RandomGame(benchmark::State& st) { random_games<playout>(st); }
void BM_RandomGame_Reference(benchmark::State& st) { random_games<reference::random_playout>(st); }
BENCHMARK(BM_RandomGame);
BENCHMARK(BM_RandomGame_Reference);

// The same with the Zone-and-Development policy (longer games, rezoning).
void BM_RandomGameByKind(benchmark::State& st) {
  std::uint64_t seed = 0;
  long decisions = 0;
  for (auto _ : st) {
    State s;
    Rng rng(++seed);
    while (!s.is_over()) {
      apply_unchecked(s, random_action_by_kind(s, rng));
      ++decisions;
    }
    benchmark::DoNotOptimize(s);
  }
  st.counters["games/s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
  st.counters["decisions/game"] = static_cast<double>(decisions) / static_cast<double>(st.iterations());
}
BENCHMARK(BM_RandomGameByKind);

template <class List>
void legal_lists(benchmark::State& st, Phase phase, List list) {
  const auto ps = positions(phase);
  std::size_t i = 0;
  long actions = 0;
  for (auto _ : st) {
    const auto legal = list(ps[i++ % ps.size()]);
    actions += static_cast<long>(legal.size());
    benchmark::DoNotOptimize(legal.data());
  }
  st.counters["actions/position"] = static_cast<double>(actions) / static_cast<double>(st.iterations());
}
void BM_LegalActions(benchmark::State& st, Phase phase) {
  legal_lists(st, phase, [](const State& s) { return legal_actions(s); });
}
void BM_LegalActions_Reference(benchmark::State& st, Phase phase) {
  legal_lists(st, phase, [](const State& s) { return reference::legal_actions(s); });
}
BENCHMARK_CAPTURE(BM_LegalActions, stones, Phase::Stones);
BENCHMARK_CAPTURE(BM_LegalActions, main, Phase::Main);
BENCHMARK_CAPTURE(BM_LegalActions_Reference, main, Phase::Main);

void BM_CountLegalActions(benchmark::State& st, Phase phase) {
  const auto ps = positions(phase);
  std::size_t i = 0;
  for (auto _ : st) benchmark::DoNotOptimize(count_legal_actions(ps[i++ % ps.size()]));
}
BENCHMARK_CAPTURE(BM_CountLegalActions, main, Phase::Main);

void BM_SerializeRoundTrip(benchmark::State& st) {
  const auto ps = positions(Phase::Main);
  std::size_t i = 0;
  for (auto _ : st) benchmark::DoNotOptimize(deserialize(serialize(ps[i++ % ps.size()])).ok());
}
BENCHMARK(BM_SerializeRoundTrip);

// The core's uniform random playout from the start: the ratio of
// BM_Plugin_RandomGame (host/bench/city_planning_bench.cc, through the module).
void BM_Direct_RandomPlayout(benchmark::State& st) {
  std::uint64_t seed = 0;
  for (auto _ : st) {
    State s;
    Rng rng(seed++);
    benchmark::DoNotOptimize(random_playout(s, rng));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_Direct_RandomPlayout)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
