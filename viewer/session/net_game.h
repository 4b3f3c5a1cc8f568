// A game played in the viewer on a server (replay-viewer --connect URL …,
// docs/viewer.md, "Playing on a server"): the same path as --play
// (played_game.h). A client of `gamehost serve` (host/client: Client,
// reconnecting after a drop) runs on a thread of its own, enters the game
// as `gamehost play --connect` does (game_entry.h: create, join, watch, a
// seat's token or an invite link), and mirrors the game, as the seat sees
// it, into a local log: the header made by this machine's plugin from the
// game's options and seed, one ply record as each MoveMade arrives (its
// state checked against the server's), the result as the server ends the
// game. The window follows that log as in --play. Only games whose
// positions the server sends as state bytes (no hidden information) can be
// mirrored: a seat of a game with hidden information sees less than a log
// holds, so such a game is refused. The window never waits for the
// network: it reads what the thread last learned. No SFML type.
#pragma once

#include <cstdint>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gamehost/client/game_entry.h"
#include "viewer/session/played_game.h"

namespace viewer {

struct NetGameSettings {
  std::string server;                     // --connect URL (an invite link names a seat)
  gamehost::client::GameRequest request;  // what to create, join or watch
  std::filesystem::path log;              // "": games/recorded/TYPE-GAMEID-DATE.ghlog
  std::vector<std::string> plugin_dirs;
  std::string join_password;
};

class NetGame : public PlayedGame {
 public:
  explicit NetGame(NetGameSettings settings);
  // Leaves the game (the seat stays the person's: its token brings them
  // back) and ends the client's thread.
  ~NetGame() override;
  NetGame(const NetGame&) = delete;
  NetGame& operator=(const NetGame&) = delete;

  // Before the window opens: connects, enters the game, waits for the
  // server's view of it (at most 30 s), checks that it can be mirrored here
  // (its plugin installed, no hidden information, the same positions),
  // writes the log with every ply so far, then follows the game on the
  // client's thread. Returns the lines to tell the person (the game
  // created, its invites, the seat's token). Throws HostError naming what
  // is wrong (the server unreachable, an unknown game, a refused game).
  std::vector<std::string> start();

  const std::string& game_type() const { return game_type_; }
  const std::string& game_id() const { return game_id_; }

  const std::filesystem::path& log() const override { return settings_.log; }
  int seat() const override { return seat_; }
  int waiting_ply() const override;
  std::vector<std::uint32_t> legal() const override;
  void submit(std::uint32_t action) override;
  bool hints_allowed() const override;
  std::string no_hints_reason() const override;
  void ask_hint() override;
  std::pair<int, std::string> hint() const override;
  bool can_resign() const override { return seat_ >= 0; }
  void resign() override;
  std::string player(int seat) const override;
  std::string clocks() const override;
  std::string notice() const override;
  std::string error() const override;
  bool over() const override;

  bool seat_taken(int seat) const override;
  int to_move() const override;

 private:
  struct Mirror;
  struct Request {
    enum Kind { kMove, kHint, kResign } kind;
    std::uint32_t action = 0;
    std::uint32_t ply = 0;
  };
  void run();
  void send(const Request& request);
  // Takes a message of the game: the mirror and the snapshot follow it.
  void take(const gamehost::client::Event& event);
  void take_snapshot();

  NetGameSettings settings_;
  std::unique_ptr<gamehost::client::Client> client_;  // the thread's alone once start() returned
  std::unique_ptr<Mirror> mirror_;                    // the thread's alone too
  std::string game_type_, game_id_;
  int seat_ = -1;

  mutable std::mutex mutex_;
  std::deque<Request> requests_;
  int waiting_ply_ = 0;  // the mirror's plies + 1 when the seat is to move there
  bool submitted_ = false;
  std::vector<std::uint32_t> legal_;
  std::unique_ptr<gamehost::client::GameTracker> snapshot_;  // the game as last known (clocks, seats)
  std::vector<std::string> seat_names_;
  int hint_ply_ = 0;
  std::pair<int, std::string> hint_;
  std::string notice_, error_;
  bool over_ = false, closing_ = false;
  std::thread thread_;
};

}  // namespace viewer
