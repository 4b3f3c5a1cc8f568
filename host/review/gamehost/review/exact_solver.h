// Exact values for the review and the coach: the game's own solver
// (METHOD_SOLVE, docs/interface.md) where the plugin offers one, else the
// host's generic endgame solver (solver.h) through Apply and Query.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "gamehost/calls/plugin.h"
#include "gamehost/review/solver.h"

namespace gamehost::review {

// Whether `game` answers METHOD_SOLVE (GameInfo.optional_methods).
bool offers_solve(const Plugin& game);

// One Solve call: the proved value and line of `state` (not terminal), or
// nullopt when the game needs more than `budget` positions. Throws
// CallError as every call does (UNIMPLEMENTED from a game without it).
std::optional<Solved> solve_in_game(Plugin& game, const std::string& state, std::uint64_t budget,
                                    std::optional<double> guess = std::nullopt);

class ExactSolver {
 public:
  // host_nodes: the generic solver's budget a position (0: none);
  // game_nodes: the game's own solver's (0: never ask the game).
  ExactSolver(Plugin& game, bool keeps_points, std::uint64_t host_nodes, std::uint64_t game_nodes);

  // Whether any position can be proved at all.
  bool applicable() const;
  // Whether the game's own solver is used.
  bool in_game() const { return in_game_; }

  std::optional<Solved> solve(const std::string& state, const pb::StateInfo& info,
                              std::optional<double> guess = std::nullopt);

 private:
  Plugin& game_;
  EndgameSolver generic_;
  std::uint64_t host_nodes_, game_nodes_;
  bool in_game_;
};

}  // namespace gamehost::review
