// replay-viewer --tour (docs/teaching.md, "A guided rules tour"): what the
// command line asked (parsed once, by main) and its run: the panel as text
// (--dump-panel), one picture (--screenshot), or the window.
#pragma once

#include <string>
#include <vector>

#include "gamehost/calls/transport.h"

namespace viewer {

struct TourCommand {
  std::string file;  // "": the shipped Alien City tour
  int step = 1;      // 1 = the first
  std::string dump, font_path, screenshot;
  std::vector<std::string> answers, plugin_dirs;
  int antialias = -1;
  bool window = false;  // with dump: the window too, rewriting the dump after every change
  gamehost::LoadOptions load;
};

// Returns the exit status (environment.h).
int run_tour(const TourCommand& command);

}  // namespace viewer
