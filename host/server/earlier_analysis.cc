#include "gamehost/server/earlier_analysis.h"

#include "gamehost/records/game_log.h"
#include "gamehost/records/replay.h"

namespace gamehost::server {

std::optional<std::string> analysis_after(Room& room, const std::filesystem::path& data_dir, std::uint32_t ply,
                                          const std::string& topic) {
  // The log is the game's truth, also while it is played (each ply is in
  // it before anyone is told of it). Replayed on the room's own plugin, on
  // the network thread, as every call of the room's plugin is.
  const GameLog log = read_log(data_dir / room.record().log_path);
  const Replayed replayed = replay(room.plugin(), log, static_cast<int>(ply));
  const auto analysis = room.plugin().analysis(replayed.state, topic);
  if (!analysis) return std::nullopt;
  return analysis->text();
}

}  // namespace gamehost::server
