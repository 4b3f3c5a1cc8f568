// `gamehost tournament`: a round robin between agents with logs, a progress
// bar, a results table, Elo ratings and results.json (host/tournament.h).
#include <fmt/chrono.h>
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <ctime>
#include <fstream>
#include <random>

#include "gamehost/play/agents/spec.h"
#include "gamehost/base/plural.h"
#include "commands.h"
#include "progress_bar.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/records/regular_file.h"
#include "gamehost/play/tournament.h"
#include "gamehost/play/tournament_resume.h"

namespace gamehost {
namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void on_sigint(int) { g_interrupted.store(true); }

// SIGINT sets the flag once; a second Ctrl-C kills as usual (SA_RESETHAND).
struct SigintGuard {
  struct sigaction old {};
  SigintGuard() {
    struct sigaction sa {};
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGINT, &sa, &old);
  }
  ~SigintGuard() { sigaction(SIGINT, &old, nullptr); }
};

// The whole schedule is built before the first game: bounded, so that a
// mistyped --games is a clear error instead of gigabytes of memory.
constexpr std::uint64_t kMaxTournamentGames = 1'000'000;

void check_schedule_size(std::size_t agents, int games_per_pairing) {
  if (games_per_pairing < 1) return;  // run_tournament says so
  const std::uint64_t pairings = agents * (agents - 1) / 2;
  if (pairings * static_cast<std::uint64_t>(games_per_pairing) > kMaxTournamentGames)
    throw UsageError(fmt::format("--games {}: {} pairings of {} games are {} games, more than one tournament plays "
                                 "(at most {}; split it into runs with their own --seed)",
                                 games_per_pairing, pairings, games_per_pairing,
                                 pairings * static_cast<std::uint64_t>(games_per_pairing), kMaxTournamentGames));
}

struct TournamentArgs {
  std::string game;
  std::vector<std::string> agents, options;
  int games = 2, jobs = 1;
  std::optional<std::string> seed;
  std::string out, resume, shard;
  std::uint32_t max_plies = 0;
};

// The run's settings from the command line (or the resumed plan's):
// agents, options, seeds, shard, folder. Returns the agents' names in the
// table: the spec, "#2"... after a repeated one.
std::vector<std::string> configure(const TournamentArgs& a, Plugin& plugin, TournamentSettings& s) {
  const auto resumed_options = s.options;
  s.agents.clear();
  for (const auto& text : a.agents)
    for (auto& spec : split_agent_list(text)) s.agents.push_back(std::move(spec));
  const std::vector<std::string> labels = agent_labels(s.agents);
  for (std::size_t i = 0; i < s.agents.size(); ++i) {
    const auto repeats = std::count(s.agents.begin(), s.agents.begin() + static_cast<long>(i), s.agents[i]);
    if (repeats == 1 && !parse_agent_spec(s.agents[i]).get("seed"))
      fmt::print(
          "Note: '{}' is given twice without a seed: both copies derive the same seed from the seat, so "
          "each colour-swapped pair of games repeats one game; give each copy its own seed=N.\n",
          s.agents[i]);
  }
  s.options = resumed_options;
  for (const auto& o : a.options) s.options.push_back(parse_option(o, false));
  check_option_values(plugin.info(), s.options);
  s.games_per_pairing = a.games;
  check_schedule_size(s.agents.size(), a.games);
  if (!s.resume || a.jobs != 1) s.jobs = a.jobs;  // a resumed run keeps the plan's unless told
  s.seed = a.seed ? parse_seed(*a.seed, "--seed") : std::random_device{}();
  if (!a.shard.empty()) {
    s.shard = shard_option(a.shard, "--shard");
    if (!a.seed) throw UsageError("--shard needs --seed S: every shard must play the same schedule");
  }
  if (a.out.empty()) {
    const std::time_t t = std::time(nullptr);
    std::tm local{};
    localtime_r(&t, &local);
    s.dir = std::filesystem::path("games") / "tournaments" / fmt::format("{}-{:%Y%m%d-%H%M%S}", plugin.id(), local);
  } else {
    s.dir = a.out;
  }
  s.max_plies = a.max_plies;
  return labels;
}

// Plays the run with its progress, then prints and writes the table.
void play_and_report(Common& common, Plugin& plugin, TournamentSettings& s, const std::vector<std::string>& labels) {
  s.stop = &g_interrupted;
  ProgressBar bar(stdout, "", "games", 30, /*rate=*/true, /*enabled=*/true);
  const bool tty = bar.on();
  const auto start = std::chrono::steady_clock::now();
  s.on_game = [&](int done, int total, const GameOutcome& g) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double rate = elapsed > 0 ? done / elapsed : 0;
    const double eta = rate > 0 ? (total - done) / rate : 0;
    if (tty) {
      bar(done, total);
    } else {
      fmt::print("[{}/{}] game {} seed {}: {} vs {}: {} ({:.2f} games/s, ETA {})\n", done, total, g.index + 1, g.seed,
                 labels[g.agent[0]], labels[g.agent[1]], g.result, rate, clock_text(eta));
    }
    std::fflush(stdout);
  };
  s.on_fault = [&](int done, int total, const GameFault& g) {
    fmt::print("{}[{}/{}] game {} seed {}: {} vs {}: stopped by a fault: {}\n", tty ? "\n" : "", done, total,
               g.index + 1, g.seed, labels[g.agent[0]], labels[g.agent[1]], g.fault);
    std::fflush(stdout);
  };
  fmt::print("Tournament: {} {}, {} agents, {} per pairing, seed {}, {} job{}, {}logs in {}\n", plugin.info().name(),
             plugin.info().version(), s.agents.size(), count_of(s.games_per_pairing, "game", "games"), s.seed, s.jobs,
             s.jobs == 1 ? "" : "s", s.shard ? "shard " + shard_name(*s.shard) + ", " : "", (s.dir / "games").string());
  std::fflush(stdout);
  if (tty) {
    const std::size_t n = s.agents.size();
    const int all = static_cast<int>(n * (n - 1) / 2) * std::max(0, s.games_per_pairing);
    bar(0, static_cast<int>(shard_range(all, s.shard.value_or(Shard{})).size()));
  }
  g_interrupted = false;
  SigintGuard guard;
  const TournamentRun run = run_tournament(plugin, s);
  bar.end();
  if (s.shard) return report_shard(tournament_game(plugin), s, run, labels, common);
  const Standings table = standings(labels, run.finished);
  if (run.interrupted)
    fmt::print("Interrupted: {} of {} games finished (unfinished games' logs removed); the partial results:\n",
               run.finished.size(), run.schedule.size());
  else
    fmt::print("Results: {} in {}\n", count_of(static_cast<long long>(run.finished.size()), "game", "games"),
               clock_text(run.seconds));
  print_table(labels, run, table, plugin.info().player_names(0));
  const auto json_path = s.dir / "results.json";
  // Checked and whole (a full disk is an error, never an empty file).
  write_new_file(json_path, standings_json(tournament_game(plugin), s, run, table), /*overwrite=*/true);
  write_new_file(s.dir / "timing.json", timing_json(s, run), /*overwrite=*/true);
  fmt::print("Table and games: {}\nLogs: {} ({})\n", json_path.string(), (s.dir / "games").string(),
             count_of(static_cast<long long>(run.finished.size()), "game", "games"));
  if (run.interrupted) common.exit_code = kExitInterrupted;
}

void run(Common& common, TournamentArgs a) {
  Registry registry = common.registry();
  TournamentSettings s;
  if (!a.resume.empty()) {
    a.game = read_plan(a.resume, s);
    a.agents = s.agents;
    a.options.clear();
    a.games = s.games_per_pairing;
    a.seed = std::to_string(s.seed);
    a.out = a.resume;
    s.resume = true;
  } else if (a.game.empty() || a.agents.empty()) {
    throw UsageError("tournament: give GAME and --agents A,B,... (or --resume DIR)");
  }
  Plugin& plugin = registry.find(a.game);
  const std::vector<std::string> labels = configure(a, plugin, s);
  play_and_report(common, plugin, s, labels);
}

}  // namespace

void add_tournament_command(CLI::App& app, Common& common) {
  auto args = std::make_shared<TournamentArgs>();
  auto* cmd = app.add_subcommand("tournament", "a round robin between agents: logs, table, Elo ratings");
  cmd->footer(agents_help());
  auto* game = cmd->add_option("GAME", args->game, "game id (see gamehost games)");
  auto* agents = cmd->add_option("--agents", args->agents,
                  "agents A,B,... (a piece KEY=VALUE after a comma belongs to the agent before it: "
                  "mcts:time=1,c=1,greedy is two agents); repeatable")
      ->type_name("A,B,...");
  auto* games = cmd->add_option("--games", args->games, "games per pairing, colours alternating on the same seeds (default 2)")
      ->type_name("N");
  cmd->add_option("--jobs,-j", args->jobs, "games played at once, one plugin instance each (default 1)")->type_name("J");
  auto* seed = cmd->add_option("--seed", args->seed, "seed of the first pair of games; pair k uses seed+k (default: random)");
  auto* out = cmd->add_option("--out", args->out, "folder for games/*.ghlog and results.json "
                                      "(default: games/tournaments/GAME-YYYYMMDD-HHMMSS)")
      ->type_name("DIR");
  auto* options = cmd->add_option("--option,-o", args->options, "game option NAME=VALUE (repeatable)")->type_name("K=V");
  cmd->add_option("--resume", args->resume,
                  "continue the killed tournament in DIR: its finished games are kept, the others played "
                  "(again) from their seeds")
      ->type_name("DIR")
      ->excludes(game)
      ->excludes(agents)
      ->excludes(games)
      ->excludes(seed)
      ->excludes(out)
      ->excludes(options);
  cmd->add_option("--shard", args->shard,
                  "play only shard K of N of the games (needs --seed); gamehost merge combines the shards' "
                  "DIR/results-K-of-N.json (docs/scaling.md)")
      ->type_name("K/N");
  add_max_plies_option(cmd, args->max_plies);
  cmd->callback([&common, args] { run(common, *args); });
}

}  // namespace gamehost
