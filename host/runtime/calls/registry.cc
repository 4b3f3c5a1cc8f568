#include "gamehost/calls/registry.h"

#include "gamehost/base/install_paths.h"
#include "gamehost/base/suggest.h"
#include "gamehost/echo.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstdlib>
#include <set>

namespace gamehost {

std::vector<std::filesystem::path> plugin_search_path(const std::vector<std::string>& extra_dirs) {
  std::vector<std::filesystem::path> dirs{own_plugin_dir()};
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

namespace {

// Plugin::load names the file first; entries hold it separately.
std::string reason(const std::filesystem::path& file, const std::exception& e) {
  std::string why = e.what();
  const std::string prefix = file.string() + ": ";
  if (why.rfind(prefix, 0) == 0) why.erase(0, prefix.size());
  return why;
}

}  // namespace

Registry Registry::scan(const std::vector<std::filesystem::path>& dirs, const LoadOptions& options) {
  Registry r;
  r.dirs_ = dirs;
  r.options_ = options;
  std::set<std::filesystem::path> seen_files;
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
      if (!seen_files.insert(cec ? file : canon).second) continue;
      r.entries_.push_back(PluginEntry{file, std::nullopt, ""});
    }
  }
  r.known_.assign(r.entries_.size(), false);
  return r;
}

const PluginEntry& Registry::probe(std::size_t i) {
  PluginEntry& e = entries_[i];
  if (known_[i]) return e;
  known_[i] = true;
  LoadOptions probing = options_;
  // Without a runner (a lone copy of gamehost), probing loads in-process.
  std::error_code ec;
  probing.isolate = std::filesystem::exists(runner_path(), ec);
  try {
    e.info = Plugin::load(e.path, probing)->info();
  } catch (const std::exception& ex) {
    e.problem = reason(e.path, ex);
  }
  check_duplicate(i);
  return e;
}

void Registry::check_duplicate(std::size_t i) {
  PluginEntry& e = entries_[i];
  if (!e.info) return;
  for (std::size_t j = 0; j < i; ++j)
    if (probe(j).info && entries_[j].info->id() == e.info->id()) {
      e.problem = fmt::format("game '{}' is already provided by {}", e.info->id(), entries_[j].path.string());
      e.info.reset();
      loaded_.erase(i);
      return;
    }
}

const std::vector<PluginEntry>& Registry::entries() {
  for (std::size_t i = 0; i < entries_.size(); ++i) probe(i);
  return entries_;
}

Plugin& Registry::find(const std::string& game_id) {
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    PluginEntry& e = entries_[i];
    if (!known_[i] && e.path.stem() == game_id) {
      // Named after the game: loaded as asked, without a probe.
      known_[i] = true;
      try {
        auto plugin = Plugin::load(e.path, options_);
        e.info = plugin->info();
        loaded_[i] = std::move(plugin);
      } catch (const std::exception& ex) {
        e.problem = reason(e.path, ex);
        throw;
      }
      check_duplicate(i);
    }
    if (!probe(i).info || e.info->id() != game_id) continue;
    auto& plugin = loaded_[i];
    if (!plugin) plugin = Plugin::load(e.path, options_);
    return *plugin;
  }
  std::string installed;
  std::vector<std::string> ids;
  for (const auto& e : entries())
    if (e.info) installed += (installed.empty() ? "" : ", ") + e.info->id(), ids.push_back(e.info->id());
  throw HostError(fmt::format("unknown game '{}' ({}installed: {})", echo::clipped(game_id), suggestion(game_id, ids),
                              installed.empty() ? "none; see gamehost games" : installed));
}

}  // namespace gamehost
