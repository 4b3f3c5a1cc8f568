// The state of one game as a client knows it: what GameView, MoveMade and
// GameEnded give (net.proto), kept in order. A MoveMade whose ply is not the
// next one is a gap (a message lost, or a reconnect in between): the
// tracker says so, and the client asks for the whole game again (Attach for
// a seat, Watch for a spectator), whose GameView replaces everything. An
// accepted takeback (TakenBack) replaces the plies and the position too.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "net.pb.h"

namespace gamehost::client {

namespace net = gamehost::net::v1;

class GameTracker {
 public:
  explicit GameTracker(std::string game_id) : game_id_(std::move(game_id)) {}

  enum class Applied {
    NotThisGame,  // another game's message, or not a game event
    Updated,      // the game moved on (or was seen whole)
    Duplicate,    // a ply already known: nothing changed
    Gap,          // plies are missing before this one: resynchronise
    Ended,        // the game is over (GameEnded)
    SeatChanged,  // who sits where (SeatChanged)
    // A takeback offered or declined (summary().takeback_offer() says
    // which); an accepted one is Updated (TakenBack).
    TakebackOffer,
  };
  Applied apply(const net::ServerMessage& message);

  const std::string& game_id() const { return game_id_; }
  bool seen() const { return seen_; }  // a GameView came
  const net::GameSummary& summary() const { return summary_; }
  int seat() const { return seat_; }  // -1: watching
  // Plies played so far (taken-back ones included: they keep their
  // numbers); the next move's Move.ply is plies() + 1.
  std::uint32_t plies() const { return position_.ply(); }
  const std::vector<net::PlyView>& ply_views() const { return ply_views_; }
  const net::Position& position() const { return position_; }
  const net::Clocks& clocks() const { return clocks_; }
  // Where the clocks were read on this machine (steady clock, ms), to tick them.
  std::int64_t clocks_read_at_ms() const { return clocks_read_at_ms_; }
  const std::optional<net::GameEnded>& ended() const { return ended_; }
  // Whether the receiver's seat is to move now (legal_ids are then given).
  bool my_turn() const;

 private:
  void take_clocks(const net::Clocks& clocks);

  std::string game_id_;
  bool seen_ = false;
  net::GameSummary summary_;
  int seat_ = -1;
  std::vector<net::PlyView> ply_views_;
  net::Position position_;
  net::Clocks clocks_;
  std::int64_t clocks_read_at_ms_ = 0;
  std::optional<net::GameEnded> ended_;
};

// The clock of `seat` now, in ms: its remaining time less what ran since the
// clocks were read when it is the running one. Nullopt when the game has no
// live clock.
std::optional<std::int64_t> clock_now_ms(const GameTracker& game, int seat);

// "4:59", "0:07.3" under 10 s: a clock as people read it.
std::string clock_text_ms(std::int64_t ms);

// Milliseconds of the steady clock, for clocks_read_at_ms.
std::int64_t steady_ms();

}  // namespace gamehost::client
