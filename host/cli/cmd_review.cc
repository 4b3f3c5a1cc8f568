// `gamehost review`: the engine's verdict on every move of a recorded game
// (docs/review.md), written beside the log as LOG.ghreview and printed as a
// table, JSON or the most costly moves.
#include <fmt/core.h>
#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "commands.h"
#include "progress_bar.h"
#include "gamehost/records/game_log.h"
#include "gamehost/review/report.h"
#include "gamehost/review/reviewer.h"
#include "gamehost/base/machine.h"

namespace gamehost {
namespace {

namespace rv = gamehost::review;
namespace fs = std::filesystem;

struct ReviewArgs {
  std::vector<std::string> paths;
  std::string format = "text";
  int top = 0;
  int jobs = machine_cores();
  std::string out, shard;
  bool force = false;
  bool quiet = false;
  std::optional<std::uint64_t> iters, seed, solver_nodes, solve_nodes;
  std::optional<std::uint32_t> depth;
  std::optional<std::string> move_value;
};

void print_review(const rv::ReviewFile& review, Plugin& plugin, const fs::path& log, const ReviewArgs& a) {
  if (a.format == "json") fmt::print("{}\n", rv::review_json(review));
  else if (a.format == "text") fmt::print("{}", rv::review_table(review));
  if (a.top > 0) fmt::print("\n{}", rv::top_moves(review, plugin, log.string(), a.top));
}

void run(Common& common, const ReviewArgs& a) {
  const auto shard = a.shard.empty() ? Shard{} : shard_option(a.shard, "--shard");
  auto logs = logs_of(a.paths);
  if (!a.out.empty() && logs.size() > 1) throw HostError("--out names one review file: give one LOG");
  const auto all = logs.size();
  logs = shard_slice(logs, shard);  // in name order, so the shards' outputs in turn are the whole run's
  if (logs.empty() && !a.quiet)
    fmt::print(stderr, "review: shard {} holds none of the {} logs (more shards than logs)\n", shard_name(shard), all);
  Registry registry = common.registry();
  for (const auto& log : logs) {
    const GameLog head = read_log(log);
    Plugin& plugin = registry.find(head.record.header().game_id());
    const bool keeps_points = rv::keeps_points(plugin, head.record.header().initial_state());
    rv::ReviewRequest req;
    req.log = log;
    req.out = a.out;
    req.settings = rv::default_settings(keeps_points);
    if (a.iters) req.settings.set_iterations(*a.iters);
    if (a.seed) req.settings.set_seed(*a.seed);
    if (a.solver_nodes) req.settings.set_solver_nodes(*a.solver_nodes);
    if (a.solve_nodes) req.settings.set_solve_nodes(*a.solve_nodes);
    if (a.depth) req.settings.set_exact_depth(*a.depth);
    if (a.move_value) rv::set_move_value(req.settings, *a.move_value);
    req.jobs = a.jobs;
    req.restart = a.force;
    ProgressBar bar(stderr, log.filename().string(), "plies", 24, /*rate=*/false, !a.quiet);
    req.progress = [&](int done, int total) { bar(done, total); };
    const rv::ReviewOutcome outcome = rv::run_review(plugin, req);
    if (!a.quiet && outcome.continued && outcome.computed > 0)
      fmt::print(stderr, "{}: continued a partial review ({} plies were done)\n", outcome.review.file,
                 outcome.review.plies.size() - outcome.computed);
    print_review(outcome.review, plugin, log, a);
    // Where the review is, whatever --format: the viewer and later runs read it.
    std::fflush(stdout);
    if (outcome.computed > 0) fmt::print(stderr, "wrote {}\n", outcome.review.file);
    else fmt::print(stderr, "{}: complete already, nothing reviewed again\n", outcome.review.file);
  }
}

}  // namespace

// The logs named: each file as given, each folder's *.ghlog in name order.
std::vector<fs::path> logs_of(const std::vector<std::string>& paths) {
  std::vector<fs::path> logs;
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<fs::path> found;
      for (const auto& e : fs::directory_iterator(p, ec))
        if (e.is_regular_file() && e.path().extension() == ".ghlog") found.push_back(e.path());
      if (found.empty()) throw HostError(fmt::format("{}: a folder with no .ghlog files", p));
      std::sort(found.begin(), found.end());
      logs.insert(logs.end(), found.begin(), found.end());
    } else {
      logs.emplace_back(p);
    }
  }
  return logs;
}

void add_review_command(CLI::App& app, Common& common) {
  auto a = std::make_shared<ReviewArgs>();
  auto* cmd = app.add_subcommand(
      "review", "the engine's verdict on every move of a game: points lost, class, the better move (docs/review.md)");
  cmd->add_option("LOG", a->paths, "game logs, or folders of them (each *.ghlog)")->required()->type_name("LOG|DIR");
  cmd->add_option("--format", a->format, "text (default), json, or none (only write the review)")
      ->check(CLI::IsMember({"text", "json", "none"}));
  cmd->add_option("--top", a->top, "also list each player's N most costly moves, with positions")
      ->check(CLI::Range(1, 1000));
  cmd->add_option("--jobs,-j", a->jobs,
                  fmt::format("positions searched at once, one plugin instance each (default: one per core, here {})",
                              a->jobs))
      ->check(CLI::Range(1, 256));
  cmd->add_option("--iters", a->iters, "MCTS iterations a position, shared between finding the best move and valuing it and the move played (default 50000; docs/review.md)")
      ->check(whole_number_check())
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}));
  cmd->add_option("--seed", a->seed, "the review's seed (default 1): same log, seed and settings, same review")
      ->check(whole_number_check());
  cmd->add_option("--solver-nodes", a->solver_nodes,
                  "endgame solver budget a position, in positions visited (default 200000; 0: no solver)")
      ->check(whole_number_check());
  cmd->add_option("--solve-nodes", a->solve_nodes,
                  fmt::format("the game's own solver's budget a position, for games that offer one (Solve), in "
                              "positions it visits (default {} for games that keep points, {} for others; 0: use the "
                              "generic solver)",
                              rv::kDefaultSolveNodesWithPoints, rv::kDefaultSolveNodes))
      ->check(whole_number_check());
  cmd->add_option("--depth", a->depth,
                  "exact for at least the last N decisions: positions that near the end are solved whatever it "
                  "costs (default 0: the budgets alone; each decision more costs several times as much, "
                  "docs/review.md)")
      ->check(CLI::Range(0, 1000));
  cmd->add_option("--move-value", a->move_value,
                  "how the best move and the move played are valued: reply (default: each against the opponent's "
                  "best reply, then playouts) or subtree (each move's mean over its deepened subtree); "
                  "docs/review.md")
      ->check(CLI::IsMember({"reply", "subtree"}));
  cmd->add_option("--out,-o", a->out, "the review file (default: beside the log, LOG.ghreview)")->type_name("FILE");
  cmd->add_flag("--force", a->force, "review again even when a review of this log exists");
  cmd->add_flag("--quiet,-q", a->quiet, "no progress bar");
  cmd->add_option("--shard", a->shard, "review only shard K of N of the logs given (docs/scaling.md)")
      ->type_name("K/N");
  cmd->callback([&common, a] { run(common, *a); });
}

}  // namespace gamehost
