// A game played in the viewer against an engine (replay-viewer --play GAME
// --against AGENT, docs/viewer.md, "Playing"). The game itself is the
// host's `gamehost play` (gamehost/play/play.h), run on a worker thread with its
// own plugin: the engine is any agent spec, the chance and the log are
// exactly as `gamehost play --out LOG` makes them (written per ply,
// crash-safe), and the person's seat is an agent whose moves come from the
// window through a queue. The window never waits: it only submits a move
// and reads the log as it grows (follow.h's LiveLog). No SFML type.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace viewer {

struct LiveGameSettings {
  std::string game;          // a game id
  std::string against;       // the engine's agent spec, e.g. "mcts:time=1"
  int seat = 0;              // the person's seat, from 0
  std::uint64_t seed = 0;
  std::filesystem::path log; // written as the game goes
  std::vector<std::string> plugin_dirs;
};

// Where the person's moves come from: the window submits one, the game's
// thread takes it when that seat is to move.
class LiveGame {
 public:
  // Checks the game and the agent spec (HostError naming what is wrong)
  // before anything is written; nothing is started yet.
  explicit LiveGame(LiveGameSettings settings);
  // Ends the game's thread: the person's seat abandons the game (the log
  // stays, unfinished); an engine searching first finishes its search.
  ~LiveGame();
  LiveGame(const LiveGame&) = delete;
  LiveGame& operator=(const LiveGame&) = delete;

  // Starts the game on its thread; returns once the log holds its header
  // (or the game failed: error() then says why).
  void start();

  // The person's seat, and whether the game's thread waits for their move
  // at `ply` (the ply about to be played, from 1; 0: not waiting).
  int seat() const { return settings_.seat; }
  int waiting_ply() const;
  std::vector<std::uint32_t> legal() const;  // the legal ids there
  // Hands the person's move to the game. Pre: waiting_ply() != 0 and
  // `action` is legal there.
  void submit(std::uint32_t action);
  // Asks the engine's hint for the position the person is to move in (as
  // `gamehost play`'s "hint": an MCTS search of the human agent's default
  // iterations). Computed on the game's thread; hint() then holds it.
  void ask_hint();
  // The last hint ("" before one, or while it is computed) and the ply it
  // is for.
  std::pair<int, std::string> hint() const;
  // Why the game stopped early ("" while it runs or once it finished).
  std::string error() const;
  bool over() const;

 private:
  class SeatAgent;
  void run();

  LiveGameSettings settings_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  int waiting_ply_ = 0;
  std::vector<std::uint32_t> legal_;
  std::optional<std::uint32_t> submitted_;
  bool hint_asked_ = false;
  std::pair<int, std::string> hint_;
  bool closing_ = false, over_ = false;
  std::string error_;
  std::thread thread_;
};

}  // namespace viewer
