#include "gamehost/web/game_files.h"

#include <fmt/core.h>

#include <fstream>
#include <optional>
#include <sstream>

#include "gamehost/base/error.h"
#include "gamehost/records/game_log.h"
#include "gamehost/review/review_file.h"
#include "gamehost/records/sidecar.h"
#include "gamehost/web/replay_page.h"

namespace gamehost::web {

namespace {

namespace fs = std::filesystem;

// The replay's data, made once and kept beside the log (LOG.replay.json):
// an Alien City game takes seconds of plugin calls, and every window that
// follows a game asks for it when the game ends. Made again when the log
// or its review (LOG.ghreview) is newer than the copy kept.
std::optional<std::string> kept_replay(const fs::path& log, const fs::path& kept) {
  std::error_code ec;
  const auto made = fs::last_write_time(kept, ec);
  if (ec || fs::last_write_time(log, ec) > made || ec) return std::nullopt;
  const fs::path review = review::review_path_for(log);
  if (fs::exists(review, ec) && fs::last_write_time(review, ec) > made) return std::nullopt;
  std::ifstream in(kept, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) return std::nullopt;
  return bytes.str();
}

void keep_replay(const fs::path& kept, const std::string& data) {
  // Written whole, then renamed: a reader never sees half a file. A folder
  // that cannot be written to only costs the time of making it again.
  const fs::path part = fs::path(kept).concat(".part");
  {
    std::ofstream out(part, std::ios::binary | std::ios::trunc);
    out << data;
    if (!out) return;
  }
  std::error_code ec;
  fs::rename(part, kept, ec);
}

}  // namespace

GameFile finished_game_file(Plugin& plugin, const std::filesystem::path& log, std::string_view format) {
  std::ifstream in(log, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) throw HostError(fmt::format("{}: cannot read the game's log", log.string()));
  const GameLog parsed = parse_log(bytes.str(), log.filename().string());
  ReplayPageOptions options;
  options.log_path = log.string();
  if (format == "replay.json") {
    const fs::path kept = sidecar_path(log, ".replay.json");
    if (auto data = kept_replay(log, kept)) return {"application/json", std::move(*data)};
    std::string data = replay_data(plugin, parsed, options);
    keep_replay(kept, data);
    return {"application/json", std::move(data)};
  }
  if (format == "html") return {"text/html; charset=utf-8", replay_page(plugin, parsed, options)};
  throw HostError(fmt::format("no format '{}' for a game's file", format));
}

}  // namespace gamehost::web
