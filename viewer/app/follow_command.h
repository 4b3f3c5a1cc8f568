// replay-viewer --follow: the window on a log being written (or on a
// tournament folder), or with --dump-panel its panel per ply as text.
#pragma once

#include "viewer/teaching/follow.h"

namespace viewer {

// Runs the command (FollowCommand, follow.h); returns the exit status.
int run_follow(const FollowCommand& command);

}  // namespace viewer
