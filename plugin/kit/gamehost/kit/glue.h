// The kit's names a game's glue files use, for one using-directive in the
// game's own namespace:
//   namespace connect_four::plugin { using namespace gamehost::kit::glue; }
// gives pb:: (the interface's messages), Outcome, Refusal, refuse,
// unknown_action and pack.
#pragma once

#include "gamehost.pb.h"
#include "gamehost/kit/outcome.h"
#include "gamehost/kit/payload.h"
#include "scene.pb.h"

namespace gamehost::kit::glue {

namespace pb = gamehost::v1;
using gamehost::kit::Outcome;
using gamehost::kit::pack;
using gamehost::kit::refuse;
using gamehost::kit::Refusal;
using gamehost::kit::unknown_action;

}  // namespace gamehost::kit::glue
