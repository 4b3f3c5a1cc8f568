#include "gamehost/server/downloads.h"

#include <fmt/core.h>
#include <google/protobuf/util/json_util.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

#include "gamehost/formats/table_record.h"
#include "gamehost/records/game_log.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/records/json_codec.h"
#include "gamehost/server/lobby.h"

namespace gamehost::server {
namespace {

constexpr const char* kPrefix = "/games/";

struct Format {
  const char* name;  // also the file's extension
  const char* content_type;
};
constexpr Format kFormats[] = {
    {"ghlog", "application/octet-stream"},
    {"json", "application/json"},
    {"ppn", "text/plain; charset=utf-8"},  // YAML header and movetext
};

HttpAnswer text_answer(unsigned status, std::string text) { return {status, "text/plain", std::move(text)}; }

}  // namespace

void add_downloads(net::GameSummary& summary, const Plugin& game) {
  if (summary.status() != net::FINISHED && summary.status() != net::ABORTED) return;
  if (summary.downloads_size() > 0) return;
  for (const Format& f : kFormats) {
    // PPN where the game writes it (its WriteRecord may still refuse one
    // game, e.g. a start from a position diagram: the download says why).
    if (std::string(f.name) == "ppn" && !formats::writes_format(game, "ppn")) continue;
    auto* d = summary.add_downloads();
    d->set_format(f.name);
    d->set_path(fmt::format("{}{}.{}", kPrefix, summary.game_id(), f.name));
  }
}

std::optional<HttpAnswer> game_download(Lobby& lobby, const std::string& path) {
  if (path.rfind(kPrefix, 0) != 0) return std::nullopt;
  const std::string file_name = path.substr(std::string(kPrefix).size());
  const auto dot = file_name.rfind('.');
  if (dot == std::string::npos || dot == 0) return std::nullopt;
  const std::string id = file_name.substr(0, dot), extension = file_name.substr(dot + 1);
  const Format* format = nullptr;
  for (const Format& f : kFormats)
    if (extension == f.name) format = &f;
  if (!format)
    return text_answer(404, fmt::format("no '.{}' file of a game: a finished game is at /games/ID.ghlog, "
                                        "/games/ID.json or /games/ID.ppn\n",
                                        clipped(extension)));
  const auto file = lobby.finished_log(id);
  if (file.empty()) return text_answer(404, fmt::format("no finished game '{}' on this server\n", clipped(id)));
  std::ifstream in(file, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) return text_answer(500, fmt::format("game {}: its log cannot be read\n", id));
  if (extension == "ghlog") return HttpAnswer{200, format->content_type, bytes.str()};
  try {
    const GameLog log = parse_log(bytes.str(), file.filename().string());
    if (extension == "ppn") {
      // As `gamehost export --format ppn` writes it: by the game, which
      // says why it cannot.
      Plugin* game = lobby.finished_game_plugin(id);
      try {
        if (!game) throw HostError("the game is not loaded");
        return HttpAnswer{200, format->content_type, formats::write_table_record(*game, "ppn", log.record, {}, {})};
      } catch (const HostError& e) {
        return text_answer(415, fmt::format("game {}: {} (GET /games/{}.ghlog or .json instead)\n", id, e.what(), id));
      }
    }
    // As `gamehost export --format json` writes it.
    std::string json;
    google::protobuf::util::MessageToJsonString(log.record, &json, json_print_options());
    return HttpAnswer{200, format->content_type, json};
  } catch (const HostError& e) {
    return text_answer(500, fmt::format("game {}: {}\n", id, e.what()));
  }
}

}  // namespace gamehost::server
