// The viewer's real window on the X display the tests run on (Xvfb):
// finding it once mapped and reading back its pixels. Include this header
// last: Xlib's macros (Status, Bool) clash with protobuf's headers.
#pragma once

#include <SFML/Graphics/Image.hpp>

#include <X11/Xlib.h>

namespace viewer_test {

// One connection to the display for a whole test binary (opened on first
// use; nullptr when there is no display): Xvfb resets when its last client
// leaves, and a test opening the display during the reset would fail.
Display* shared_display();

// The first viewable top-level window at least 640 pixels wide, once it is
// mapped (waits up to 5 s); 0 when none appears.
Window find_window(Display* d);

// The window's pixels as they are on the display (the window must lie
// wholly on the screen).
sf::Image capture_window(Display* d, Window w);

// XTest's fake input (libXtst, loaded at run time: the tests link no
// extension library), as real keys, pointer moves and clicks reach windows.
struct FakeInput {
  int (*key)(Display*, unsigned keycode, int is_press, unsigned long delay) = nullptr;
  int (*motion)(Display*, int screen, int x, int y, unsigned long delay) = nullptr;
  int (*button)(Display*, unsigned button, int is_press, unsigned long delay) = nullptr;
};
// The three calls, or a failed REQUIRE when libXtst.so.6 is missing.
FakeInput load_fake_input();

// One key pressed and released (`sym`, e.g. XK_Right), sent at once, then
// `pause_us` for the window to take it.
void tap_key(Display* d, const FakeInput& input, unsigned long sym, unsigned pause_us);

// A left click at `at`, in the window's own pixels: the pointer moved there,
// `settle_us` for the window to see it arrive, then press and release.
void click_in_window(Display* d, const FakeInput& input, Window w, sf::Vector2f at, unsigned settle_us);

}  // namespace viewer_test
