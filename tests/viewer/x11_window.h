// The viewer's real window on the X display the tests run on (Xvfb):
// finding it once mapped and reading back its pixels. Include this header
// last: Xlib's macros (Status, Bool) clash with protobuf's headers.
#pragma once

#include <SFML/Graphics/Image.hpp>

#include <X11/Xlib.h>

namespace viewer_test {

// The first viewable top-level window at least 640 pixels wide, once it is
// mapped (waits up to 5 s); 0 when none appears.
Window find_window(Display* d);

// The window's pixels as they are on the display (the window must lie
// wholly on the screen).
sf::Image capture_window(Display* d, Window w);

}  // namespace viewer_test
