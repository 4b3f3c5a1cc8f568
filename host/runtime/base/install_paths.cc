#include "gamehost/base/install_paths.h"

namespace gamehost {

namespace fs = std::filesystem;

namespace {

// Compiled in: the build's bin/ folder, and each installed folder relative
// to the installed bin/ (GNUInstallDirs may make lib/ lib/x86_64-linux-gnu).
bool running_from_build() {
  std::error_code ec;
  return fs::equivalent(self_dir(), GAMEHOST_BUILD_BIN_DIR, ec);
}

}  // namespace

fs::path self_dir() {
  std::error_code ec;
  const auto self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : self.parent_path();
}

fs::path own_plugin_dir() {
  if (running_from_build()) return GAMEHOST_BUILD_PLUGIN_DIR;
  return (self_dir() / GAMEHOST_BIN_TO_PLUGINS).lexically_normal();
}

fs::path own_data_dir() {
  if (running_from_build()) return GAMEHOST_SOURCE_DATA_DIR;
  return (self_dir() / GAMEHOST_BIN_TO_DATA).lexically_normal();
}

std::string find_log(const std::string& name) {
  std::error_code ec;
  if (name.empty() || fs::exists(name, ec) || fs::path(name).has_parent_path()) return name;
  const auto sample = own_data_dir() / "samples" / name;
  return fs::is_regular_file(sample, ec) ? sample.string() : name;
}

std::optional<fs::path> find_in_share(const fs::path& relative) {
  const auto file = (self_dir() / GAMEHOST_BIN_TO_DATA / ".." / relative).lexically_normal();
  std::error_code ec;
  if (fs::is_regular_file(file, ec)) return file;
  return std::nullopt;
}

}  // namespace gamehost
