#include "bench_support.h"

#include <unistd.h>

#include <filesystem>
#include <map>
#include <memory>

#include "gamehost/records/game_log.h"
#include "gamehost/play/play.h"
#include "gamehost/base/random.h"
#include "gamehost/records/replay.h"

namespace gamehost::bench {
namespace {

pb::QueryFlags legal_ids() {
  pb::QueryFlags f;
  f.set_legal_ids(true);
  return f;
}

// Plays random agents (seeds 1 and 2) for game seed 1 into `path`.
int record_game(Plugin& p, const std::filesystem::path& path) {
  PlaySettings s;
  s.seed = 1;
  s.agents = {"random:seed=1", "random:seed=2"};
  s.log_path = path;
  s.overwrite = true;
  s.quiet = true;
  return play_game(p, s).plies;
}

std::filesystem::path temp_log(const char* what) {
  return std::filesystem::temp_directory_path() /
         ("gamehost_bench_" + std::string(what) + "_" + std::to_string(::getpid()) + ".ghlog");
}

}  // namespace

Plugin& plugin(const std::string& path) {
  static std::map<std::string, std::unique_ptr<Plugin>> loaded;
  auto& p = loaded[path];
  if (!p) p = Plugin::load(path);
  return *p;
}

Line scripted_game(Plugin& p, std::uint64_t seed, int plies) {
  pb::NewGameRequest req;
  req.set_seed(seed);
  *req.mutable_flags() = legal_ids();
  auto started = p.new_game(req);
  Line line;
  line.last = std::move(*started.mutable_state());
  line.last_info = std::move(*started.mutable_info());
  pb::ApplyResponse resp;
  for (int ply = 0; ply < plies && !line.last_info.terminal(); ++ply) {
    const auto n = static_cast<std::size_t>(line.last_info.legal_ids_size());
    const std::uint32_t id = line.last_info.legal_ids(static_cast<int>(scripted_choice(seed, ply, n)));
    p.apply(line.last, id, legal_ids(), resp);
    line.states.push_back(std::move(line.last));
    line.actions.push_back(id);
    line.last = std::move(*resp.mutable_state());
    line.last_info = std::move(*resp.mutable_info());
  }
  return line;
}

std::uint64_t random_game(Plugin& p, std::uint64_t seed) {
  pb::NewGameRequest req;
  req.set_seed(seed);
  *req.mutable_flags() = legal_ids();
  const pb::QueryFlags flags = legal_ids();
  pb::ApplyResponse resp;
  SplitMix rng(seed);
  auto started = p.new_game(req);
  std::string state = std::move(*started.mutable_state());
  pb::StateInfo info = std::move(*started.mutable_info());
  std::uint64_t plies = 0;
  while (!info.terminal()) {
    const auto id = info.to_move() == -1
                        ? draw_chance(info, rng.unit())
                        : info.legal_ids(static_cast<int>(rng.below(static_cast<std::uint64_t>(info.legal_ids_size()))));
    p.apply(state, id, flags, resp);
    state.swap(*resp.mutable_state());
    info.Swap(resp.mutable_info());
    ++plies;
  }
  return plies;
}

void log_write_and_verify(benchmark::State& st, Plugin& p) {
  const auto path = temp_log("wv");
  int plies = 0;
  for (auto _ : st) {
    plies = record_game(p, path);
    benchmark::DoNotOptimize(replay(p, read_log(path)).plies);
  }
  std::filesystem::remove(path);
  st.counters["plies/game"] = plies;
}

void log_verify(benchmark::State& st, Plugin& p) {
  const auto path = temp_log("v");
  const int plies = record_game(p, path);
  for (auto _ : st) benchmark::DoNotOptimize(replay(p, read_log(path)).plies);
  std::filesystem::remove(path);
  st.counters["plies/game"] = plies;
}

}  // namespace gamehost::bench
