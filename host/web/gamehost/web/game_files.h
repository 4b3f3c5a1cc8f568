// The files of a finished game that `gamehost serve` offers at
// /games/ID.FORMAT (docs/web.md, "The served page"): the log itself, its
// JSON, its PPN, and the replay's data for the page's study view.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "gamehost/registry.h"

namespace gamehost::web {

struct GameFile {
  std::string content_type;
  std::string bytes;
};

// The formats, in the order a path's suffix is tried (".replay.json"
// before ".json").
inline constexpr std::string_view kGameFileFormats[] = {"replay.json", "ghlog", "json", "ppn", "html"};

// `format` of the finished game logged at `log`:
// - "ghlog": the file as it is;
// - "json": as `gamehost export --format json` writes it;
// - "ppn": as `gamehost export --format ppn` (Alien City only);
// - "replay.json": replay_data() of the game, whole (a finished game
//   reveals every hand), with the review beside the log (LOG.ghreview)
//   when there is one; kept beside the log (LOG.replay.json) and made
//   again when the log or the review is newer;
// - "html": the one-file replay, as `gamehost export --format html`.
// Throws HostError naming the file for a log that does not read, and for
// a format the game cannot be written in.
GameFile finished_game_file(Registry& registry, const std::filesystem::path& log, std::string_view format);

}  // namespace gamehost::web
