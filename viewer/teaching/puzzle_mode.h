// replay-viewer --puzzles (docs/teaching.md, "Puzzles"): a puzzle set
// solved with clicks. The board shows each puzzle's position off the game
// (ReplayView::show_off_game); a click on the board is judged by the same
// rules as `gamehost puzzle` (gamehost/puzzles/solving.h), the verdict
// goes to the panel's message line, S shows the solution with the scoring
// paths of the tower it makes, N goes to the next puzzle. Progress goes to
// the same file as the terminal's.
#pragma once

#include <SFML/Window/Event.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "gamehost/puzzles/progress.h"
#include "gamehost/puzzles/puzzle_file.h"
#include "gamehost/puzzles/solving.h"
#include "viewer/session/replay_session.h"
#include "viewer/view/replay_view.h"

namespace viewer {

namespace ppb = gamehost::puzzles::v1;

// The log a puzzle came from, for the viewer's session (the game's plugin
// and the panel's record), by one rule (docs/teaching.md): beside the set,
// else in the set's sources/ folder, else a shipped sample of that name;
// never the current folder's copy (unless the set lies there). Throws
// HostError naming the places looked in.
std::filesystem::path puzzle_source_log(const std::filesystem::path& set_file, const ppb::Puzzle& puzzle);

class PuzzleMode {
 public:
  // `first`: the index of the puzzle to begin with. `session` is the first
  // puzzle's game (puzzle_source_log of `set_file`); each puzzle opened
  // puts its own game there, so the panel, its move list and the keys that
  // step through the game are about the puzzle shown.
  PuzzleMode(ReplaySession& session, std::filesystem::path set_file, ppb::PuzzleSet set, int first,
             std::filesystem::path progress);

  // The viewer's hooks (StartOptions.on_update, on_event): shows the
  // current puzzle on the first frame; takes the board's clicks and the
  // keys T (a hint), S (solution), N (next), O (moves off the board), 1-9
  // (a choice).
  bool update(ReplayView& view);
  bool handle(ReplayView& view, const sf::Event& e, sf::Vector2f at);

  // What the panel's message says now (also for --dump-panel).
  const std::string& message() const { return message_; }
  // The puzzle's heading: "Puzzle 3 of 6: seed-2.ghlog, ply 43 (hard). White to move ...".
  std::string heading() const;

 private:
  void open(ReplayView& view, int index);
  // The puzzle's position again (after steps through its game).
  void show_puzzle(ReplayView& view);
  // The ply of the puzzle's game the panel shows (the one before its ply).
  int game_ply() const;
  // The panel's header on the puzzle's board: "Puzzle 2 of 5: ply 43".
  std::string place() const;
  void judge(ReplayView& view, std::uint32_t action);
  void offer(std::vector<std::pair<std::uint32_t, std::string>> choices);
  void show_solution(ReplayView& view);
  void finish(bool first_try);
  void say(ReplayView& view, std::string text);

  ReplaySession& session_;
  std::filesystem::path set_file_;
  ppb::PuzzleSet set_;
  int index_;
  std::filesystem::path progress_path_;
  gamehost::puzzles::Progress progress_;
  std::unique_ptr<gamehost::puzzles::Solving> solving_;
  std::vector<std::pair<std::uint32_t, std::string>> choices_;  // a click with several moves
  std::string message_;
  bool started_ = false, recorded_ = false;
};

}  // namespace viewer
