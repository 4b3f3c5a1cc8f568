#include "viewer/render/environment.h"

#include <SFML/OpenGL.hpp>
#include <SFML/Window/Context.hpp>
#include <X11/Xlib.h>

#include <array>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string_view>

#include "gamehost/base/install_paths.h"

namespace viewer {

namespace {

// Xlib's default error handler exits the process on a broken connection;
// while probing, errors are only counted.
int quiet_handler(Display*, XErrorEvent*) { return 0; }

}  // namespace

std::optional<std::string> display_problem() {
  const char* name = std::getenv("DISPLAY");
  if (!name || !*name)
    return "no display: DISPLAY is not set (for headless use run under `xvfb-run -a`)";
  auto* old = XSetErrorHandler(quiet_handler);
  Display* display = XOpenDisplay(nullptr);
  XSetErrorHandler(old);
  if (!display)
    return std::string("no display: cannot open X display '") + name +
           "' (is the X server running? for headless use run under `xvfb-run -a`)";
  // Kept open for the life of the process: Xvfb resets when its last client
  // disconnects, and a connection attempted during the reset (SFML's own,
  // a moment later) fails and makes SFML abort.
  static Display* kept = nullptr;
  if (kept) XCloseDisplay(display);
  else kept = display;
  return std::nullopt;
}

FontChoice choose_font(const std::string& explicit_path) {
  std::string path = explicit_path, from = "--font";
  if (path.empty()) {
    if (const char* env = std::getenv("GAMEHOST_FONT"); env && *env) {
      path = env;
      from = "$GAMEHOST_FONT";
    } else if (auto own = gamehost::find_in_share("fonts/truetype/dejavu/DejaVuSans.ttf")) {
      path = own->string();
      from = "the program's share/ folder";
    } else {
      path = kDefaultFont;
      from = "the default (install fonts-dejavu-core, or set GAMEHOST_FONT to a .ttf file)";
    }
  }
  // A FIFO or a device is never opened (it could block, or never end).
  std::error_code ec;
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
    return {"", "not a font file (not a regular file): " + path + " (from " + from + ")"};
  std::ifstream in(path, std::ios::binary);
  if (!in) return {"", "font not found: " + path + " (from " + from + ")"};
  std::array<char, 4> magic{};
  in.read(magic.data(), magic.size());
  const bool font = in.gcount() == 4 &&
                    (std::memcmp(magic.data(), "\0\1\0\0", 4) == 0 || std::memcmp(magic.data(), "true", 4) == 0 ||
                     std::memcmp(magic.data(), "OTTO", 4) == 0 || std::memcmp(magic.data(), "ttcf", 4) == 0);
  if (!font) return {"", "not a TrueType/OpenType font: " + path + " (from " + from + ")"};
  return {path, ""};
}

std::string find_log(const std::string& log) {
  return gamehost::find_log(log);  // the same rule as gamehost's
}

unsigned window_antialiasing(int requested) {
  if (requested >= 0) return static_cast<unsigned>(requested);
  sf::Context context;
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  const std::string_view name = renderer ? renderer : "";
  const bool software = name.find("llvmpipe") != name.npos || name.find("softpipe") != name.npos ||
                        name.find("swrast") != name.npos || name.find("Software") != name.npos;
  return software ? 0 : 4;
}

}  // namespace viewer
