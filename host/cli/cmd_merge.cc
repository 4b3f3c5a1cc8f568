// `gamehost merge`: the shards of one tournament (tournament --shard K/N)
// combined into the table and results.json of one uninterrupted run
// (gamehost/play/tournament_shard.h, docs/scaling.md); and what `tournament`
// prints that `merge` prints too.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "gamehost/base/plural.h"
#include "commands.h"
#include "progress_bar.h"
#include "gamehost/records/regular_file.h"
#include "gamehost/play/tournament_shard.h"

namespace gamehost {

namespace fs = std::filesystem;

Shard shard_option(const std::string& text, const std::string& option) {
  try {
    return parse_shard(text, option);
  } catch (const HostError& e) {
    throw UsageError(e.what());
  }
}

void print_table(const std::vector<std::string>& labels, const TournamentRun& run, const Standings& table,
                 const std::string& first_seat) {
  fmt::print("{}", format_standings(labels, run.finished, table, first_seat));
  if (run.faults.empty()) return;
  fmt::print("Stopped by a fault ({} game{}, not in the table):\n", run.faults.size(), run.faults.size() == 1 ? "" : "s");
  for (const auto& f : run.faults)
    fmt::print("  game {} seed {}: {} vs {}, after {} plies: {}\n", f.index + 1, f.seed, labels[f.agent[0]],
               labels[f.agent[1]], f.plies, f.fault);
}

void report_shard(const TournamentGame& game, const TournamentSettings& s, const TournamentRun& run,
                  const std::vector<std::string>& labels, Common& common) {
  const std::string name = shard_name(*s.shard);
  const int played = static_cast<int>(run.finished.size() + run.faults.size());
  if (run.interrupted)
    fmt::print("Interrupted: {} of the {} games of shard {} finished (unfinished games' logs removed); its partial "
               "results:\n", played, run.range.size(), name);
  else
    fmt::print("Shard {}: games {}-{} of {}, {} played in {}\n", name, run.range.first + 1, run.range.last,
               run.schedule.size(), played, clock_text(run.seconds));
  print_table(labels, run, standings(labels, run.finished), game.first_seat);
  const auto path = part_path(s.dir, *s.shard);
  write_new_file(path, part_json(game, s, run), /*overwrite=*/true);
  fmt::print("Shard results: {}\n", path.string());
  if (run.interrupted) {
    fmt::print("Finish the shard with: gamehost tournament --resume {} --shard {}\n", s.dir.string(), name);
    common.exit_code = kExitInterrupted;
  } else {
    fmt::print("Combine the shards with: gamehost merge {}\n",
               (s.dir / fmt::format("results-*-of-{}.json", s.shard->count)).string());
  }
  fmt::print("Logs: {} ({})\n", (s.dir / "games").string(), count_of(static_cast<long long>(run.finished.size()), "game", "games"));
}

void add_merge_command(CLI::App& app, Common& /*common*/) {
  struct Args {
    std::vector<std::string> files;
    std::string out;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand(
      "merge", "combine the shards of a tournament (tournament --shard K/N) into one run's table and results.json");
  cmd->add_option("RESULTS", args->files, "every shard's DIR/results-K-of-N.json")->required();
  cmd->add_option("--out", args->out, "folder for results.json (default: the first RESULTS file's)")->type_name("DIR");
  cmd->callback([args] {
    std::vector<fs::path> files(args->files.begin(), args->files.end());
    const MergedTournament m = merge_parts(files);
    fs::path dir = args->out.empty() ? files.front().parent_path() : fs::path(args->out);
    if (dir.empty()) dir = ".";
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw HostError(fmt::format("{}: cannot create: {}", dir.string(), ec.message()));
    const auto labels = agent_labels(m.settings.agents);
    const Standings table = standings(labels, m.run.finished);
    fmt::print("Merged {} shard{} of a tournament of {} {}: {} games\n", files.size(), files.size() == 1 ? "" : "s",
               m.game.id, m.game.version, m.run.schedule.size());
    fmt::print("Results: {} in {} (the longest shard)\n", count_of(static_cast<long long>(m.run.finished.size()), "game", "games"), clock_text(m.run.seconds));
    print_table(labels, m.run, table, m.game.first_seat);
    const auto json_path = dir / "results.json";
    write_new_file(json_path, standings_json(m.game, m.settings, m.run, table), /*overwrite=*/true);
    write_new_file(dir / "timing.json", timing_json(m.settings, m.run), /*overwrite=*/true);
    fmt::print("Table and games: {}\n", json_path.string());
  });
}

}  // namespace gamehost
