#include "gamehost/records/json_codec.h"
#include "gamehost/play/tournament_resume.h"

#include <fmt/core.h>
#include <google/protobuf/util/json_util.h>
#include <unistd.h>

#include "gamehost/records/output_file.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/records/regular_file.h"
#include "gamehost/records/replay.h"
#include "gamehost/play/tournament_plan.pb.h"

namespace gamehost {

std::filesystem::path plan_path(const std::filesystem::path& dir) { return dir / "tournament.json"; }

pb::TournamentPlan make_plan(const std::string& game_id, const TournamentSettings& s) {
  pb::TournamentPlan plan;
  plan.set_game_id(game_id);
  for (const auto& a : s.agents) plan.add_agents(a);
  plan.set_games_per_pairing(s.games_per_pairing);
  plan.set_seed(s.seed);
  for (const auto& o : s.options) *plan.add_options() = o;
  plan.set_jobs(s.jobs);
  return plan;
}

void write_plan(const Plugin& plugin, const TournamentSettings& s) {
  const pb::TournamentPlan plan = make_plan(plugin.id(), s);
  std::string json;
  if (!google::protobuf::util::MessageToJsonString(plan, &json, json_print_options()).ok())
    throw HostError(fmt::format("{}: cannot write the plan", plan_path(s.dir).string()));
  std::error_code ec;
  std::filesystem::create_directories(s.dir, ec);
  // Whole or not at all (a temporary file renamed): shards sharing DIR may
  // read it while another writes it.
  write_new_file(plan_path(s.dir), json, /*overwrite=*/true);
}

std::string read_plan(const std::filesystem::path& dir, TournamentSettings& s) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec))
    throw HostError(fmt::format("{}: no such tournament folder", dir.string()));
  if (!std::filesystem::exists(plan_path(dir), ec))
    throw HostError(fmt::format("{}: not a tournament folder (no tournament.json)", dir.string()));
  pb::TournamentPlan plan;
  parse_json_text(read_regular_file(plan_path(dir)), plan, plan_path(dir).string(), "not a tournament plan");
  s.dir = dir;
  s.agents.assign(plan.agents().begin(), plan.agents().end());
  s.games_per_pairing = plan.games_per_pairing();
  s.seed = plan.seed();
  s.options.assign(plan.options().begin(), plan.options().end());
  s.jobs = plan.jobs();
  return plan.game_id();
}

std::vector<std::optional<GameOutcome>> recover_games(Plugin& plugin, const TournamentSettings& s,
                                                      const std::vector<ScheduledGame>& schedule) {
  std::vector<std::optional<GameOutcome>> out(schedule.size());
  const ShardRange mine = shard_range(static_cast<int>(schedule.size()), s.shard.value_or(Shard{}));  // never another shard's logs
  for (auto i = static_cast<std::size_t>(mine.first); i < static_cast<std::size_t>(mine.last); ++i) {
    const ScheduledGame& g = schedule[i];
    const auto path = scheduled_log_path(s, g);
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) continue;
    try {
      const GameLog log = read_log(path);
      if (!log.finished()) throw HostError("unfinished");
      replay(plugin, log);  // a kept game is a verified game
      const auto& res = log.record.result();
      GameOutcome o;
      o.index = g.index;
      o.agent[0] = g.agent[0], o.agent[1] = g.agent[1];
      o.seed = g.seed;
      for (int seat = 0; seat < 2; ++seat) {
        o.returns[seat] = seat < res.returns_size() ? res.returns(seat) : 0;
        o.scores[seat] = res.scores_size() == 2 ? static_cast<double>(res.scores(seat)) : o.returns[seat];
      }
      o.plies = log.record.plies_size();
      o.result = res.result();
      o.log = path.string();
      o.seconds = static_cast<double>(res.end_time_ms()) / 1000.0;
      out[i] = o;
    } catch (const HostError&) {
      // Played again from its seed; but not while a game is writing it (a
      // second resume of a running tournament): removing the file would
      // leave that game writing a log nobody can see.
      const ReplaceLock no_writer(path);
      std::filesystem::remove(path, ec);
    }
  }
  return out;
}

}  // namespace gamehost
