// gamehost serve: HTTP and WebSocket on one port (Boost.Beast), one network
// thread for every connection and game, engines on their own bounded pool,
// a finished game's replay (/games/ID.replay.json, .html) on a thread of
// its own.
//   GET /                 a placeholder page (the web client comes later)
//   GET /games/ID.ghlog   the log of a finished game
//   GET /ws               the WebSocket of net.proto (docs/protocol.md)
#pragma once

#include <atomic>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "gamehost/calls/registry.h"
#include "gamehost/server/lobby.h"

namespace gamehost::server {

struct ServerOptions {
  std::string bind = "127.0.0.1";
  std::uint16_t port = 8080;  // 0: any free port (printed)
  LobbySettings lobby;
  // Pages of other sites allowed to open the WebSocket ("https://club.example"),
  // besides the server's own (an Origin whose host is the request's Host).
  std::vector<std::string> allowed_origins;
  // Per connection: messages a second, and the burst allowed above it.
  // A bot playing fast sends dozens of moves a second: well above that.
  double messages_per_second = 100;
  double message_burst = 200;
};

// Serves until SIGINT or SIGTERM. Prints "Serving ... at http://HOST:PORT/"
// on `out` once listening (and each resumed game before it). Throws
// HostError when the port cannot be bound or the data folder opened.
void run_server(Registry& registry, const ServerOptions& options, std::ostream& out);

}  // namespace gamehost::server
