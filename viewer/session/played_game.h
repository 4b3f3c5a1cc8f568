// The game the person plays in the window, wherever it is played: against
// a local engine (live_game.h, --play) or on a server (net_game.h,
// --connect). Both write the game, as the person's seat sees it, into a log
// that grows per ply; the window follows that log (play/play_state.h) and
// hands the person's moves here. One path for both: the window never knows
// where the other side sits, and never waits for it. No SFML type.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace viewer {

class PlayedGame {
 public:
  virtual ~PlayedGame() = default;

  // The log written as the game goes (its header is there once the game
  // started).
  virtual const std::filesystem::path& log() const = 0;
  // The person's seat, from 0; -1 when watching.
  virtual int seat() const = 0;
  // The ply the person is to move at (from 1), once the game waits for
  // them; 0 otherwise.
  virtual int waiting_ply() const = 0;
  virtual std::vector<std::uint32_t> legal() const = 0;  // the legal ids there
  // Hands the person's move to the game. Pre: waiting_ply() != 0 and
  // `action` is legal there.
  virtual void submit(std::uint32_t action) = 0;

  // Whether the person may ask for a hint (local play: always; a server:
  // where both sides agreed to hints), and why not.
  virtual bool hints_allowed() const = 0;
  virtual std::string no_hints_reason() const { return ""; }
  // Asks a hint for the position the person is to move in; hint() then
  // holds it with its ply ("" before one, or while it is computed).
  virtual void ask_hint() = 0;
  virtual std::pair<int, std::string> hint() const = 0;

  // Whether the person may resign (a server's game; local play ends by
  // closing the window), and resigning.
  virtual bool can_resign() const { return false; }
  virtual void resign() {}

  // Who sits at `seat` as the panel names them after the seat's name (the
  // engine's spec, a player's name), "" for nobody known.
  virtual std::string player(int seat) const = 0;
  // Whether someone holds `seat` (false: a server's seat still open).
  virtual bool seat_taken(int) const { return true; }
  // The seat to move on the newest position as the game knows it (-1:
  // nobody, or not known: a watcher's status line uses it).
  virtual int to_move() const { return -1; }
  // The clocks as people read them ("Red 4:59 ⏱   Yellow 5:00"), ticking;
  // "" for a game without a clock.
  virtual std::string clocks() const { return ""; }
  // A passing note of the game's own (the connection dropped, reconnected;
  // how the server ended the game); "" for none.
  virtual std::string notice() const { return ""; }

  // Why the game stopped early ("" while it runs or once it finished).
  virtual std::string error() const = 0;
  virtual bool over() const = 0;
};

}  // namespace viewer
