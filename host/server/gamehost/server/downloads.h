// The files of a finished game, served at GET /games/ID.EXT: the log as
// written (.ghlog), `gamehost export --format json` (.json) and PPN (.ppn,
// where the game has a PPN export), and the links the lobby lists for them.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "net.pb.h"

namespace gamehost {
class Plugin;
}

namespace gamehost::server {

namespace net = gamehost::net::v1;

class Lobby;

// An HTTP answer: status code, content type and body.
struct HttpAnswer {
  unsigned status = 200;
  std::string content_type;
  std::string body;
};

// Sets summary.downloads for a game of `game` that is over (nothing
// otherwise).
void add_downloads(net::GameSummary& summary, const Plugin& game);

// The answer to GET `path` when it names a game's file (/games/ID.EXT);
// nullopt for any other path. A game that is not over, or not on this
// server, is 404; a format the game does not write (PPN of a game without
// a PPN writer, or one the game refuses) is 415, with the game's reason.
std::optional<HttpAnswer> game_download(Lobby& lobby, const std::string& path);

}  // namespace gamehost::server
