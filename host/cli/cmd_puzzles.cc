// `gamehost puzzles` (mining a puzzle set from reviewed games) and `gamehost
// puzzle` (solving one at the terminal); docs/gamehost.md and
// docs/teaching.md, "Puzzles".
#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "commands.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/base/machine.h"
#include "gamehost/puzzles/miner.h"
#include "gamehost/puzzles/progress.h"
#include "gamehost/puzzles/puzzle_file.h"
#include "gamehost/puzzles/solving.h"
#include "gamehost/review/reviewer.h"
#include "gamehost/text/typed_move.h"

namespace gamehost {
namespace {

namespace fs = std::filesystem;
namespace pz = gamehost::puzzles;
namespace rv = gamehost::review;

struct MineArgs {
  std::vector<std::string> paths;
  std::string out, reviews;
  int jobs = machine_cores();
  double min_gap = 10;
  std::uint64_t review_iters = 0;  // 0: the review's default
  std::optional<std::uint64_t> playouts, verify_playouts, solver_nodes, seed;
  std::uint32_t max_line = 0;
  bool force = false, quiet = false;
};

// The review of `log`: read when complete, else made or continued (written
// to `path`, as `gamehost review --out` would).
rv::ReviewFile review_for(Plugin& plugin, const fs::path& log, const fs::path& path, const MineArgs& a,
                          int log_plies) {
  std::error_code ec;
  rv::ReviewRequest req;
  req.log = log;
  req.out = path;
  req.jobs = a.jobs;
  if (fs::exists(path, ec)) {
    auto existing = rv::review_of_log(log, path);
    if (static_cast<int>(existing->plies.size()) >= log_plies) return *existing;
    req.settings = existing->header.settings();
  } else {
    req.settings = rv::default_settings(true);
    if (a.review_iters) req.settings.set_iterations(a.review_iters);
  }
  if (!a.quiet) fmt::print(stderr, "{}: reviewing (gamehost review, {} iterations a position)\n", log.string(),
                           req.settings.iterations());
  return rv::run_review(plugin, req).review;
}

void mine(Common& common, const MineArgs& a) {
  const auto logs = logs_of(a.paths);
  Registry registry = common.registry();
  pz::ppb::PuzzleSet set;
  set.set_format_version(pz::kPuzzleFormatVersion);
  auto& s = *set.mutable_settings();
  s = pz::default_mining_settings();
  s.set_min_gap(a.min_gap);
  if (a.playouts) s.set_playouts(*a.playouts);
  if (a.verify_playouts) s.set_verify_playouts(*a.verify_playouts);
  if (a.solver_nodes) s.set_solver_nodes(*a.solver_nodes);
  if (a.seed) s.set_seed(*a.seed);
  if (a.max_line) s.set_max_line(a.max_line);
  for (const auto& log_path : logs) {
    const GameLog log = read_log(log_path);
    const auto& header = log.record.header();
    Plugin& plugin = registry.find(header.game_id());
    if (const auto why = pz::unsuitable(plugin, header.initial_state()); !why.empty())
      throw HostError(fmt::format("{}: {} ({})", log_path.string(), why, header.game_id()));
    if (set.game_id().empty()) set.set_game_id(header.game_id());
    if (set.game_id() != header.game_id())
      throw HostError(fmt::format("{}: a game of {}, but the set holds {}: one game a set", log_path.string(),
                                  header.game_id(), set.game_id()));
    const fs::path review_path =
        a.reviews.empty() ? rv::review_path_for(log_path)
                          : fs::path(a.reviews) / log_path.filename().replace_extension(".ghreview");
    const auto review = review_for(plugin, log_path, review_path, a, log.record.plies_size());
    auto found = pz::mine_game(plugin, log, review, s, a.jobs);
    if (!a.quiet) fmt::print(stderr, "{}: {} puzzle{}\n", log_path.string(), found.size(), found.size() == 1 ? "" : "s");
    for (auto& p : found) *set.add_puzzles() = std::move(p);
  }
  pz::write_puzzle_set(a.out, set, a.force);
  fmt::print("wrote {}: {} puzzle{} from {} game{}\n", a.out, set.puzzles_size(), set.puzzles_size() == 1 ? "" : "s",
             logs.size(), logs.size() == 1 ? "" : "s");
}

struct SolveArgs {
  std::string file, progress;
  int start = 0;  // 1-based; 0: the first not yet solved
};

std::string themes_line(const pz::ppb::Puzzle& p) {
  std::string out;
  for (const auto& t : p.themes()) out += (out.empty() ? "" : ", ") + t;
  return out;
}

// One puzzle at the terminal; returns false when the learner quit.
bool solve_one(Plugin& plugin, const pz::ppb::Puzzle& p, int k, int n, double gap, pz::Progress& progress,
               const fs::path& progress_path, bool color) {
  // Every text of the puzzle file reaches the terminal through visible() (input_checks.h).
  fmt::print("\nPuzzle {} of {}: {}, ply {} ({})\n", k, n, visible(p.source_log()), p.source_ply(), visible(p.difficulty()));
  pz::Solving solving(plugin, p);
  fmt::print("{}\n", board_text(plugin, solving.state(), "", color));
  fmt::print("{} to move: find the move that beats every other by {} points or more.\n", visible(p.side()),
             pz::points_text(gap));
  std::string line;
  while (!solving.solved()) {
    fmt::print("{}> ", visible(p.side()));
    std::fflush(stdout);
    if (!std::getline(std::cin, line) || line == "quit" || line == "q") {
      fmt::print("\n");
      return false;
    }
    line.erase(0, line.find_first_not_of(" \t"));
    line.erase(line.find_last_not_of(" \t\r") + 1);
    if (line.empty()) continue;
    if (line == "hint") {
      fmt::print("{}\n", visible(solving.hint()));
      continue;
    }
    if (line == "solution" || line == "skip") {
      std::string rest;
      for (const auto& m : solving.solution()) rest += (rest.empty() ? "" : " ") + m;
      fmt::print("The solution: {} (the game went {}).\n", visible(rest), visible(p.played()));
      progress.record(p.id(), false);
      pz::write_progress(progress_path, progress);
      return true;
    }
    // What a person typed is echoed clipped and visible (input_checks.h).
    if (invalid_utf8_at(line)) {
      fmt::print("{}: not UTF-8 text (type a move, hint, solution or quit)\n", clipped(line));
      continue;
    }
    const auto typed = read_typed_move(plugin, solving.state(), line);
    if (const auto* refusal = std::get_if<std::string>(&typed)) {
      fmt::print("{}: {} (type a move, hint, solution or quit)\n", clipped(line), clipped_words(*refusal));
      continue;
    }
    const auto& action = std::get<pb::ActionInfo>(typed);
    const pz::Verdict v = solving.answer(action.id(), action.notation());
    fmt::print("{}\n", visible(v.message));
    if (v.right && !v.solved) fmt::print("{}\n", board_text(plugin, solving.state(), solving.before(), color));
  }
  progress.record(p.id(), solving.first_try());
  pz::write_progress(progress_path, progress);
  if (!themes_line(p).empty()) fmt::print("Themes: {}.\n", visible(themes_line(p)));
  return true;
}

void solve(Common& common, const SolveArgs& a) {
  const auto set = pz::read_puzzle_set(a.file);
  if (set.puzzles_size() == 0) throw HostError(a.file + ": holds no puzzles");
  if (a.start > set.puzzles_size())
    throw UsageError(fmt::format("--start {}: {} holds {} puzzles", a.start, a.file, set.puzzles_size()));
  Registry registry = common.registry();
  Plugin& plugin = pz::puzzle_plugin(registry, set, a.file);
  pz::check_puzzle_set(plugin, set, a.file);  // every field against the game, before any is shown
  const fs::path progress_path = a.progress.empty() ? pz::default_progress_path() : fs::path(a.progress);
  pz::Progress progress = pz::read_progress(progress_path);
  int first = a.start - 1;
  if (a.start == 0) {
    first = 0;
    while (first < set.puzzles_size() && progress.results.count(set.puzzles(first).id()) &&
           progress.results.at(set.puzzles(first).id()))
      ++first;
    if (first == set.puzzles_size()) first = 0;  // all solved: from the start again
  }
  fmt::print("{}: {} puzzles; type a move, 'hint', 'solution' or 'quit'.\n", a.file, set.puzzles_size());
  for (int k = first; k < set.puzzles_size(); ++k)
    if (!solve_one(plugin, set.puzzles(k), k + 1, set.puzzles_size(), set.settings().min_gap(), progress,
                   progress_path, common.color_on()))
      break;
  fmt::print("Progress: {} solved, {} failed, streak {} (best {}); kept in {}\n", progress.solved(),
             progress.failed(), progress.streak, progress.best_streak, progress_path.string());
}

}  // namespace

void add_puzzles_commands(CLI::App& app, Common& common) {
  auto a = std::make_shared<MineArgs>();
  auto* cmd = app.add_subcommand(
      "puzzles", "find puzzles in reviewed games: positions where one move is clearly best (docs/teaching.md)");
  cmd->add_option("LOG", a->paths, "game logs, or folders of them (each *.ghlog)")->required()->type_name("LOG|DIR");
  cmd->add_option("--out,-o", a->out, "the puzzle set to write (.ghpuz)")->required()->type_name("FILE");
  cmd->add_option("--min-gap", a->min_gap, "points the best move must beat every other by (default 10)")
      ->check(CLI::Range(0.5, 1000.0));
  cmd->add_option("--jobs,-j", a->jobs, "positions searched at once (default: one per core)")->check(CLI::Range(1, 256));
  cmd->add_option("--reviews", a->reviews, "where the reviews are read and written (default: beside each log)")
      ->type_name("DIR");
  cmd->add_option("--review-iters", a->review_iters,
                  "MCTS iterations a position for a review this run makes (default: the review's, 50000)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}));
  cmd->add_option("--playouts", a->playouts, "playouts valuing each legal move (default 400)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}));
  cmd->add_option("--verify-playouts", a->verify_playouts,
                  "playouts of the deeper search that verifies each puzzle (default 1600)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100'000'000}));
  cmd->add_option("--solver-nodes", a->solver_nodes, "exact solver budget a position (default 200000; 0: none)")
      ->check(whole_number_check());
  cmd->add_option("--seed", a->seed, "the search's seed (default 1)")->check(whole_number_check());
  cmd->add_option("--max-line", a->max_line, "longest solution line, in decisions (default 3)")
      ->check(CLI::Range(1, 50));
  cmd->add_flag("--force", a->force, "overwrite --out when it exists");
  cmd->add_flag("--quiet,-q", a->quiet, "no progress messages");
  cmd->callback([&common, a] { mine(common, *a); });

  auto b = std::make_shared<SolveArgs>();
  auto* solve_cmd = app.add_subcommand("puzzle", "solve a puzzle set at the terminal (docs/teaching.md)");
  solve_cmd->add_option("FILE", b->file, "a puzzle set (.ghpuz)")->required()->type_name("FILE");
  solve_cmd->add_option("--progress", b->progress,
                        "the progress file (default $XDG_STATE_HOME/gamehost/puzzles.progress, or "
                        "~/.local/state/gamehost/puzzles.progress)")
      ->type_name("FILE");
  solve_cmd->add_option("--start", b->start, "begin at puzzle N (default: the first not yet solved)")
      ->check(CLI::Range(1, 1'000'000));
  add_color_options(solve_cmd, common);
  solve_cmd->callback([&common, b] { solve(common, *b); });
}

}  // namespace gamehost
