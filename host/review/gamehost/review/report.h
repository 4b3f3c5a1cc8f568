// A review for people: the table of every ply, each player's summary, the
// most costly moves with their positions, and the JSON form.
#pragma once

#include <string>

#include "gamehost/calls/plugin.h"
#include "gamehost/review/review_file.h"

namespace gamehost::review {

// One line per ply (move, values before and after, best move, points lost,
// class), then a summary per player.
std::string review_table(const ReviewFile& review);

// Each player's `n` moves that lost the most points, with the position
// before the move (the plugin's text for people), the move played, the
// better move and the engine's line after each. `game` must be the log's.
std::string top_moves(const ReviewFile& review, Plugin& game, const std::string& log_path, int n);

// The whole review as JSON (review.proto's Review message).
std::string review_json(const ReviewFile& review);

// One player's summary numbers.
struct PlayerSummary {
  int moves = 0;              // reviewed decisions (not forced)
  double points_lost = 0;     // summed
  int counts[8] = {};         // by MoveClass
};
PlayerSummary summarize(const ReviewFile& review, int seat);

}  // namespace gamehost::review
