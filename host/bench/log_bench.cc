// The log writer alone: one ply record appended, with and without --durable
// (an fsync per record), on the build's temporary folder's file system.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "gamehost/records/game_log.h"

namespace {

using namespace gamehost;

void BM_Log_AppendPly(benchmark::State& st) {
  const bool durable = st.range(0) != 0;
  const auto path = std::filesystem::temp_directory_path() / ("host_bench_append_" + std::to_string(::getpid()) + ".ghlog");
  pb::LogHeader header;
  header.set_game_id("alien_city");
  header.set_initial_state(std::string(200, 'x'));
  LogWriter writer(path, header, /*overwrite=*/true);
  writer.set_durable(durable);
  pb::LogPly ply;
  ply.set_player(0);
  ply.set_action_id(412);
  ply.set_notation("RT@E3");
  ply.set_state_hash(0x0123456789abcdefull);
  std::uint32_t n = 0;
  for (auto _ : st) {
    ply.set_ply(++n);
    ply.set_time_ms(n);
    writer.append(ply);
  }
  std::filesystem::remove(path);
}
BENCHMARK(BM_Log_AppendPly)->ArgName("durable")->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace
