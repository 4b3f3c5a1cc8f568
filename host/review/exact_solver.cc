#include "gamehost/review/exact_solver.h"

#include <algorithm>

namespace gamehost::review {

bool offers_solve(const Plugin& game) {
  const auto& methods = game.info().optional_methods();
  return std::find(methods.begin(), methods.end(), pb::METHOD_SOLVE) != methods.end();
}

std::optional<Solved> solve_in_game(Plugin& game, const std::string& state, std::uint64_t budget,
                                    std::optional<double> guess) {
  pb::SolveRequest req;
  req.set_state(state);
  req.set_budget(budget);
  if (guess) req.set_guess(*guess);
  pb::SolveResponse resp;
  game.call(pb::METHOD_SOLVE, req, resp);
  if (!resp.exact() || resp.line_size() == 0) return std::nullopt;
  Solved s;
  s.margin = resp.value();
  s.line.assign(resp.line().begin(), resp.line().end());
  s.best_action = s.line.front();
  s.nodes = resp.nodes();
  return s;
}

ExactSolver::ExactSolver(Plugin& game, bool keeps_points, std::uint64_t host_nodes, std::uint64_t game_nodes)
    : game_(game),
      generic_(game, keeps_points),
      host_nodes_(host_nodes),
      game_nodes_(game_nodes),
      in_game_(game_nodes > 0 && host_nodes > 0 && offers_solve(game)) {}

bool ExactSolver::applicable() const { return host_nodes_ > 0 && (in_game_ || generic_.applicable()); }

std::optional<Solved> ExactSolver::solve(const std::string& state, const pb::StateInfo& info,
                                         std::optional<double> guess) {
  if (!applicable() || info.terminal()) return std::nullopt;
  // The game's own solver, when it has one, is far stronger than the
  // generic one: where it runs out of budget, the generic one would too.
  if (in_game_) return solve_in_game(game_, state, game_nodes_, guess);
  return generic_.solve(state, info, host_nodes_, guess);
}

}  // namespace gamehost::review
