// A client of `gamehost serve` that keeps going: one connection at a time,
// the games it plays or watches tracked (game_tracker.h), and after a drop
// a new connection that takes every seat up again with its token (Attach),
// watches again what it watched (Watch) and subscribes to the lobby again.
// A gap in a game's plies, or in the connection's sequence numbers, asks
// the server for the game again. `gamehost bot` and `play --connect` are
// built on it.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "gamehost/client/connection.h"
#include "gamehost/client/game_tracker.h"

namespace gamehost::client {

// The server answered a request with an Error (net.proto, Error.Code).
class ServerError : public HostError {
 public:
  explicit ServerError(net::Error error);
  const net::Error& error() const { return error_; }
  net::Error::Code code() const { return error_.code(); }

 private:
  net::Error error_;
};

// "ILLEGAL_MOVE: the plugin's reason": how an Error reads for people.
std::string error_text(const net::Error& error);

struct ClientSettings {
  std::string client = "gamehost-client";  // Hello.client
  std::string name;                        // Hello.name
  std::string join_password;               // Hello.join_password
  bool seat_samples = false;               // Hello.seat_samples: a seat's sample to search on (engines)
  // How long to keep trying after the connection drops (0: do not reconnect).
  std::chrono::milliseconds reconnect_for = std::chrono::seconds(30);
  std::chrono::milliseconds connect_timeout = std::chrono::seconds(10);
  // Asked before each reconnecting attempt: false gives up at once (a
  // window being closed need not wait out reconnect_for). None: keep trying.
  std::function<bool()> keep_reconnecting;
};

// One message from the server, with the game it moved (nullptr: none).
struct Event {
  net::ServerMessage message;
  GameTracker* game = nullptr;
  GameTracker::Applied applied = GameTracker::Applied::NotThisGame;
};

class Client {
 public:
  Client(ServerUrl url, ClientSettings settings);
  ~Client();

  // Connects, says Hello. Throws ConnectionError (refused, no server there)
  // or ServerError (the server refused the Hello: WRONG_VERSION, BAD_PASSWORD).
  void connect();
  const net::Welcome& welcome() const { return welcome_; }
  const ServerUrl& url() const { return url_; }

  // Sends `message` with the next request id (returned).
  std::uint64_t send(net::ClientMessage message);
  // Sends and waits for the answer; every other message meanwhile is kept
  // for next(). Throws ServerError when the answer is an Error, and
  // ConnectionError when none comes within `timeout`.
  net::ServerMessage call(net::ClientMessage message,
                          std::chrono::milliseconds timeout = std::chrono::seconds(30));

  // The next message, waiting at most `timeout`; nullopt when none came.
  // Reconnects on the way when the connection dropped (notice() says so);
  // throws ConnectionError when it cannot within reconnect_for.
  std::optional<Event> next(std::chrono::milliseconds timeout);

  // Follows a game: as the holder of a seat (reconnects Attach with its
  // key) or as a spectator (reconnects Watch). Does not send anything.
  GameTracker& hold_seat(const net::SeatKey& key);
  GameTracker& watch(const std::string& game_id);
  void forget(const std::string& game_id);
  GameTracker* game(const std::string& game_id);
  // The key of the seat held in `game_id`, or nullptr.
  const net::SeatKey* seat_key(const std::string& game_id) const;
  // Sends ListGames again after every reconnect (the lobby subscription).
  void keep_lobby(const net::ListGames& request) { lobby_ = request; }

  // Asks for the whole game again (Attach or Watch): after a gap.
  void resync(const std::string& game_id);

  // Called with a line for people: the connection dropped, reconnected.
  std::function<void(const std::string&)> notice;
  // Called with every message received (`gamehost bot --record`).
  std::function<void(const net::ServerMessage&)> received;
  int reconnects() const { return reconnects_; }

 private:
  std::optional<Event> receive(std::chrono::milliseconds timeout);
  void reconnect(const std::string& why);
  void say_hello();

  struct Followed {
    GameTracker tracker;
    std::optional<net::SeatKey> key;  // none: watching
    bool resyncing = false;
  };

  ServerUrl url_;
  ClientSettings settings_;
  std::unique_ptr<Connection> connection_;
  net::Welcome welcome_;
  std::uint64_t next_id_ = 1;
  std::uint64_t last_seq_ = 0;
  std::deque<Event> pending_;
  std::map<std::string, Followed> games_;
  std::optional<net::ListGames> lobby_;
  int reconnects_ = 0;
};

}  // namespace gamehost::client
