// How a client comes into a game on `gamehost serve`, the same for every
// client that seats a person (`gamehost play --connect`, `replay-viewer
// --connect`; docs/gamehost.md, "play --connect"): a seat's token or an
// invite link takes that seat up again, a game id is joined (or watched),
// a game type is created with the seats asked for.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/client/client.h"

namespace gamehost::client {

// What the person asked for, as the command lines take it.
struct GameRequest {
  std::string game;                    // GAME: a game type (a new game) or a game id (join, watch)
  std::map<int, std::string> players;  // --playerN (from 1): human, open, invite, or a server engine's spec
  std::vector<std::string> options;    // -o NAME=VALUE
  std::optional<std::uint64_t> seed;   // the setup's seed
  std::optional<std::uint64_t> chance_seed;
  std::string time;        // --time MIN+SEC or DAYSd
  bool hints = false;      // a new game allows hints
  bool takebacks = false;  // a new game allows takebacks agreed by both seats
  int seat = -1;           // --seat N (from 1) when joining; -1: the first open
  std::string token;       // --token GAME:SEAT:TOKEN or an invite link
  bool watch = false;      // --watch GAME_ID
  std::string name;        // the person's name
};

// A request that cannot be made as asked (no GAME, two human seats, a
// --playerN past the game's seats, a bad --time): the command line's fault.
class RequestError : public HostError {
 public:
  using HostError::HostError;
};

// Where the person is now: the game, their seat's key (none: watching) and
// what to tell them (the game created, the invites, the seat's token), one
// line each, in order.
struct Entered {
  std::string game_id;
  std::optional<net::SeatKey> key;
  std::vector<std::string> lines;
};

// The server's games (ListGameTypes), by id.
std::map<std::string, v1::GameInfo> game_types(Client& client);

// Takes the seat of a token or of the URL's invite link, watches, creates
// (request.game is one of `types`) or joins. The client then follows the
// game (hold_seat or watch; the GameView is on its way). `command` is the
// command that brings the person back with the seat's token ("gamehost
// play --connect"); messages name it without the program ("play --connect"). Throws RequestError, or the
// client's ServerError (UNKNOWN_GAME, NO_OPEN_SEAT, BAD_AGENT …).
Entered enter_game(Client& client, const GameRequest& request, const std::map<std::string, v1::GameInfo>& types,
                   const std::string& command);

// "5+3": 5 minutes and 3 seconds a move; "2d": 2 days a move. Throws RequestError.
net::TimeControl parse_time_control(const std::string& text);

// "NAME=VALUE" of -o. Throws RequestError naming `option`.
v1::OptionValue parse_option_value(const std::string& text, const std::string& option);

// The game a game id names (ListGames), or nullopt when the server has none
// by that id: a client may look before it joins.
std::optional<net::GameSummary> find_game(Client& client, const std::string& game_id);

}  // namespace gamehost::client
