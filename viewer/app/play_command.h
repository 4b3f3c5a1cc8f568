// replay-viewer --play GAME --against AGENT: a game against an engine in
// the window; replay-viewer --connect URL …: a game on a server, the same
// way (docs/viewer.md, "Playing"; play/play_state.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gamehost/client/game_entry.h"

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

// --connect URL [GAME | GAME_ID] … as `gamehost play --connect` takes them.
struct ConnectCommand {
  std::string server;
  gamehost::client::GameRequest request;
  std::string out;  // "": games/recorded/TYPE-GAMEID-DATE.ghlog
  std::string join_password_file;
  std::vector<std::string> plugin_dirs;
  std::string font_path;
  int antialias = -1;
  int analysis_threads = 1;
};

// Checks the game and the engine's spec (exit 2 naming what is wrong), the
// font and the display, then starts the game and opens the window on its
// log. Returns the exit status.
int run_play(const PlayCommand& command);

// Checks the font and the display, connects, enters the game (exit 1 with
// the reason: the server unreachable, an unknown game, a game with hidden
// information), then opens the window on its mirrored log.
int run_connect(const ConnectCommand& command);

}  // namespace viewer
