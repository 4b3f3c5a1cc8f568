// A move's value by the best reply to it: how `gamehost review` values the
// two moves it compares by default (ReviewSettings.move_value "reply",
// docs/review.md).
//
// The mean over an MCTS subtree counts every reply tried while the search
// looked for the good ones, so it moves with the budget as the search finds
// deeper refutations. Here the position after the move is expanded one
// decision of the other seat deep (the mover's own decisions before it, such
// as a claim after a build, are branched too), every leaf is valued by
// playouts of the game's rollout policy, the other seat takes its best leaf
// and the mover its best branch. The quantity a larger budget measures is
// the same one, more finely: what the move is worth against the best reply,
// with the game played on by the rollout policy.
#pragma once

#include <cstdint>
#include <string>

#include "gamehost/calls/plugin.h"
#include "gamehost/review/review.pb.h"

namespace gamehost::review {

namespace rpb = gamehost::review::v1;

// The value for `seat` of `state` (the position right after `seat`'s move),
// from about `playouts` playouts seeded by `seed` (every reply still in
// the running gets at least one a round, so a budget below the replies'
// count is overrun):
// - the mover's own decisions that follow at once are each branched and the
//   best (for `seat`) taken;
// - below each, the other seat's next decision is branched over every legal
//   action, and the playouts go to its actions by successive halving
//   (rounds of equal shares, the half best for the other seat kept after
//   each), the survivor's mean being that branch's value;
// - a terminal leaf is worth its final margin; a chance node or a seat that
//   is neither is a leaf.
// The margin is `seat`'s final-score margin (games that keep no points: its
// return); the win probability comes from the chosen leaf's mean return;
// visits counts the playouts run. Deterministic in (state, playouts, seed).
// `uniform` asks for uniformly random playouts (RolloutRequest.uniform).
// Games without Rollout get uniformly random playouts through Apply.
// `error`, when given, receives the value's standard error: the spread of
// the chosen leaf's playouts, measured over batches of them.
rpb::Evaluation reply_value(Plugin& game, const std::string& state, int seat, std::uint64_t playouts,
                            std::uint64_t seed, bool keeps_points, bool uniform, double* error = nullptr);

}  // namespace gamehost::review
