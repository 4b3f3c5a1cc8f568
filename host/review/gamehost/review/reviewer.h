// Reviewing a recorded game: every position of the log valued by the engine
// (the endgame solver where it can prove the value, MCTS elsewhere), and
// every decision compared with the engine's best: the points it lost and its
// class (docs/review.md). The review is written beside the log as it goes
// and continued when it was cut short.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include "gamehost/calls/plugin.h"
#include "gamehost/review/review_file.h"

namespace gamehost::review {

// Whether `game` keeps points (StateInfo.scores at `state`); games that do
// not are valued by their returns.
bool keeps_points(Plugin& game, const std::string& state);

// The game's own solver's default budget a position (ReviewSettings.
// solve_nodes; docs/review.md, "Reach of the solver"): a few seconds for
// the position where it gives up. Games that keep points (Alien City) visit
// about a million positions a second, Connect Four about six million.
inline constexpr std::uint64_t kDefaultSolveNodes = 20'000'000;
inline constexpr std::uint64_t kDefaultSolveNodesWithPoints = 2'000'000;
// The budget of a solve within ReviewSettings.exact_depth of the end: no
// limit that a position of a real game reaches.
inline constexpr std::uint64_t kUnlimitedSolveNodes = 1'000'000'000'000;

// The default engine settings and class thresholds (the thresholds depend
// on whether the game keeps points); the move value rule "reply".
rpb::ReviewSettings default_settings(bool keeps_points);

// Sets how the best move and the move played are valued, "reply" or
// "subtree" (ReviewSettings.move_value), with the root share that goes
// with it.
void set_move_value(rpb::ReviewSettings& settings, std::string_view rule);

// The class of a move that lost `points_lost` (not BEST or FORCED, which
// the review decides from the move itself).
rpb::MoveClass classify(double points_lost, const rpb::ReviewSettings& settings);

// Sets r's class and points lost from its before, after, best_action and
// legal_count, for the move `played`: FORCED (the only legal move), BEST
// (the engine's choice, or exactly as good), else classify(); an estimated
// mistake or blunder whose two values overlap within error_width times
// their errors (before_error, after_error) is UNCLEAR, and lost_error is set.
void judge_move(std::uint32_t played, const rpb::ReviewSettings& settings, rpb::PlyReview& r);

// "best", "good", "inaccuracy", "mistake", "blunder", "forced", "unclear".
const char* class_name(rpb::MoveClass c);
// The mark of a class in move lists: "?!", "?", "??", "□" (forced) or "".
const char* class_symbol(rpb::MoveClass c);

struct ReviewRequest {
  std::filesystem::path log;
  std::filesystem::path out;        // empty: review_path_for(log)
  rpb::ReviewSettings settings;     // from default_settings, then the user's changes
  int jobs = 1;                     // positions searched at once, one plugin instance each
  bool restart = false;             // begin again even when a review of this log exists
  // Called after each ply review is written: (plies written, plies in the log).
  std::function<void(int, int)> progress;
};

struct ReviewOutcome {
  ReviewFile review;      // the whole review, as on disk
  int computed = 0;       // ply reviews written by this run
  bool continued = false; // an earlier, partial review was continued
};

// Verifies the log (as `gamehost verify`), then reviews every ply not yet in
// the review file. Throws HostError when the log is bad, when an existing
// review names another log or other settings (unless restart), or on I/O
// errors. Deterministic: the same log and settings give the same records,
// whatever `jobs` and however often the review was cut short.
ReviewOutcome run_review(Plugin& plugin, const ReviewRequest& request);

}  // namespace gamehost::review
