// One WebSocket connection to `gamehost serve`: binary frames, one
// ClientMessage or ServerMessage each (proto/net.proto). The network runs on
// a thread of its own (Boost.Beast, asynchronous), so that a caller may
// block on the terminal or in an engine's search while the server's
// messages (the opponent's move, the clock) keep arriving; they wait in a
// queue for next().
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "gamehost/client/server_url.h"
#include "gamehost/base/error.h"

namespace gamehost::client {

// The connection failed or ended: refused, reset, closed by the server (its
// reason), or a frame that is not a ServerMessage. The message names the
// server's URL.
class ConnectionError : public HostError {
 public:
  using HostError::HostError;
};

class Connection {
 public:
  // Connects (the WebSocket handshake). Throws ConnectionError ("cannot
  // connect to ws://HOST:PORT/ws: Connection refused") when the server
  // cannot be reached or refuses the WebSocket within `timeout`.
  static std::unique_ptr<Connection> open(const ServerUrl& url,
                                          std::chrono::milliseconds timeout = std::chrono::seconds(10));
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Queues `message` for sending; never blocks on the network. Throws
  // ConnectionError once the connection is closed.
  void send(const net::ClientMessage& message);

  // The next message from the server, waiting at most `timeout`; nullopt
  // when none came. Throws ConnectionError once the connection has ended
  // and every message before the end was taken.
  std::optional<net::ServerMessage> next(std::chrono::milliseconds timeout);

  // Whether the connection still runs (messages already queued stay readable).
  bool open() const;
  // Why it ended ("" while it runs).
  std::string end_reason() const;

  const ServerUrl& url() const { return url_; }

  // Sends a close frame and stops the network thread (the destructor does it too).
  void close();

 private:
  struct Impl;
  explicit Connection(ServerUrl url);
  ServerUrl url_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gamehost::client
