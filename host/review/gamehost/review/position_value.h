// The values the review compares: a position's exact value (the game is
// over, or the endgame solver proved it) and the MCTS verdict on one
// decision (the best move's value against the move played's, both from the
// same search).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gamehost/play/agents/mcts.h"
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
  // Standard errors of the two values (0 when exact or not measured).
  double best_error = 0, played_error = 0;
  // The playouts each move's value had (the reply rule), for a recheck.
  std::uint64_t playouts_each = 0;
  // The search's most visited moves, most visited first (at most
  // kCandidateMoves): the moves a proof of the verdict looks at.
  std::vector<std::uint32_t> candidates;
};

// How many of the search's most visited moves a decision keeps as
// candidates (DecisionValue::candidates).
inline constexpr int kCandidateMoves = 3;

// Decisions with at most this many options (Alien City's claim decisions:
// the towers claimable and the decline) have every option valued by the
// reply rule, not only the search's choice and the move played: one such
// choice changes the whole scoring, and the search may have settled on
// the move played without measuring the others alike.
inline constexpr int kSmallDecision = 4;

// With the reply rule: `moves` (the search's choice first) each valued by
// reply_value with `each` playouts seeded from `seed`; the best of them
// (the first on a tie) becomes d.best, the move played's d.played.
void value_by_replies(Plugin& game, const std::string& state, int seat, std::uint32_t played,
                      const std::vector<std::uint32_t>& moves, std::uint64_t each, std::uint64_t seed,
                      bool keeps_points, bool uniform, DecisionValue& d);

// `settings.iterations()` MCTS iterations from `state` (a seat to move): a
// search of root_share of them picks the best move, then the best move and
// the move played get (1 - root_share) / 2 of them as visits each, so both
// values come from equally deep subtrees of the same tree (root_share 0,
// or hidden information: one search of all of them, after which the move
// played gets a tenth). `seed` is this
// position's. Games that keep no points value the margin as the return.
// `proved_after`, when given, is the proved value of the move played, used
// instead of its estimate. When the move played is worth more than the
// search's choice it is the best move; the best move's value is the move
// played's whenever the two are one (then never marked exact: the position
// itself is not proved).
DecisionValue search_decision(Plugin& game, const std::string& state, const pb::StateInfo& info,
                              std::uint32_t played, const rpb::ReviewSettings& settings, std::uint64_t seed,
                              int line_plies, bool keeps_points, const rpb::Evaluation* proved_after = nullptr);

}  // namespace gamehost::review
