#include "gamehost/review/engine_coach.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "gamehost/play/agents/mcts.h"
#include "gamehost/records/replay.h"
#include "gamehost/review/position_value.h"
#include "gamehost/review/reviewer.h"
#include "gamehost/review/exact_solver.h"
#include "gamehost/review/units.h"

namespace gamehost::review {

namespace {

constexpr int kLinePlies = 8;
constexpr int kAlternatives = 3;

// The review's settings at the coach's budget and seed.
rpb::ReviewSettings coach_settings(bool points, std::uint64_t iterations, std::uint64_t seed) {
  rpb::ReviewSettings s = default_settings(points);
  s.set_iterations(iterations);
  s.set_seed(seed);
  return s;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// The review's words for games decided by win or loss only (units.h).
const ValueUnits& result_units() {
  static const ValueUnits units = [] {
    rpb::ReviewHeader h;
    h.set_value_unit(std::string(kUnitResult));
    return ValueUnits(h);
  }();
  return units;
}

// "+3", "-0.4" (exact values are whole points); games without points: the
// expected result, "0.75", "1.00 win".
std::string margin_text(const rpb::Evaluation& e, bool points) {
  // signed_number: a value that rounds to zero is "0.0", never "-0.0".
  if (!points) return result_units().value(e);
  return signed_number(e.margin(), e.exact() ? 0 : 1);
}

std::string value_text(const rpb::Evaluation& e, bool points) {
  if (!points) return fmt::format("expected result {} for you", margin_text(e, points));
  return fmt::format("margin {} for you, win {:.0f}%", margin_text(e, points), 100 * e.win_probability());
}

std::string lost_text(double lost, bool exact, bool points) {
  if (!points) return fmt::format("{} of the expected result", result_units().lost(lost));
  if (exact) return fmt::format("{:.0f} point{}", lost, std::lround(lost) == 1 ? "" : "s");
  return fmt::format("{:.1f} points", lost);
}

// A proved value of the position `state`, when the solver reaches the end
// from it within its budget (or the game is over there).
std::optional<ExactValue> proved(ExactSolver& solver, Plugin& game, const std::string& state,
                                 const pb::StateInfo& info) {
  if (info.terminal()) return terminal_value(game, state, info);
  if (!solver.applicable()) return std::nullopt;
  auto solved = solver.solve(state, info);
  if (!solved) return std::nullopt;
  return solved_value(*solved);
}

}  // namespace

std::string EngineCoach::hint(const Turn& turn, std::uint64_t iterations, std::uint64_t seed) {
  const bool points = keeps_points(turn.game, turn.state);
  // The options of mcts:iters=ITERATIONS,seed=SEED, so the hint is the
  // move that agent would choose (its first search: no tree kept yet).
  MctsOptions options;
  options.iters = iterations;
  options.seed = seed;
  options.reuse = false;
  MctsSearch search(turn.game, options);
  search.set_line_plies(kLinePlies);
  const MctsSearch::Result r = search.search(turn.state, turn.info);

  const auto line = line_notation(turn.game, turn.state, r.best_line.empty() ? std::vector<std::uint32_t>{r.action} : r.best_line);
  const std::string best = line_notation(turn.game, turn.state, {r.action}).at(0);
  std::string text = fmt::format("Hint ({} iterations): {}: {}.\n", iterations, best,
                                 value_text(child_value(r.children.front(), points), points));
  std::string others;
  for (std::size_t i = 1; i < r.children.size() && i <= kAlternatives; ++i) {
    const rpb::Evaluation v = child_value(r.children[i], points);
    // A game without points: its expected result already is the win chance.
    const std::string win = points ? fmt::format("win {:.0f}%, ", 100 * v.win_probability()) : "";
    others += fmt::format("{}{} {} ({}{} visits)", others.empty() ? "" : "; ",
                          line_notation(turn.game, turn.state, {r.children[i].action}).at(0), margin_text(v, points),
                          win, r.children[i].visits);
  }
  if (!others.empty()) text += fmt::format("  Next best: {}.\n", others);
  if (line.size() > 1) text += fmt::format("  Expected line: {}\n", joined(line));
  return text;
}

rpb::PlyReview EngineCoach::review(const Turn& turn, std::uint32_t action, std::uint64_t iterations,
                                   std::uint64_t seed) {
  const bool points = keeps_points(turn.game, turn.state);
  const rpb::ReviewSettings s = coach_settings(points, iterations, seed);
  rpb::PlyReview r;
  r.set_ply(static_cast<std::uint32_t>(turn.ply));
  r.set_seat(turn.seat);
  r.set_played_action(action);
  r.set_reviewed(true);
  r.set_legal_count(static_cast<std::uint32_t>(turn.info.legal_ids_size()));
  r.set_sampled_hidden(turn.game.info().has_hidden_information());

  pb::ApplyResponse applied;
  turn.game.apply(turn.state, action, full_flags(), applied, /*describe_action=*/true);
  r.set_played(applied.action().notation());
  // Exact where the solver reaches: the position before (its best move's
  // value) and the one after the move played.
  ExactSolver solver(turn.game, points, kSolverNodes, kSolveNodes);
  std::optional<ExactValue> before, after;
  before = proved(solver, turn.game, turn.state, turn.info);
  if (before) after = proved(solver, turn.game, applied.state(), applied.info());
  std::vector<std::uint32_t> best_line;
  if (before && after) {
    *r.mutable_before() = before->for_seat[turn.seat];
    *r.mutable_after() = after->for_seat[turn.seat];
    r.set_best_action(before->best_action);
    best_line = before->line;
  } else {
    const DecisionValue d = search_decision(turn.game, turn.state, turn.info, action, s, seed, kLinePlies, points);
    *r.mutable_before() = d.best;
    *r.mutable_after() = d.played;
    r.set_best_action(d.best_action);
    best_line = d.best_line;
  }
  for (const auto& n : line_notation(turn.game, turn.state, best_line)) r.add_best_line(n);
  r.set_best(r.best_line_size() ? r.best_line(0) : std::string());
  judge_move(action, s, r);
  return r;
}

MoveVerdict EngineCoach::judge(const Turn& turn, std::uint32_t action, std::uint64_t iterations, std::uint64_t seed) {
  const rpb::PlyReview r = review(turn, action, iterations, seed);
  const bool points = keeps_points(turn.game, turn.state);
  const bool exact = r.before().exact() && r.after().exact();
  MoveVerdict v;
  switch (r.move_class()) {
    case rpb::FORCED:
      v.text = fmt::format("Coach: {} was the only legal move.\n", r.played());
      return v;
    case rpb::BEST:
      v.text = fmt::format("Coach: {} is best: {}{}.\n", r.played(), value_text(r.after(), points),
                           exact ? " (exact)" : "");
      return v;
    default: break;
  }
  const char* cls = class_name(r.move_class());
  v.text = fmt::format("Coach: {} is {} {}: it loses {}{}. Best was {}: {}; after {}: {}.\n", r.played(),
                       cls[0] == 'i' ? "an" : "a", cls, lost_text(r.points_lost(), exact, points),
                       exact ? " (exact)" : "", r.best(), value_text(r.before(), points), r.played(),
                       value_text(r.after(), points));
  if (r.best_line_size() > 1) {
    std::vector<std::string> line(r.best_line().begin(), r.best_line().end());
    v.text += fmt::format("  Expected line after {}: {}\n", r.best(), joined(line));
  }
  v.offer_take_back = r.move_class() == rpb::INACCURACY || r.move_class() == rpb::MISTAKE ||
                      r.move_class() == rpb::BLUNDER;
  return v;
}

}  // namespace gamehost::review
