#include "paths.h"

#include <dlfcn.h>

#include <cstdlib>
#include <set>

#include "gamehost/calls/registry.h"

namespace gamehost::python {

namespace fs = std::filesystem;

namespace {

bool in_build_tree() {
  std::error_code ec;
  return fs::equivalent(module_dir(), GAMEHOST_PYTHON_BUILD_PACKAGE, ec);
}

}  // namespace

fs::path module_dir() {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void*>(&module_dir), &info) || !info.dli_fname) return {};
  std::error_code ec;
  const auto file = fs::canonical(info.dli_fname, ec);
  return ec ? fs::path(info.dli_fname).parent_path() : file.parent_path();
}

std::vector<fs::path> plugin_dirs(const std::vector<std::string>& extra_dirs) {
  const fs::path own = in_build_tree() ? fs::path(GAMEHOST_BUILD_PLUGIN_DIR)
                                       : (module_dir() / GAMEHOST_PYTHON_TO_PLUGINS).lexically_normal();
  std::vector<fs::path> dirs;
  std::set<fs::path> seen;
  auto add = [&](const fs::path& d) {
    std::error_code ec;
    const auto canon = fs::weakly_canonical(d, ec);
    if (seen.insert(ec ? d : canon).second) dirs.push_back(d);
  };
  add(own);
  for (const auto& d : plugin_search_path(extra_dirs)) add(d);
  return dirs;
}

void set_runner_path() {
  const fs::path bin = in_build_tree() ? fs::path(GAMEHOST_BUILD_BIN_DIR)
                                       : (module_dir() / GAMEHOST_PYTHON_TO_BIN).lexically_normal();
  ::setenv("GAMEHOST_RUNNER", (bin / "gamehost-plugin-runner").c_str(), /*overwrite=*/0);
}

}  // namespace gamehost::python
