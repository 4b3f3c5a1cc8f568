// Speed of the Alien City rules core on one core (docs/performance.md).
//   build/bin/alien_city_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>

#include <utility>
#include <vector>

#include "alien_city/core/playout.h"
#include "alien_city/core/scoring.h"
#include "alien_city/core/streets.h"

namespace {

using namespace alien_city;

constexpr int kPositions = 256;

// Mid-game positions: the build decisions between ply 10 and ply 30 of
// seeded random games, cycling through them.
std::vector<State> midgame_positions() {
  std::vector<State> out;
  for (std::uint64_t seed = 1; out.size() < kPositions; ++seed) {
    State s(balanced_layout(seed));
    Rng rng(seed);
    for (int ply = 0; !s.is_over() && ply < 30; ++ply) {
      if (ply >= 10 && s.phase() == Phase::Build && out.size() < kPositions) out.push_back(s);
      apply_unchecked(s, random_action(s, rng));
    }
  }
  return out;
}

std::vector<State> final_positions() {
  std::vector<State> out;
  for (std::uint64_t seed = 1; out.size() < kPositions; ++seed) {
    State s(balanced_layout(seed));
    Rng rng(seed);
    random_playout(s, rng);
    out.push_back(s);
  }
  return out;
}

void BM_LegalBuilds(benchmark::State& st) {
  const auto positions = midgame_positions();
  std::size_t i = 0;
  for (auto _ : st) {
    const State& s = positions[i++ % positions.size()];
    benchmark::DoNotOptimize(legal_builds(s, s.to_move()));
  }
}
BENCHMARK(BM_LegalBuilds);

void BM_StreetLegalLots(benchmark::State& st) {
  const auto positions = midgame_positions();
  std::size_t i = 0;
  for (auto _ : st) benchmark::DoNotOptimize(street_legal_lots(positions[i++ % positions.size()]));
}
BENCHMARK(BM_StreetLegalLots);

// The previous method in the same run: a flood fill for each street that is
// not locally simple.
void BM_StreetLegalLotsByFlood(benchmark::State& st) {
  const auto positions = midgame_positions();
  std::size_t i = 0;
  for (auto _ : st) benchmark::DoNotOptimize(street_legal_lots_by_flood(positions[i++ % positions.size()]));
}
BENCHMARK(BM_StreetLegalLotsByFlood);

// One split test, over the streets that need one (not locally simple) of the
// mid-game positions: by the faces round the street, and by the flood fill.
std::vector<std::pair<const State*, Lot>> split_cases(const std::vector<State>& positions) {
  std::vector<std::pair<const State*, Lot>> cases;
  for (const State& s : positions)
    for (Lot lot : s.streets() - locally_simple_lots(s.streets())) cases.emplace_back(&s, lot);
  return cases;
}

template <class SplitTest>
void time_split_test(benchmark::State& st, SplitTest splits) {
  const auto positions = midgame_positions();
  const auto cases = split_cases(positions);
  std::size_t i = 0;
  for (auto _ : st) {
    const auto& [s, lot] = cases[i++ % cases.size()];
    benchmark::DoNotOptimize(splits(*s, lot));
  }
  st.counters["cases"] = static_cast<double>(cases.size());
}

void BM_SplitTest(benchmark::State& st) { time_split_test(st, splits_streets); }
BENCHMARK(BM_SplitTest);

void BM_SplitTestByFlood(benchmark::State& st) {
  time_split_test(st, [](const State& s, Lot lot) { return splits_streets_by_flood(s.streets(), lot); });
}
BENCHMARK(BM_SplitTestByFlood);

void BM_LegalActionsList(benchmark::State& st) {
  const auto positions = midgame_positions();
  std::size_t i = 0;
  for (auto _ : st) benchmark::DoNotOptimize(legal_actions(positions[i++ % positions.size()]));
}
BENCHMARK(BM_LegalActionsList);

// Copying a position, the baseline that BM_CopyAndApply includes.
void BM_Copy(benchmark::State& st) {
  const auto positions = midgame_positions();
  std::size_t i = 0;
  for (auto _ : st) {
    State s = positions[i++ % positions.size()];
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK(BM_Copy);

// Applying a legal build to a copy of a mid-game position, with the turn
// resolution it implies (does either player still have a build?).
void BM_CopyAndApply(benchmark::State& st) {
  const auto positions = midgame_positions();
  std::vector<Action> actions;
  Rng rng(1);
  for (const State& s : positions) actions.push_back(random_action(s, rng));
  std::size_t i = 0;
  for (auto _ : st) {
    const std::size_t k = i++ % positions.size();
    State s = positions[k];
    apply_unchecked(s, actions[k]);
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK(BM_CopyAndApply);

void BM_CheckAction(benchmark::State& st) {
  const auto positions = midgame_positions();
  std::vector<Action> actions;
  Rng rng(2);
  for (const State& s : positions) actions.push_back(random_action(s, rng));
  std::size_t i = 0;
  for (auto _ : st) {
    const std::size_t k = i++ % positions.size();
    benchmark::DoNotOptimize(check_action(positions[k], actions[k]));
  }
}
BENCHMARK(BM_CheckAction);

void BM_ScoreTotals(benchmark::State& st) {
  const auto positions = final_positions();
  std::size_t i = 0;
  for (auto _ : st) benchmark::DoNotOptimize(score_totals(positions[i++ % positions.size()]));
}
BENCHMARK(BM_ScoreTotals);

void BM_ScoreBreakdown(benchmark::State& st) {
  const auto positions = final_positions();
  std::size_t i = 0;
  for (auto _ : st) benchmark::DoNotOptimize(score_breakdown(positions[i++ % positions.size()]));
}
BENCHMARK(BM_ScoreBreakdown);

// Whole random games from the empty city, with final scoring.
void BM_RandomGame(benchmark::State& st) {
  std::uint64_t seed = 1;
  long plies = 0;
  for (auto _ : st) {
    State s(balanced_layout(seed));
    Rng rng(seed++);
    plies += random_playout(s, rng);
    benchmark::DoNotOptimize(score_totals(s));
  }
  st.counters["games/s"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
  st.counters["plies/game"] = static_cast<double>(plies) / static_cast<double>(st.iterations());
}
BENCHMARK(BM_RandomGame);

}  // namespace

BENCHMARK_MAIN();
