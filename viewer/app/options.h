// replay-viewer's command line (docs/viewer.md, docs/teaching.md), parsed
// once, in one place, into one plain struct: main() then runs what it asks
// (the window through the Application, the tour, --follow, or a headless
// output). Every check that needs only the command line is made here.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gamehost/calls/transport.h"
#include "viewer/app/play_command.h"
#include "viewer/app/tour_command.h"
#include "viewer/export/animation_export.h"
#include "viewer/session/replay_session.h"

namespace viewer {

struct ViewerOptions {
  std::string log;  // a log, a puzzle set (--puzzles), or a tournament folder (--follow)
  std::string position_file, position_game;  // --position FILE --game GAME instead of a log
  std::optional<int> ply;
  std::string variation;  // PLY:MOVE,... kept beside the log
  std::string select, overlay_list;
  SeatOptions seat;
  std::string review_file;
  std::vector<std::string> plugin_dirs;
  gamehost::LoadOptions load;
  std::string font_path;
  int antialias = -1;  // -1: window_antialiasing()'s choice
  int analysis_threads = 1;
  std::string export_dir;

  // Headless outputs.
  std::string screenshot, frames, gif, webp, dump;
  std::string size_text = "1280x800";  // --size WxH
  std::optional<int> tween;
  AnimationOptions animation;
  int webp_quality = 80;
  bool make_folders = false;

  // The modes.
  bool follow = false;
  float idle_exit = 60;
  bool puzzles = false;
  int puzzle_number = 0;  // 0: the first not yet solved
  std::string progress_file;
  bool tour = false;
  TourCommand tour_command;  // with tour
  bool play = false;
  PlayCommand play_command;  // with play

  // How many of --screenshot, --frames, --gif, --webp were given.
  int outputs() const { return !screenshot.empty() + !frames.empty() + !gif.empty() + !webp.empty(); }
};

// Reads argv into `options`. Returns the exit status when the command line
// ends the program here (--help, --version: 0 after printing; a bad command
// line: kExitUsage after saying why on stderr), nullopt to go on.
std::optional<int> parse_command_line(int argc, char** argv, ViewerOptions& options);

// "replay-viewer: MESSAGE" on stderr (what it quotes clipped and made
// visible, input_checks.h); returns `code`.
int viewer_fail(int code, const std::string& message);

}  // namespace viewer
