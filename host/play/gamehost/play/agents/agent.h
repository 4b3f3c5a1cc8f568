// Agents: who chooses the actions of a seat. An agent sees the game only
// through the plugin interface, like the host, so every agent works with
// every game. Agents are made from spec strings (spec.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "gamehost/calls/plugin.h"

namespace gamehost {

// What an agent is shown when it is to move.
struct Turn {
  Plugin& game;
  const std::string& state;    // opaque state bytes
  const pb::StateInfo& info;   // with legal_ids
  int seat;
  int ply;                     // the ply about to be played, from 1
  // The state before the last seat's move, for a person's board to mark
  // the move (nullptr: no move yet). The true state, not a seat's sample:
  // shown only through Observe for `seat` (terminal_board.h).
  const std::string* before = nullptr;
};

class Agent {
 public:
  virtual ~Agent() = default;
  // A legal action id for turn.seat, or nullopt to abandon the game (a human
  // who typed "quit" or closed the input). Pre: turn.info.legal_ids is not
  // empty. Never returns an id outside it.
  virtual std::optional<std::uint32_t> choose(const Turn& turn) = 0;
  // Called once the action chosen at `turn` was applied, before it is
  // recorded: whether the agent takes it back (a coached human, coach.h).
  // The ply is then recorded as taken back and the same turn comes again.
  virtual bool take_back(const Turn& turn, std::uint32_t action) {
    (void)turn, (void)action;
    return false;
  }
  // Local play's takeback (`takeback` in gamehost play; docs/logs.md,
  // "Takebacks"). An agent that returns nullopt from choose() and then
  // true here asks to take back its seat's last move and every ply since
  // instead of abandoning the game: play_game marks them taken back in the
  // log and asks choose() again in the position before that move, or, when
  // it cannot (no move yet, the rules' chance in between), calls
  // takeback_refused with why and asks again where it was. The answer is
  // read once per nullopt (an agent on another thread, the viewer's, sets
  // its wish and wakes its choose()).
  virtual bool takeback_asked() { return false; }
  virtual void takeback_refused(const std::string& why) { (void)why; }
  // The spec that recreates this agent exactly (e.g. "random:seed=7"); it
  // goes into the log header.
  virtual std::string spec() const = 0;
};

}  // namespace gamehost
