#include "gamehost/records/log_takeback.h"

#include <fmt/core.h>

#include "gamehost/records/output_file.h"

namespace gamehost {

std::variant<TakebackStretch, std::string> takeback_stretch(const std::vector<pb::LogPly>& plies, int seat) {
  // Back from the last ply to the seat's last move; a chance ply or an
  // earlier takeback on the way stops it.
  std::size_t end = plies.size();
  while (end > 0 && plies[end - 1].player() != seat && !plies[end - 1].taken_back()) {
    if (plies[end - 1].player() < 0)
      return fmt::format(
          "ply {} is the rules' chance, played after that seat's last move: chance cannot be taken "
          "back",
          plies[end - 1].ply());
    --end;
  }
  if (end == 0) return std::string("that seat has no move to take back");
  if (plies[end - 1].taken_back()) return std::string("that seat has not moved since the last takeback");
  std::size_t first = end - 1;  // a move of several plies goes back whole
  while (first > 0 && plies[first - 1].player() == seat && !plies[first - 1].taken_back()) --first;
  return TakebackStretch{static_cast<std::uint32_t>(first + 1), static_cast<std::uint32_t>(plies.size() - first)};
}

GameLog take_back_in_log(const std::filesystem::path& path, std::uint32_t first) {
  const std::string file = path.string();
  ReplaceLock lock(path);
  GameLog log = read_log(path);
  auto& plies = *log.record.mutable_plies();
  const auto count = static_cast<std::uint32_t>(plies.size());
  if (log.finished() || log.faulted())
    throw HostError(fmt::format("{}: the game is over: nothing can be taken back", file));
  if (first < 1 || first > count)
    throw HostError(fmt::format("{}: no ply {} to take back: the log has plies 1..{}", file, first, count));
  for (std::uint32_t i = first - 1; i < count; ++i) {
    const auto where = log_error(file, log.ply_offsets[i], fmt::format("ply {}", i + 1), "");
    if (plies[static_cast<int>(i)].player() < 0) throw HostError(where + "a chance ply cannot be taken back");
    if (plies[static_cast<int>(i)].taken_back()) throw HostError(where + "it was taken back already");
  }
  for (std::uint32_t i = first - 1; i < count; ++i) plies[static_cast<int>(i)].set_taken_back(true);
  if (count - first + 1 >= 2) plies[static_cast<int>(first - 1)].set_taken_back_plies(count - first + 1);
  const std::string bytes = encode_log(log.record);
  lock.replace(bytes);
  return parse_log(bytes, file);
}

}  // namespace gamehost
