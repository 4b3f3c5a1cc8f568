// `gamehost analyze --live` (cmd_live.cc), called by `analyze` (cmd_analyze.cc).
#pragma once

#include <cstdint>
#include <string>

#include "gamehost/calls/plugin.h"

namespace gamehost {

// When the live search stops by itself (besides Ctrl-C and a proof), and
// how many threads it searches with.
struct LiveLimits {
  double seconds = 0;            // 0: no time limit
  std::uint64_t iterations = 0;  // 0: no limit; else once the search has run that many
  int threads = 1;               // root-parallel MCTS trees (--threads)
};

// The best three moves of `state`, searched in the background and printed
// as they change, until Ctrl-C, a proof, or `limits`.
void analyze_live(Plugin& plugin, const std::string& state, const std::string& title, const LiveLimits& limits);

}  // namespace gamehost
