#include "gamehost/registry.h"

#include "gamehost/input_checks.h"
#include "gamehost/suggest.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstdlib>
#include <set>

namespace gamehost {

std::vector<std::filesystem::path> plugin_search_path(const std::vector<std::string>& extra_dirs) {
  std::vector<std::filesystem::path> dirs{GAMEHOST_BUILD_PLUGIN_DIR};
  if (const char* env = std::getenv("GAMEHOST_PLUGIN_PATH")) {
    std::string_view rest(env);
    while (!rest.empty()) {
      const auto colon = rest.find(':');
      const auto part = rest.substr(0, colon);
      if (!part.empty()) dirs.emplace_back(std::string(part));
      rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
  }
  for (const auto& d : extra_dirs) dirs.emplace_back(d);
  // The same folder twice would load each file twice.
  std::vector<std::filesystem::path> unique;
  std::set<std::filesystem::path> seen;
  for (const auto& d : dirs) {
    std::error_code ec;
    auto canon = std::filesystem::weakly_canonical(d, ec);
    if (ec) canon = d;
    if (seen.insert(canon).second) unique.push_back(d);
  }
  return unique;
}

Registry Registry::scan(const std::vector<std::filesystem::path>& dirs) {
  Registry r;
  r.dirs_ = dirs;
  std::set<std::filesystem::path> loaded_files;
  for (const auto& dir : dirs) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) continue;  // an absent folder is not an error
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec))
      if (e.path().extension() == ".so") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
      std::error_code cec;
      auto canon = std::filesystem::weakly_canonical(file, cec);
      if (!loaded_files.insert(cec ? file : canon).second) continue;
      PluginEntry entry{file, nullptr, ""};
      try {
        entry.plugin = Plugin::load(file);
        for (const auto& earlier : r.entries_)
          if (earlier.plugin && earlier.plugin->id() == entry.plugin->id()) {
            entry.problem = fmt::format("game '{}' is already provided by {}", entry.plugin->id(),
                                        earlier.path.string());
            entry.plugin.reset();
            break;
          }
      } catch (const std::exception& e) {
        // Plugin::load names the file first; the listing shows it separately.
        std::string why = e.what();
        const std::string prefix = file.string() + ": ";
        if (why.rfind(prefix, 0) == 0) why.erase(0, prefix.size());
        entry.problem = why;
      }
      r.entries_.push_back(std::move(entry));
    }
  }
  return r;
}

Plugin& Registry::find(const std::string& game_id) {
  std::string installed;
  std::vector<std::string> ids;
  for (auto& e : entries_) {
    if (!e.plugin) continue;
    if (e.plugin->id() == game_id) return *e.plugin;
    installed += (installed.empty() ? "" : ", ") + e.plugin->id();
    ids.push_back(e.plugin->id());
  }
  throw HostError(fmt::format("unknown game '{}' ({}installed: {})", clipped(game_id), suggestion(game_id, ids),
                              installed.empty() ? "none; see gamehost games" : installed));
}

}  // namespace gamehost
