// What the viewer needs from the machine before any SFML object exists: an
// X display (SFML aborts inside Xlib without one) and a font (SFML ships
// none). Each check returns a clear one-line reason instead of letting SFML
// print its own messages or abort.
#pragma once

#include <optional>
#include <string>

namespace viewer {

// Exit statuses of replay-viewer (docs/viewer.md).
inline constexpr int kExitOk = 0;
inline constexpr int kExitError = 1;      // bad log, bad option value, I/O error
inline constexpr int kExitUsage = 2;      // bad command line
inline constexpr int kExitNoDisplay = 3;  // no X display to draw with
inline constexpr int kExitNoFont = 4;     // no usable font

// nullopt when an X display can be opened ($DISPLAY set and answering);
// otherwise one line saying why and what to do (e.g. run under xvfb-run -a).
std::optional<std::string> display_problem();

// The default font: DejaVu Sans at its Debian path (fonts-dejavu-core).
inline constexpr const char* kDefaultFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

struct FontChoice {
  std::string path;    // the font to use, when found
  std::string problem; // else one line: which file, from where, and why not
};

// The font to use: `explicit_path` (--font) when given, else $GAMEHOST_FONT,
// else DejaVu Sans in the program's own share/ (<bin>/../share/fonts/...,
// for a tree installed with its font), else kDefaultFont. The file must exist and look like a TrueType/OpenType
// font (checked by its first bytes, before SFML sees it).
FontChoice choose_font(const std::string& explicit_path);

// The log to open: `log` itself when it names a file, else, for a bare
// file name, the installed sample of that name (<bin>/../share/gamehost/
// samples/, the source's games/samples in a build), else `log` unchanged
// (its reader then says it is missing).
std::string find_log(const std::string& log);

// The multisampling level for the window: `requested` when >= 0, else 4 on
// a hardware OpenGL driver and 0 on a software one (Mesa's llvmpipe,
// softpipe, swrast), where multisampling triples the cost of a frame.
// Needs a display.
unsigned window_antialiasing(int requested);

}  // namespace viewer
