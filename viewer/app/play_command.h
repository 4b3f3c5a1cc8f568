// replay-viewer --play GAME --against AGENT: a game against an engine in
// the window (docs/viewer.md, "Playing"; play/play_state.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace viewer {

struct PlayCommand {
  std::string game, against;
  int seat = 1;  // from 1, as --seat
  std::uint64_t seed = 0;
  std::string out;  // "": gamehost play's default path
  std::vector<std::string> plugin_dirs;
  std::string font_path;
  int antialias = -1;
  int analysis_threads = 1;
};

// Checks the game and the engine's spec (exit 2 naming what is wrong), the
// font and the display, then starts the game and opens the window on its
// log. Returns the exit status.
int run_play(const PlayCommand& command);

}  // namespace viewer
