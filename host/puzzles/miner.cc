// Mining: candidates from the review, every legal move valued, the gap
// verified, the solution line, themes, greedy's choice and the difficulty.
#include "gamehost/puzzles/miner.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <mutex>
#include <sstream>

#include "gamehost/play/agents/agent.h"
#include "gamehost/play/agents/spec.h"
#include "gamehost/puzzles/move_values.h"
#include "gamehost/calls/parallel.h"
#include "gamehost/records/replay.h"
#include "gamehost/review/reviewer.h"

namespace gamehost::puzzles {
namespace {

// Moves re-searched by the verification: the best and those that came
// within this many gaps of it, at most kVerifyMoves of them.
constexpr double kCloseGaps = 2.0;
constexpr std::size_t kVerifyMoves = 6;

pb::QueryFlags info_flags() {
  pb::QueryFlags f;
  f.set_legal_ids(true);
  f.set_scores(true);
  return f;
}

std::uint64_t mix(std::uint64_t seed, std::uint64_t k) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ull * (k + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::vector<std::string> themes_of(Plugin& game, const std::string& state, const std::string& move) {
  std::vector<std::string> out;
  const auto a = game.analysis(state, "themes " + move);
  if (!a) return out;
  std::istringstream lines(a->text());
  for (std::string line; std::getline(lines, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

// Whether the best move of `values` stays best by min_gap when it and the
// moves that came close are searched again, deeper and with another seed.
bool verified(Plugin& game, const std::string& state, const pb::StateInfo& info, const MoveValues& values,
              const ppb::MiningSettings& s, std::uint64_t seed) {
  if (values.exact) return true;
  std::vector<std::uint32_t> close;
  for (const auto& m : values.moves)
    if (close.size() < kVerifyMoves && m.value >= values.moves[0].value - kCloseGaps * s.min_gap())
      close.push_back(m.action);
  if (close.size() < 2) close.push_back(values.moves[1].action);
  const MoveValues deeper = value_some(game, state, info, close, s.verify_playouts(), mix(seed, 77));
  return deeper.moves[0].action == values.moves[0].action && deeper.gap() >= s.min_gap();
}

// One step of the line: every move valued; kept when one is clearly best.
// The exact solver is tried only where the review proved the position
// (`try_exact`): elsewhere it would spend its whole budget to fail.
std::optional<ppb::Step> clear_step(Plugin& game, const std::string& state, const pb::StateInfo& info,
                                    const ppb::MiningSettings& s, std::uint64_t seed, bool try_exact,
                                    MoveValues& values) {
  if (info.terminal() || info.legal_ids_size() < 2) return std::nullopt;
  const std::uint64_t nodes = try_exact ? s.solver_nodes() : 0;
  review::ExactSolver solver(game, true, nodes, nodes);
  values = value_moves(game, state, info, solver, s.playouts(), seed);
  if (values.gap() < s.min_gap() || !verified(game, state, info, values, s, seed)) return std::nullopt;
  ppb::Step step;
  step.set_seat(info.to_move());
  step.set_best(values.moves[0].move);
  step.set_best_action(values.moves[0].action);
  step.set_exact(values.exact);
  for (const auto& m : values.moves) {
    auto* mv = step.add_moves();
    mv->set_move(m.move);
    mv->set_action(m.action);
    mv->set_value(std::round(m.value * 10) / 10);  // a tenth of a point: the file reads as text
  }
  for (auto& t : themes_of(game, state, values.moves[0].move)) step.add_themes(t);
  return step;
}

bool greedy_finds(Plugin& game, const std::string& state, const pb::StateInfo& info, std::uint32_t best) {
  AgentContext ctx;
  ctx.seat = info.to_move();
  auto greedy = make_agent("greedy:seed=1", ctx);
  const Turn turn{game, state, info, info.to_move(), 1};
  return greedy->choose(turn) == best;
}

// The puzzle at ply r.ply(), or nullopt when it does not hold.
std::optional<ppb::Puzzle> try_candidate(Plugin& game, const GameLog& log, const std::string& state,
                                         const review::rpb::PlyReview& r, const ppb::MiningSettings& s) {
  const pb::StateInfo info = game.query(state, info_flags());
  const std::uint64_t seed = mix(s.seed(), r.ply());
  MoveValues first;
  const bool try_exact = r.before().exact();
  auto step = clear_step(game, state, info, s, seed, try_exact, first);
  if (!step || step->best_action() == r.played_action()) return std::nullopt;
  ppb::Puzzle p;
  p.set_source_log(std::filesystem::path(log.file).filename().string());
  p.set_source_ply(r.ply());
  p.set_id(fmt::format("{}:{}", p.source_log(), r.ply()));
  p.set_played(r.played());
  p.set_state(state);
  p.set_seat(info.to_move());
  p.set_side(game.info().player_names(info.to_move()));
  p.set_gap(std::round(first.gap() * 10) / 10);
  p.set_second_best(first.moves[1].move);
  *p.mutable_themes() = step->themes();
  int close = 0;
  for (std::size_t i = 1; i < first.moves.size(); ++i)
    if (first.moves[i].value >= first.moves[0].value - kCloseGaps * s.min_gap()) ++close;
  p.set_close_moves(close);
  p.set_greedy_solves(greedy_finds(game, state, info, step->best_action()));
  p.set_difficulty(difficulty(p.greedy_solves(), close));
  // The line goes on while each next decision is clearly best; a reply is
  // searched only when the solver's next move still fits after it.
  std::string at = state;
  *p.add_line() = *step;
  pb::ApplyResponse next;
  while (p.line_size() < static_cast<int>(s.max_line())) {
    game.apply(at, p.line(p.line_size() - 1).best_action(), info_flags(), next);
    at = next.state();
    if (next.info().to_move() != p.seat() && p.line_size() + 2 > static_cast<int>(s.max_line())) break;
    MoveValues values;
    auto more = clear_step(game, at, next.info(), s, mix(seed, p.line_size()), try_exact && first.exact, values);
    if (!more) break;
    *p.add_line() = *more;
  }
  // A line ends with the solver's own move: a reply after it teaches nothing.
  while (p.line_size() > 1 && p.line(p.line_size() - 1).seat() != p.seat()) p.mutable_line()->RemoveLast();
  return p;
}

}  // namespace

ppb::MiningSettings default_mining_settings() {
  ppb::MiningSettings s;
  s.set_min_gap(10);
  s.set_playouts(400);
  s.set_verify_playouts(1600);
  s.set_solver_nodes(200'000);
  s.set_seed(1);
  s.set_max_line(3);
  return s;
}

std::string difficulty(bool greedy_solves, int close_moves) {
  if (greedy_solves) return "easy";
  return close_moves >= 3 ? "hard" : "medium";
}

std::string unsuitable(Plugin& game, const std::string& initial_state) {
  const auto& gi = game.info();
  if (game.players() != 2) return "puzzles need a game of two seats";
  if (gi.has_chance() || gi.has_hidden_information())
    return "puzzles need a game without chance or hidden information";
  if (!review::keeps_points(game, initial_state)) return "puzzles need a game that keeps points";
  return "";
}

std::vector<ppb::Puzzle> mine_game(Plugin& game, const GameLog& log, const review::ReviewFile& review,
                                   const ppb::MiningSettings& settings, int jobs,
                                   const std::function<void(int, int)>& progress) {
  const Replayed replayed = replay(game, log, std::nullopt, true);
  std::vector<const review::rpb::PlyReview*> candidates;
  for (const auto& r : review.plies)
    if (r.reviewed() && r.seat() >= 0 && r.legal_count() >= 2 && r.points_lost() >= settings.min_gap() &&
        r.ply() >= 1 && r.ply() <= replayed.states.size() - 1)
      candidates.push_back(&r);
  std::vector<std::optional<ppb::Puzzle>> found(candidates.size());
  int done = 0;
  std::mutex report;
  for_each_with_clone(game, static_cast<int>(candidates.size()), jobs, [&](Plugin& g, int k) {
    const auto& r = *candidates[static_cast<std::size_t>(k)];
    found[static_cast<std::size_t>(k)] = try_candidate(g, log, replayed.states[r.ply() - 1], r, settings);
    std::lock_guard lock(report);
    if (progress) progress(++done, static_cast<int>(candidates.size()));
  });
  // One puzzle a best move a game: the same claim missed again and again
  // (a green tower left standing) is one lesson, kept at its first ply.
  std::vector<ppb::Puzzle> out;
  std::set<std::string> taught;
  for (auto& p : found)
    if (p && taught.insert(p->line(0).best()).second) out.push_back(std::move(*p));
  return out;
}

}  // namespace gamehost::puzzles
