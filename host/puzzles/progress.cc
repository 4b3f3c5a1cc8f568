// The progress file: read line by line, written whole.
#include "gamehost/puzzles/progress.h"

#include <fmt/core.h>

#include <cstdlib>
#include <sstream>

#include "gamehost/base/error.h"
#include "gamehost/records/output_file.h"
#include "gamehost/records/regular_file.h"

namespace gamehost::puzzles {
namespace {

int whole_number(const std::string& text, const std::string& where) {
  if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
    throw HostError(fmt::format("{}: '{}' is not a whole number", where, text));
  return std::stoi(text);
}

}  // namespace

int Progress::solved() const {
  int n = 0;
  for (const auto& [id, ok] : results) n += ok;
  return n;
}

int Progress::failed() const { return static_cast<int>(results.size()) - solved(); }

void Progress::record(const std::string& id, bool solved_first_try) {
  results[id] = solved_first_try;
  streak = solved_first_try ? streak + 1 : 0;
  best_streak = std::max(best_streak, streak);
}

std::filesystem::path default_progress_path() {
  const char* state = std::getenv("XDG_STATE_HOME");
  if (state && *state) return std::filesystem::path(state) / "gamehost" / "puzzles.progress";
  const char* home = std::getenv("HOME");
  if (!home || !*home) throw HostError("neither XDG_STATE_HOME nor HOME is set: give --progress FILE");
  return std::filesystem::path(home) / ".local" / "state" / "gamehost" / "puzzles.progress";
}

Progress read_progress(const std::filesystem::path& path) {
  Progress p;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return p;
  std::istringstream in(read_regular_file(path));
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (line.empty() || line[0] == '#') continue;
    const auto space = line.find(' ');
    const std::string key = line.substr(0, space), value = space == std::string::npos ? "" : line.substr(space + 1);
    const std::string where = fmt::format("{}: line {}", path.string(), n);
    if (key == "streak") p.streak = whole_number(value, where);
    else if (key == "best-streak") p.best_streak = whole_number(value, where);
    else if ((key == "solved" || key == "failed") && !value.empty()) p.results[value] = key == "solved";
    else throw HostError(fmt::format("{}: expected 'streak N', 'best-streak N', 'solved ID' or 'failed ID'", where));
  }
  return p;
}

void write_progress(const std::filesystem::path& path, const Progress& progress) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) throw HostError(fmt::format("{}: cannot make the folder: {}", path.parent_path().string(), ec.message()));
  std::string text = "# gamehost puzzle progress (docs/teaching.md)\n";
  text += fmt::format("streak {}\nbest-streak {}\n", progress.streak, progress.best_streak);
  for (const auto& [id, ok] : progress.results) text += fmt::format("{} {}\n", ok ? "solved" : "failed", id);
  ReplaceLock lock(path);
  lock.replace(text);
}

}  // namespace gamehost::puzzles
