// One recorded game as one self-contained HTML file (`gamehost export
// --format html`, docs/web.md): every ply's scene drawn by the game's own
// plugin, the moves, the scores, the scoring paths of every selection,
// the notes, the review and the variations, with the browser code of
// assets/ inlined. It opens from disk with no server and no network.
#pragma once

#include <string>

#include "gamehost/records/game_log.h"
#include "gamehost/calls/registry.h"

namespace gamehost::web {

struct ReplayPageOptions {
  std::string log_path;  // the log's file: notes, review and variations are found beside it
  std::string review;    // --review FILE; empty: LOG.ghreview when it exists
  bool notes = false;    // --notes: the notes of LOG.ghnotes
  // --as PLAYER: only what that seat saw (its scenes drawn for it, the
  // plies it did not see as "?", no scores of a game with hidden
  // information, no review, no variations). A game with hidden information
  // that is not finished is written only so.
  std::string as;
};

// The page. Throws HostError for a log that does not replay, a review of
// another log, a plugin without scenes, an unfinished game with hidden
// information without --as, or --review with --as on such a game. Damaged
// notes or variations are a warning on stderr, as in the other exports.
std::string replay_page(Registry& registry, const GameLog& log, const ReplayPageOptions& options);

// The page's data alone (the JSON of its <script id="gh-game">, what
// GhReplay.mount takes), as `gamehost serve` sends it for a finished game.
// Throws as replay_page.
std::string replay_data(Registry& registry, const GameLog& log, const ReplayPageOptions& options);

// The same with the game's plugin instance (a caller on another thread
// than the registry's passes its own clone). Throws HostError when the log
// is of another game.
std::string replay_page(Plugin& plugin, const GameLog& log, const ReplayPageOptions& options);
std::string replay_data(Plugin& plugin, const GameLog& log, const ReplayPageOptions& options);

}  // namespace gamehost::web
