// Where a server is: "ws://HOST:PORT/PATH", or "http://HOST:PORT" (whose
// WebSocket is at /ws), as `gamehost bot --server` and `play --connect` take
// it. An invite link (http://HOST:PORT/#join=GAME:SEAT:TOKEN) is read too:
// it names a seat.
#pragma once

#include <optional>
#include <string>

#include "net.pb.h"

namespace gamehost::client {

namespace net = gamehost::net::v1;

struct ServerUrl {
  std::string host;
  std::string port;  // "80" when the URL gives none
  std::string path;  // the WebSocket's path: "/ws" unless a ws:// URL names another
  // An invite link's seat (#join=GAME:SEAT:TOKEN), when it carries one.
  std::optional<net::SeatKey> seat;

  std::string text() const { return "ws://" + host + ":" + port + path; }
};

// Throws HostError "--server 'TEXT': why" (`option` names where it came
// from) for anything else: another scheme (wss:// is not supported), no
// host, a port that is not 1..65535.
ServerUrl parse_server_url(const std::string& text, const std::string& option);

// "GAME:SEAT:TOKEN" (SEAT from 0, as invite links and the clients print a
// seat's key) or an invite link: the seat it names. Throws HostError
// naming `option`.
net::SeatKey parse_seat_key(const std::string& text, const std::string& option);

// The text parse_seat_key reads back.
std::string seat_key_text(const net::SeatKey& key);

}  // namespace gamehost::client
