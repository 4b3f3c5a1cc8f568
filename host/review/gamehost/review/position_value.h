// The values the review compares: a position's exact value (the game is
// over, or the endgame solver proved it) and the MCTS verdict on one
// decision (the best move's value against the move played's, both from the
// same search).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gamehost/agents/mcts.h"
#include "gamehost/review/review.pb.h"
#include "gamehost/review/solver.h"

namespace gamehost::review {

namespace rpb = gamehost::review::v1;

// A position known exactly: both seats' values, and for a seat to move its
// best action and the best play from here.
struct ExactValue {
  std::vector<rpb::Evaluation> for_seat;  // two seats
  std::uint32_t best_action = 0;
  std::vector<std::uint32_t> line;        // best_action first; empty when over
};

// The finished game's value (scores asked of the plugin when info has none).
ExactValue terminal_value(Plugin& game, const std::string& state, const pb::StateInfo& info);
// A value the solver proved.
ExactValue solved_value(const Solved& solved);

// A root child's value for the mover (games that keep no points: the
// return as the margin).
rpb::Evaluation child_value(const RootChild& c, bool keeps_points);

// The game's notation of each action of `line`, played from `state` (up to
// the first action that does not apply).
std::vector<std::string> line_notation(Plugin& game, std::string state, const std::vector<std::uint32_t>& line);

// The options of one fresh search with `settings` seeded `seed` (no tree
// kept): those of mcts:iters=N,seed=S when settings are the defaults.
MctsOptions mcts_options(const rpb::ReviewSettings& settings, std::uint64_t seed);

// The engine's verdict on the decision at `state`.
struct DecisionValue {
  rpb::Evaluation best;                   // the best move's value for the mover
  rpb::Evaluation played;                 // the move played's value for the mover
  std::uint32_t best_action = 0;
  std::vector<std::uint32_t> best_line;   // best_action first
  std::vector<std::uint32_t> played_line; // the move played first
};

// One MCTS search of `settings.iterations()` from `state` (a seat to move),
// after which the move played gets at least a tenth of them too, so its
// value is measured by the same search as the best move's. `seed` is this
// position's. Games that keep no points value the margin as the return.
DecisionValue search_decision(Plugin& game, const std::string& state, const pb::StateInfo& info,
                              std::uint32_t played, const rpb::ReviewSettings& settings, std::uint64_t seed,
                              int line_plies, bool keeps_points);

}  // namespace gamehost::review
