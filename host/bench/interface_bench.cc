// What the byte boundary costs, through Alien City's module: small and
// game-loop calls, whole random games, and writing plus verifying a full
// game's log. The same work in the rules core, for the ratios, is timed by
// plugin/alien_city/bench/baseline_bench.cc (target alien_city_bench) on the
// same positions.
//   build/bin/host_bench --benchmark_min_time=1
#include <benchmark/benchmark.h>

#include "bench_support.h"

using namespace gamehost;

namespace {

Plugin& plugin() { return bench::plugin(ALIEN_CITY_PLUGIN); }

// The scripted game of seed 1 (bench_support.h), for replaying calls.
const bench::Line& game() {
  static const bench::Line g = bench::scripted_game(plugin(), 1);
  return g;
}

// A small message both ways: Query without flags (to move, phase, terminal).
void BM_Interface_Status(benchmark::State& st) {
  const auto& g = game();
  Plugin& p = plugin();
  pb::QueryRequest req;
  pb::QueryResponse resp;
  req.set_state(g.states[5]);
  for (auto _ : st) {
    p.call(pb::METHOD_QUERY, req, resp);
    benchmark::DoNotOptimize(resp.info().to_move());
  }
}
BENCHMARK(BM_Interface_Status);

// Replays the recorded game through `call(state, action, response)`, each
// call continuing from the last state like a real game, from the start
// again at its end.
template <typename Response, typename Call>
void replay_game(benchmark::State& st, Call call) {
  const auto& g = game();
  Response resp;
  std::string state = g.states[0];
  std::size_t k = 0;
  for (auto _ : st) {
    call(state, g.actions[k], resp);
    if (++k == g.actions.size()) {
      k = 0;
      state = g.states[0];
    } else {
      state.swap(*resp.mutable_state());
    }
  }
  st.SetItemsProcessed(st.iterations());
}

// The game loop's round trip: apply an id, get the new state and its legal
// ids (packed).
void BM_Interface_ApplyAndQuery(benchmark::State& st) {
  Plugin& p = plugin();
  pb::QueryFlags flags;
  flags.set_legal_ids(true);
  replay_game<pb::ApplyResponse>(
      st, [&](const std::string& s, std::uint32_t a, pb::ApplyResponse& r) { p.apply(s, a, flags, r); });
}
BENCHMARK(BM_Interface_ApplyAndQuery);

// The same round trip through Plugin::step (METHOD_STEP), as `gamehost play`
// and the Python module make it now.
void BM_Interface_Step(benchmark::State& st) {
  Plugin& p = plugin();
  replay_game<pb::StepResponse>(st, [&](const std::string& s, std::uint32_t a, pb::StepResponse& r) { p.step(s, a, r); });
}
BENCHMARK(BM_Interface_Step);

// Legal actions of the opening position (the most there are): packed ids
// against one sub-message per action with notation and payload.
void BM_Interface_LegalIds(benchmark::State& st) {
  Plugin& p = plugin();
  const std::string& s = game().states[0];
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
  req.set_state(game().states[0]);
  req.mutable_flags()->set_legal_details(true);
  req.mutable_flags()->set_legal_payloads(st.range(0) != 0);
  pb::QueryResponse resp;
  for (auto _ : st) p.call(pb::METHOD_QUERY, req, resp);
  st.counters["actions"] = resp.info().legal_size();
}
BENCHMARK(BM_Interface_LegalDetails)->ArgName("payloads")->Arg(0)->Arg(1);

// A whole random game through the interface, as `gamehost play` runs it
// without a log: NewGame, then Apply with packed legal ids until over.
void BM_Interface_RandomGame(benchmark::State& st) {
  std::uint64_t seed = 0;
  for (auto _ : st) benchmark::DoNotOptimize(bench::random_game(plugin(), seed++));
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_Interface_RandomGame);

// A full game recorded to a log (random agents, one write per ply) and then
// read and verified through the plugin.
void BM_Log_WriteAndVerify(benchmark::State& st) { bench::log_write_and_verify(st, plugin()); }
BENCHMARK(BM_Log_WriteAndVerify)->Unit(benchmark::kMicrosecond);

// Verification alone (read + replay), the log already on disk.
void BM_Log_Verify(benchmark::State& st) { bench::log_verify(st, plugin()); }
BENCHMARK(BM_Log_Verify)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
