// Where the Python module finds the plugins and the plugin runner: beside
// itself, as the gamehost program does from its bin/ folder. In the build
// tree (build/python/gamehost) the build's plugins/ and bin/; installed
// (<prefix>/lib/python3.X/dist-packages/gamehost) the prefix's
// lib/gamehost/plugins and bin/.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace gamehost::python {

// The folder holding the extension module itself.
std::filesystem::path module_dir();

// The plugin search path: the module's own plugin folder, then the host's
// usual path (GAMEHOST_PLUGIN_PATH), then `extra_dirs`.
std::vector<std::filesystem::path> plugin_dirs(const std::vector<std::string>& extra_dirs);

// Points GAMEHOST_RUNNER at the module's runner unless it is set already,
// so that isolated plugins start (the host looks beside the running program,
// which is python3 here).
void set_runner_path();

}  // namespace gamehost::python
