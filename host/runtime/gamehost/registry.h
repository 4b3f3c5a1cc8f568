// Finding plugins: every *.so in the plugin path, loaded and described.
// The path is the build's plugin folder, then the folders of
// GAMEHOST_PLUGIN_PATH (':'-separated), then each --plugins DIR.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "gamehost/plugin.h"

namespace gamehost {

// The folders to search, in order, without duplicates.
std::vector<std::filesystem::path> plugin_search_path(const std::vector<std::string>& extra_dirs);

struct PluginEntry {
  std::filesystem::path path;
  std::unique_ptr<Plugin> plugin;  // null when it could not be used
  std::string problem;             // why, when plugin is null
};

class Registry {
 public:
  // Loads every *.so file of the folders (by name within a folder). A file
  // that fails to load is kept with its reason; nothing here throws for a
  // bad file. A game id already provided earlier in the path is reported as
  // a problem, so the first one wins.
  static Registry scan(const std::vector<std::filesystem::path>& dirs);

  const std::vector<PluginEntry>& entries() const { return entries_; }
  const std::vector<std::filesystem::path>& dirs() const { return dirs_; }

  // The plugin for `game_id`. Throws HostError "unknown game 'x' (installed:
  // a, b)" when none provides it.
  Plugin& find(const std::string& game_id);

 private:
  std::vector<std::filesystem::path> dirs_;
  std::vector<PluginEntry> entries_;
};

}  // namespace gamehost
