// Finding plugins: every *.so in the plugin path. The path is the program's
// own plugin folder (install_paths.h: <bin>/../lib/gamehost/plugins when
// installed, the build's plugins/ in a build), then the folders of
// GAMEHOST_PLUGIN_PATH (':'-separated), then each --plugins DIR.
//
// Loading is lazy: a command that needs one game loads only that game's
// plugin. A file named after the game (alien_city.so for "alien_city") is
// tried directly; any other file before it in the path is probed in a child
// process (gamehost-plugin-runner), so a file that crashes or hangs while
// describing itself is reported, never fatal.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/calls/plugin.h"

namespace gamehost {

// The folders to search, in order, without duplicates.
std::vector<std::filesystem::path> plugin_search_path(const std::vector<std::string>& extra_dirs);

struct PluginEntry {
  std::filesystem::path path;
  std::optional<pb::GameInfo> info;  // when usable
  std::string problem;               // why not, when info is empty
};

class Registry {
 public:
  // Lists the *.so files of the folders (by name within a folder); loads
  // nothing. `options` say how find() loads the game it returns.
  static Registry scan(const std::vector<std::filesystem::path>& dirs, const LoadOptions& options = {});

  // Every file, probed in a child process. A file that fails is kept with
  // its reason; nothing here throws for a bad file. A game id already
  // provided earlier in the path is reported as a problem: the first wins.
  const std::vector<PluginEntry>& entries();
  const std::vector<std::filesystem::path>& dirs() const { return dirs_; }

  // The plugin for `game_id`, loaded per the options. Throws HostError
  // "unknown game 'x' (installed: a, b)" when none provides it, or the
  // file's reason when the file named after the game cannot be loaded.
  Plugin& find(const std::string& game_id);

 private:
  // Fills entries_[i] (probing in a child) unless known.
  const PluginEntry& probe(std::size_t i);
  // Marks entries_[i] a duplicate when an earlier file provides its game.
  void check_duplicate(std::size_t i);

  std::vector<std::filesystem::path> dirs_;
  std::vector<PluginEntry> entries_;  // path always set; info/problem once probed
  std::vector<bool> known_;
  std::map<std::size_t, std::unique_ptr<Plugin>> loaded_;
  LoadOptions options_;
};

}  // namespace gamehost
