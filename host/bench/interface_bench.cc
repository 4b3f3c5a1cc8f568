// What the byte boundary costs: the same work through the plugin interface
// and directly in the rules core, whole random games through the interface,
// and writing plus verifying a full game's log.
//   build-host/bin/host_bench --benchmark_min_time=1
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>

#include "gamehost/agents/random_agent.h"
#include "alien_city/core/playout.h"
#include "alien_city/core/rules.h"
#include "alien_city/core/serialize.h"
#include "alien_city/core/setup.h"
#include "gamehost/game_log.h"
#include "gamehost/play.h"
#include "gamehost/plugin.h"
#include "gamehost/replay.h"

using namespace gamehost;
namespace ac = alien_city;

namespace {

Plugin& plugin() {
  static auto p = Plugin::load(ALIEN_CITY_PLUGIN);
  return *p;
}

// The states and actions of one random game (seed 1), for replaying calls.
struct Game {
  std::vector<ac::State> states;        // before each ply
  std::vector<std::string> bytes;       // the same, serialized
  std::vector<std::uint32_t> actions;   // ply i's action id
};

const Game& game() {
  static const Game g = [] {
    Game g;
    ac::State s(ac::balanced_layout(1));
    ac::Rng rng(1);
    while (!s.is_over()) {
      const ac::Action a = ac::random_action(s, rng);
      g.states.push_back(s);
      g.bytes.push_back(ac::serialize(s));
      g.actions.push_back(static_cast<std::uint32_t>(ac::action_id(a)));
      ac::apply_unchecked(s, a);
    }
    return g;
  }();
  return g;
}

void BM_Direct_Status(benchmark::State& st) {
  const auto& g = game();
  std::size_t i = 0;
  for (auto _ : st) {
    const ac::State& s = g.states[i++ % g.states.size()];
    benchmark::DoNotOptimize(static_cast<int>(s.to_move()) + static_cast<int>(s.phase()) + s.is_over());
  }
}
BENCHMARK(BM_Direct_Status);

// A small message both ways: Query without flags (to move, phase, terminal).
void BM_Interface_Status(benchmark::State& st) {
  const auto& g = game();
  Plugin& p = plugin();
  pb::QueryRequest req;
  pb::QueryResponse resp;
  req.set_state(g.bytes[5]);
  for (auto _ : st) {
    p.call(pb::METHOD_QUERY, req, resp);
    benchmark::DoNotOptimize(resp.info().to_move());
  }
}
BENCHMARK(BM_Interface_Status);

void BM_Direct_ApplyAndLegal(benchmark::State& st) {
  const auto& g = game();
  std::size_t i = 0;
  for (auto _ : st) {
    const std::size_t k = i++ % g.states.size();
    ac::State s = g.states[k];
    ac::apply_unchecked(s, *ac::action_from_id(static_cast<int>(g.actions[k])));
    benchmark::DoNotOptimize(ac::legal_actions(s).size());
  }
}
BENCHMARK(BM_Direct_ApplyAndLegal);

// The game loop's round trip: apply an id, get the new state and its legal
// ids (packed), each call continuing from the last state like a real game.
void BM_Interface_ApplyAndQuery(benchmark::State& st) {
  const auto& g = game();
  Plugin& p = plugin();
  pb::QueryFlags flags;
  flags.set_legal_ids(true);
  pb::ApplyResponse resp;
  std::string state = g.bytes[0];
  std::size_t k = 0;
  for (auto _ : st) {
    p.apply(state, g.actions[k], flags, resp);
    if (++k == g.actions.size()) {
      k = 0;
      state = g.bytes[0];
    } else {
      state.swap(*resp.mutable_state());
    }
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_Interface_ApplyAndQuery);

// Legal actions of the opening position (the most there are): packed ids
// against one sub-message per action with notation and payload.
void BM_Interface_LegalIds(benchmark::State& st) {
  Plugin& p = plugin();
  const std::string& s = game().bytes[0];
  pb::QueryFlags f;
  f.set_legal_ids(true);
  pb::QueryRequest req;
  req.set_state(s);
  *req.mutable_flags() = f;
  pb::QueryResponse resp;
  for (auto _ : st) p.call(pb::METHOD_QUERY, req, resp);
  st.counters["actions"] = resp.info().legal_ids_size();
}
BENCHMARK(BM_Interface_LegalIds);

// With notation (the default for legal_details), and with payloads too.
void BM_Interface_LegalDetails(benchmark::State& st) {
  Plugin& p = plugin();
  pb::QueryRequest req;
  req.set_state(game().bytes[0]);
  req.mutable_flags()->set_legal_details(true);
  req.mutable_flags()->set_legal_payloads(st.range(0) != 0);
  pb::QueryResponse resp;
  for (auto _ : st) p.call(pb::METHOD_QUERY, req, resp);
  st.counters["actions"] = resp.info().legal_size();
}
BENCHMARK(BM_Interface_LegalDetails)->ArgName("payloads")->Arg(0)->Arg(1);

void BM_Direct_RandomGame(benchmark::State& st) {
  std::uint64_t seed = 0;
  for (auto _ : st) {
    ac::State s(ac::balanced_layout(seed));
    ac::Rng rng(seed++);
    benchmark::DoNotOptimize(ac::random_playout(s, rng));
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_Direct_RandomGame);

// A whole random game through the interface, as `gamehost play` runs it
// without a log: NewGame, then Apply with packed legal ids until over.
void BM_Interface_RandomGame(benchmark::State& st) {
  Plugin& p = plugin();
  pb::NewGameRequest req;
  req.mutable_flags()->set_legal_ids(true);
  pb::QueryFlags flags;
  flags.set_legal_ids(true);
  pb::ApplyResponse resp;
  std::uint64_t seed = 0;
  for (auto _ : st) {
    req.set_seed(seed);
    SplitMix rng(seed++);
    auto started = p.new_game(req);
    std::string state = std::move(*started.mutable_state());
    pb::StateInfo info = std::move(*started.mutable_info());
    while (!info.terminal()) {
      const auto id = info.legal_ids(static_cast<int>(rng.below(static_cast<std::uint64_t>(info.legal_ids_size()))));
      p.apply(state, id, flags, resp);
      state.swap(*resp.mutable_state());
      info.Swap(resp.mutable_info());
    }
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_Interface_RandomGame);

// A full game recorded to a log (random agents, one write per ply) and then
// read and verified through the plugin.
void BM_Log_WriteAndVerify(benchmark::State& st) {
  Plugin& p = plugin();
  const auto path = std::filesystem::temp_directory_path() / ("host_bench_" + std::to_string(::getpid()) + ".ghlog");
  int plies = 0;
  for (auto _ : st) {
    PlaySettings s;
    s.seed = 1;
    s.agents = {"random:seed=1", "random:seed=2"};
    s.log_path = path;
    s.overwrite = true;
    s.quiet = true;
    plies = play_game(p, s).plies;
    const GameLog log = read_log(path);
    benchmark::DoNotOptimize(replay(p, log).plies);
  }
  std::filesystem::remove(path);
  st.counters["plies"] = plies;
}
BENCHMARK(BM_Log_WriteAndVerify)->Unit(benchmark::kMicrosecond);

// Verification alone (read + replay), the log already on disk.
void BM_Log_Verify(benchmark::State& st) {
  Plugin& p = plugin();
  const auto path = std::filesystem::temp_directory_path() / ("host_bench_v_" + std::to_string(::getpid()) + ".ghlog");
  PlaySettings s;
  s.seed = 1;
  s.agents = {"random:seed=1", "random:seed=2"};
  s.log_path = path;
  s.overwrite = true;
  s.quiet = true;
  const int plies = play_game(p, s).plies;
  for (auto _ : st) benchmark::DoNotOptimize(replay(p, read_log(path)).plies);
  std::filesystem::remove(path);
  st.counters["plies"] = plies;
}
BENCHMARK(BM_Log_Verify)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
