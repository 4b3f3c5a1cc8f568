// Where the running program finds its plugins, its runner and its data.
// Everything is relative to the executable, so an installed tree (bin/,
// lib/gamehost/plugins/, share/gamehost/) works wherever it is copied; a
// program inside the build's bin/ folder uses the build's folders instead.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace gamehost {

// The folder holding the running executable (from /proc/self/exe); empty
// when that cannot be read.
std::filesystem::path self_dir();

// The plugins that belong to this program: the build's plugin folder when it
// runs from the build, else <bin>/../lib/gamehost/plugins.
std::filesystem::path own_plugin_dir();

// The shared data (samples/, positions/): the source tree's games/ folder
// when running from the build, else <bin>/../share/gamehost.
std::filesystem::path own_data_dir();

// A log named on a command line, by one rule for gamehost and replay-viewer:
// the file itself when it exists or the name has a folder; else a bare name
// of a shipped sample ("seed-1.ghlog") is own_data_dir()/samples/NAME when
// that exists. Otherwise the name as given (whose reader then says it is
// missing).
std::string find_log(const std::string& name);

// A file installed under <bin>/../share (e.g. "fonts/truetype/dejavu/DejaVuSans.ttf"),
// when it exists.
std::optional<std::filesystem::path> find_in_share(const std::filesystem::path& relative);

}  // namespace gamehost
