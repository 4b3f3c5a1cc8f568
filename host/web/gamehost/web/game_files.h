// The replay of a finished game that `gamehost serve` offers at
// /games/ID.FORMAT (docs/web.md, "The served page"): the one-file page and
// its data for the page's study view (the server's downloads.cc serves the
// log, its JSON and its PPN).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "gamehost/calls/plugin.h"

namespace gamehost::web {

struct GameFile {
  std::string content_type;
  std::string bytes;
};

// The formats (a path's suffix: /games/ID.replay.json, /games/ID.html).
inline constexpr std::string_view kGameFileFormats[] = {"replay.json", "html"};

// `format` of the finished game logged at `log`:
// - "replay.json": replay_data() of the game, whole (a finished game
//   reveals every hand), with the review beside the log (LOG.ghreview)
//   when there is one; kept beside the log (LOG.replay.json) and made
//   again when the log or the review is newer;
// - "html": the one-file replay, as `gamehost export --format html`.
// `plugin` is the game's, an instance only this call uses: the server
// makes these on a worker thread (a finished Alien City game takes
// seconds), each with its own clone. Throws HostError naming the file for
// a log that does not read or does not replay.
GameFile finished_game_file(Plugin& plugin, const std::filesystem::path& log, std::string_view format);

}  // namespace gamehost::web
