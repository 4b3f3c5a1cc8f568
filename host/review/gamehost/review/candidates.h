// The verdict on an estimated ply checked by proof before it is given
// (issue 46): where the solver reaches the position after the move played
// (the ply just before the review's exact region), the positions after the
// search's candidate moves are solved too, so that the move recommended is
// the best of the moves proved, never one proved worse than another, and a
// mistake or blunder is named only on proved values.
#pragma once

#include <cstdint>
#include <string>

#include "gamehost/calls/plugin.h"
#include "gamehost/review/position_value.h"

namespace gamehost::review {

// Solves the position after the move played (unless d.played is exact)
// and after each candidate (d.best_action, then d.candidates; every option
// of a decision of at most kSmallDecision), each with the review's solver
// budgets (without a limit when `unlimited`: the moves' positions lie
// within the review's exact depth), stopping at the first that is not
// proved. When the move played
// and at least one other move are proved:
// - d.best becomes the best proved move (the move played on a tie), its
//   line the proved line, its error 0; marked exact only when every legal
//   move was proved (then the position is known);
// - d.played becomes the move played's proved value (exact: its position
//   is proved);
// and the result is true: the points lost are then a proved lower bound.
// Otherwise d is left as it was and the result is false. Deterministic:
// each solve is one request whose answer depends on the position, the
// budget and the guess alone.
bool prove_candidates(Plugin& game, const std::string& state, const pb::StateInfo& info, std::uint32_t played,
                      const rpb::ReviewSettings& settings, bool keeps_points, bool unlimited, int line_plies,
                      DecisionValue& d);

}  // namespace gamehost::review
