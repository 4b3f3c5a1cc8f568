// The files of a finished game, served at GET /games/ID.EXT: the log as
// written (.ghlog), `gamehost export --format json` (.json) and PPN (.ppn,
// where the game has a PPN export), and the links the lobby lists for them.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "net.pb.h"

namespace gamehost::server {

namespace net = gamehost::net::v1;

class Lobby;

// An HTTP answer: status code, content type and body.
struct HttpAnswer {
  unsigned status = 200;
  std::string content_type;
  std::string body;
};

// Sets summary.downloads for a game that is over (nothing otherwise).
void add_downloads(net::GameSummary& summary);

// The answer to GET `path` when it names a game's file (/games/ID.EXT);
// nullopt for any other path. A game that is not over, or not on this
// server, is 404; a format the game has no export for (PPN of a game that
// is not Alien City) is 415, saying why.
std::optional<HttpAnswer> game_download(const Lobby& lobby, const std::string& path);

}  // namespace gamehost::server
