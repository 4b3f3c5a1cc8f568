// replay-viewer --follow DIR: a tournament folder (gamehost tournament
// --out DIR) followed while its games are played, for a projector at a club
// event: the games being played as a grid of small boards with the table
// of results beside them, or (headless, --dump-panel) that table as text
// each time it changes. The logs are read as --follow reads one (follow.h):
// whole records, no lock.
#pragma once

#include <SFML/Graphics/Font.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "viewer/teaching/follow.h"
#include "viewer/view/state_stack.h"

namespace viewer {

struct TableGame {
  std::string file;      // DIR/games/NAME.ghlog
  std::string players;   // "Black = random, White = greedy"
  int plies = 0;
  bool finished = false;
  std::string result;    // the log's result sentence, "" while played
};

// Every game log of DIR/games (or of DIR itself when it has no games/
// folder), by name, as far as their whole records go now.
std::vector<TableGame> scan_tournament(const std::filesystem::path& dir);

// The table as tab-separated rows: "game", name, plies, "playing" or
// "finished", players, result.
std::string tournament_rows(const std::vector<TableGame>& games);

// Whether `path` names a tournament folder rather than a log.
bool is_tournament_folder(const std::filesystem::path& path);

// The grid as a state of the window's stack (view/state_stack.h), the
// whole window (one unit a pixel: WindowOptions::letterboxed false).
std::unique_ptr<State> make_follow_dir_state(const FollowCommand& command, const sf::Font& font);

// Headless: the table as text (--dump-panel) or the grid as one PNG
// (--screenshot). Returns the exit status.
int run_follow_dir(const FollowCommand& command);

}  // namespace viewer
