#include "gamehost/review/candidates.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "gamehost/review/exact_solver.h"
#include "gamehost/review/reviewer.h"

namespace gamehost::review {

namespace {

struct ProvedMove {
  std::uint32_t action = 0;
  rpb::Evaluation value;               // for the mover
  std::vector<std::uint32_t> line;     // the action first, then the proved line after it
};

// The proved value of the position after `action`, or nullopt past the
// budgets. `guess` is a seat-0 margin (a sibling's proved value: moves of
// one position are often worth about the same).
std::optional<ProvedMove> prove_move(Plugin& game, ExactSolver& solver, const std::string& state,
                                     std::uint32_t action, int seat, std::optional<double> guess) {
  pb::QueryFlags flags;
  flags.set_legal_ids(true);
  flags.set_scores(true);
  pb::ApplyResponse step;
  game.apply(state, action, flags, step);
  ProvedMove m;
  m.action = action;
  m.line.push_back(action);
  if (step.info().terminal()) {
    m.value = terminal_value(game, step.state(), step.info()).for_seat[seat];
    return m;
  }
  const auto solved = solver.solve(step.state(), step.info(), guess);
  if (!solved) return std::nullopt;
  const ExactValue v = solved_value(*solved);
  m.value = v.for_seat[seat];
  m.line.insert(m.line.end(), v.line.begin(), v.line.end());
  return m;
}

double seat0_margin(const rpb::Evaluation& e, int seat) { return seat == 0 ? e.margin() : -e.margin(); }

}  // namespace

bool prove_candidates(Plugin& game, const std::string& state, const pb::StateInfo& info, std::uint32_t played,
                      const rpb::ReviewSettings& settings, bool keeps_points, bool unlimited, int line_plies,
                      DecisionValue& d) {
  const int seat = info.to_move();
  auto budget = [&](std::uint64_t nodes) { return nodes && unlimited ? kUnlimitedSolveNodes : nodes; };
  ExactSolver solver(game, keeps_points, budget(settings.solver_nodes()), budget(settings.solve_nodes()));
  if (!solver.applicable()) return false;

  ProvedMove played_move;
  played_move.action = played;
  played_move.line = d.played_line;
  if (d.played.exact()) {
    played_move.value = d.played;
  } else {
    // Not proved yet: its siblings would not be either, or only at great cost.
    auto m = prove_move(game, solver, state, played, seat, std::nullopt);
    if (!m) return false;
    played_move = std::move(*m);
    played_move.value.set_exact(true);
  }
  // A sibling's value as the first window (points only: a result has no window to try).
  const std::optional<double> guess =
      keeps_points ? std::optional<double>(seat0_margin(played_move.value, seat)) : std::nullopt;

  std::vector<std::uint32_t> moves{d.best_action};
  moves.insert(moves.end(), d.candidates.begin(), d.candidates.end());
  if (info.legal_ids_size() <= kSmallDecision) moves.insert(moves.end(), info.legal_ids().begin(), info.legal_ids().end());
  std::vector<ProvedMove> proved;
  std::vector<std::uint32_t> tried{played};
  for (const std::uint32_t a : moves) {
    if (std::find(tried.begin(), tried.end(), a) != tried.end()) continue;
    tried.push_back(a);
    auto m = prove_move(game, solver, state, a, seat, guess);
    if (!m) break;  // the budgets stop here: the rest are as large
    proved.push_back(std::move(*m));
  }
  if (proved.empty()) return false;

  // The best proved move; the move played wins a tie, so that no move
  // worth no more is named as better.
  const ProvedMove* best = &played_move;
  for (const ProvedMove& m : proved)
    if (m.value.margin() > best->value.margin()) best = &m;
  const bool every_move = static_cast<int>(proved.size()) + 1 == info.legal_ids_size();
  d.best_action = best->action;
  d.best = best->value;
  d.best.set_exact(every_move);
  d.best_error = 0;
  d.best_line.assign(best->line.begin(), best->line.begin() + std::min<std::ptrdiff_t>(line_plies, best->line.size()));
  d.played = played_move.value;
  d.played_error = 0;
  if (!played_move.line.empty())
    d.played_line.assign(played_move.line.begin(),
                         played_move.line.begin() + std::min<std::ptrdiff_t>(line_plies, played_move.line.size()));
  if (best == &played_move) d.best_line = d.played_line;
  return true;
}

}  // namespace gamehost::review
