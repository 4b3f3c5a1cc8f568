#include "gamehost/web/game_files.h"

#include <fmt/core.h>
#include <google/protobuf/util/json_util.h>

#include <fstream>
#include <sstream>

#include "gamehost/error.h"
#include "gamehost/formats/ppn.h"
#include "gamehost/game_log.h"
#include "gamehost/json_codec.h"
#include "gamehost/web/replay_page.h"

namespace gamehost::web {

GameFile finished_game_file(Registry& registry, const std::filesystem::path& log, std::string_view format) {
  std::ifstream in(log, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) throw HostError(fmt::format("{}: cannot read the game's log", log.string()));
  if (format == "ghlog") return {"application/octet-stream", bytes.str()};
  const GameLog parsed = parse_log(bytes.str(), log.filename().string());
  if (format == "json") {
    std::string json;
    google::protobuf::util::MessageToJsonString(parsed.record, &json, json_print_options());
    return {"application/json", json};
  }
  if (format == "ppn") return {"text/plain; charset=utf-8", formats::write_ppn(parsed.record)};
  ReplayPageOptions options;
  options.log_path = log.string();
  if (format == "replay.json") return {"application/json", replay_data(registry, parsed, options)};
  if (format == "html") return {"text/html; charset=utf-8", replay_page(registry, parsed, options)};
  throw HostError(fmt::format("no format '{}' for a game's file", format));
}

}  // namespace gamehost::web
