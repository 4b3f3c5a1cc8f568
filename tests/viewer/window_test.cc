// The interactive window, driven like a person would: real key presses
// through the XTest extension (libXtst, loaded at run time) on the Xvfb
// display the tests run on. Right three times, Tab, E (export), Q (quit).
#include <catch2/catch.hpp>

#include <SFML/Graphics/Image.hpp>
#include <filesystem>

#include "viewer_test_support.h"

// Xlib last: its macros (Status, Bool) clash with protobuf's headers.
#include <X11/Xlib.h>
#include <X11/keysym.h>
#include <dlfcn.h>
#include <unistd.h>

using namespace viewer_test;
namespace fs = std::filesystem;

namespace {

using FakeKey = int (*)(Display*, unsigned, int, unsigned long);
using FakeMotion = int (*)(Display*, int, int, int, unsigned long);

// The viewer's top-level window, once it is mapped.
Window find_window(Display* d) {
  for (int i = 0; i < 500; ++i) {
    Window root_return, parent, *children = nullptr;
    unsigned n = 0;
    XQueryTree(d, DefaultRootWindow(d), &root_return, &parent, &children, &n);
    Window found = 0;
    for (unsigned k = 0; k < n && !found; ++k) {
      XWindowAttributes a;
      if (XGetWindowAttributes(d, children[k], &a) && a.map_state == IsViewable && a.width >= 640) found = children[k];
    }
    if (children) XFree(children);
    if (found) return found;
    usleep(10000);
  }
  return 0;
}

}  // namespace

TEST_CASE("the window: arrow keys step, Tab selects, E exports the view, Q quits", "[cli][window]") {
  Display* d = XOpenDisplay(nullptr);
  REQUIRE(d);  // these tests run under xvfb-run -a
  void* xtst = dlopen("libXtst.so.6", RTLD_NOW);
  REQUIRE(xtst);  // Debian's libxtst6 (scripts/deps.sh)
  auto key = reinterpret_cast<FakeKey>(dlsym(xtst, "XTestFakeKeyEvent"));
  auto motion = reinterpret_cast<FakeMotion>(dlsym(xtst, "XTestFakeMotionEvent"));
  REQUIRE(key);
  REQUIRE(motion);

  const auto dir = temp_dir("window");
  const int pid = spawn(VIEWER_BIN, {sample("seed-1.ghlog"), "--export-dir", dir.string()}, dir / "out.txt", dir / "err.txt");
  const Window w = find_window(d);
  REQUIRE(w != 0);
  int x = 0, y = 0;
  Window child;
  XTranslateCoordinates(d, w, DefaultRootWindow(d), 0, 0, &x, &y, &child);
  // Without a window manager the keyboard follows the pointer.
  motion(d, -1, x + 40, y + 40, 0);
  XFlush(d);
  usleep(200000);
  auto press = [&](KeySym sym) {
    const unsigned code = XKeysymToKeycode(d, sym);
    key(d, code, True, 0);
    key(d, code, False, 0);
    XFlush(d);
    usleep(120000);
  };
  press(XK_Right);
  press(XK_Right);
  press(XK_Right);
  press(XK_Tab);
  press(XK_e);
  const fs::path exported = dir / "seed-1-ply003.png";
  for (int i = 0; i < 300 && !fs::exists(exported); ++i) usleep(10000);
  usleep(200000);  // the PNG is complete once the line is printed
  press(XK_q);
  const int status = wait_for(pid, 5);
  XCloseDisplay(d);
  INFO("stderr: " << read_file(dir / "err.txt"));
  CHECK(status == 0);
  REQUIRE(fs::exists(exported));
  CHECK_THAT(read_file(dir / "out.txt"), Catch::Contains("saved " + exported.string()));
  sf::Image image;
  REQUIRE(image.loadFromFile(exported.string()));
  CHECK(image.getSize() == sf::Vector2u(1280, 800));
}
