// City Planning through the plugin interface (issue 6): whole random games
// as `gamehost play` runs them without a log (NewGame, then Apply with packed
// legal ids per ply, chance drawn by the host from chance_probabilities), a
// game recorded and verified, Rollout and Observe; the core's playout for
// comparison.
//   build-cpp/bin/city_planning_plugin_bench --benchmark_min_time=0.5
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>

#include "gamehost/agents/random_agent.h"
#include "city_planning/core/playout.h"
#include "city_planning/core/rules.h"
#include "city_planning/core/serialize.h"
#include "gamehost/game_log.h"
#include "gamehost/play.h"
#include "gamehost/plugin.h"
#include "gamehost/replay.h"

using namespace gamehost;
namespace cp = city_planning;

namespace {

Plugin& plugin() {
  static auto p = Plugin::load(CITY_PLANNING_PLUGIN);
  return *p;
}

// The host's draw of a chance outcome (as play.cc does it).
std::uint32_t draw(const pb::StateInfo& info, SplitMix& rng) {
  double u = rng.unit();
  int i = 0;
  const auto& probs = info.chance_probabilities();
  while (i + 1 < info.legal_ids_size() && i < probs.size() && u >= probs[i]) u -= probs[i++];
  return info.legal_ids(i);
}

void BM_Plugin_RandomGame(benchmark::State& st) {
  Plugin& p = plugin();
  pb::NewGameRequest req;
  req.mutable_flags()->set_legal_ids(true);
  pb::QueryFlags flags;
  flags.set_legal_ids(true);
  pb::ApplyResponse resp;
  std::uint64_t seed = 0, plies = 0;
  for (auto _ : st) {
    req.set_seed(seed);
    SplitMix rng(seed++);
    auto started = p.new_game(req);
    std::string state = std::move(*started.mutable_state());
    pb::StateInfo info = std::move(*started.mutable_info());
    while (!info.terminal()) {
      const auto id = info.to_move() == -1
                          ? draw(info, rng)
                          : info.legal_ids(static_cast<int>(rng.below(static_cast<std::uint64_t>(info.legal_ids_size()))));
      p.apply(state, id, flags, resp);
      state.swap(*resp.mutable_state());
      info.Swap(resp.mutable_info());
      ++plies;
    }
  }
  st.SetItemsProcessed(st.iterations());
  st.counters["plies/game"] = static_cast<double>(plies) / static_cast<double>(st.iterations());
}
BENCHMARK(BM_Plugin_RandomGame)->Unit(benchmark::kMicrosecond);

// The core's uniform random playout from the start, for the ratio.
void BM_Direct_RandomPlayout(benchmark::State& st) {
  std::uint64_t seed = 0;
  for (auto _ : st) {
    cp::State s;
    cp::Rng rng(seed++);
    benchmark::DoNotOptimize(cp::random_playout(s, rng));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_Direct_RandomPlayout)->Unit(benchmark::kMicrosecond);

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
void BM_Log_WriteAndVerify(benchmark::State& st) {
  Plugin& p = plugin();
  const auto path = std::filesystem::temp_directory_path() /
                    ("cp_bench_" + std::to_string(::getpid()) + ".ghlog");
  std::uint64_t plies = 0;
  for (auto _ : st) {
    PlaySettings s;
    s.seed = 1;
    s.agents = {"random:seed=1", "random:seed=2"};
    s.log_path = path;
    s.overwrite = true;
    s.quiet = true;
    plies += static_cast<std::uint64_t>(play_game(p, s).plies);
    benchmark::DoNotOptimize(replay(p, read_log(path)).plies);
  }
  std::filesystem::remove(path);
  st.counters["plies/game"] = static_cast<double>(plies) / static_cast<double>(st.iterations());
}
BENCHMARK(BM_Log_WriteAndVerify)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
