// The second look a review takes before it calls an estimated move a
// mistake or blunder (issue 35, docs/review.md "How sure the estimates
// are"): more budget on that ply, and the uncertainty that is left.
#pragma once

#include <cstdint>
#include <string>

#include "gamehost/calls/plugin.h"
#include "gamehost/review/position_value.h"

namespace gamehost::review {

// Rechecks the verdict `d` on the decision at `state` (reply rule only:
// d.playouts_each > 0): the moves are valued again with
// settings.recheck_factor() times the playouts and another seed; each
// value is then the larger valuation's, and its error also counts the
// spread between the two valuations (the estimate moves with the budget,
// and more than its playouts' standard error says). Where the solver
// reaches the moves' positions, candidates.h proves them instead.
void recheck_decision(Plugin& game, const std::string& state, const pb::StateInfo& info, std::uint32_t played,
                      const rpb::ReviewSettings& settings, std::uint64_t seed, bool keeps_points, DecisionValue& d);

}  // namespace gamehost::review
