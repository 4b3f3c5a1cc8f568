// What the better move would have changed, worked out through the game's
// plugin without knowing the game: from the position before the move, the
// review's expected line after the best move and the one after the move
// played are applied (cut to the same length), and at their ends the
// players' scores (StateInfo.scores) and the items of the game's "score"
// analysis are compared. An item is a line of that analysis text of the
// form "NAME: … = POINTS" (Alien City: "red tower B2: 4 customers x 5 =
// 20 …"); items whose points differ, or that stand in one line only, are
// listed. Both ends are the engine's expectations, not certainties.
// Then the move's own effect, right after it: the sets the game names in
// its default analysis as lines "LABEL (N): ITEM ITEM …" (Alien City: the
// streets, the lots that would split them, the lots that would cut a
// structure off), where the position after the better move and the one
// after the move played differ.
#pragma once

#include <string>
#include <vector>

#include "viewer/session/replay_session.h"
#include "viewer/session/review_data.h"

namespace viewer {

struct LineChange {
  std::string key;    // "score.White", "item.red tower B2", "set.Streets", "depth"
  std::string value;  // the difference in points (best line minus played line), or the depth
  std::string text;   // for people
};

// The changes for move `ply` (1-based), or nothing when the move lost no
// points or its lines cannot be replayed (a line's move not legal: the
// lines are cut there).
std::vector<LineChange> line_changes(ReplaySession& session, const rpb::PlyReview& review);

}  // namespace viewer
