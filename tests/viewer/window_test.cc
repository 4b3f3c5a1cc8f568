// The interactive window, driven like a person would: real key presses
// through the XTest extension (libXtst, loaded at run time) on the Xvfb
// display the tests run on. Right three times, Tab, E (the prompt: Esc
// cancels, an edited name saves this view as a PNG, the proposed one the
// whole game as a GIF), Q (quit).
#include <catch2/catch.hpp>

#include <SFML/Graphics/Image.hpp>
#include <filesystem>

#include "viewer_test_support.h"

// Xlib last: its macros (Status, Bool) clash with protobuf's headers.
#include "x11_window.h"
#include <X11/keysym.h>
#include <unistd.h>

using namespace viewer_test;
namespace fs = std::filesystem;

TEST_CASE("the window: arrow keys step, Tab selects, E asks where and exports the view or the game, Q quits",
          "[cli][window]") {
  Display* d = XOpenDisplay(nullptr);
  REQUIRE(d);  // these tests run under xvfb-run -a
  const FakeInput input = load_fake_input();  // Debian's libxtst6 (scripts/deps.sh)
  const auto motion = input.motion;

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
  auto press = [&](KeySym sym) { tap_key(d, input, sym, 120000); };
  auto wait_for_line = [&](const std::string& text, int seconds) {
    for (int i = 0; i < seconds * 20 && read_file(dir / "out.txt").find(text) == std::string::npos; ++i) usleep(50000);
  };
  press(XK_Right);
  press(XK_Right);
  press(XK_Right);
  press(XK_Tab);
  // E proposes DIR/seed-1.gif; Esc cancels: nothing is written.
  press(XK_e);
  press(XK_Escape);
  usleep(300000);
  CHECK(fs::is_empty(dir / "out.txt"));
  // E, "gif" -> "png", Enter: this view as a PNG.
  press(XK_e);
  for (int i = 0; i < 3; ++i) press(XK_BackSpace);
  press(XK_p);
  press(XK_n);
  press(XK_g);
  press(XK_Return);
  const fs::path png = dir / "seed-1.png";
  wait_for_line("saved " + png.string(), 10);
  // E, Enter: the whole game as a GIF.
  press(XK_e);
  press(XK_Return);
  const fs::path gif = dir / "seed-1.gif";
  wait_for_line("saved " + gif.string(), 180);
  press(XK_q);
  const int status = wait_for(pid, 5);
  XCloseDisplay(d);
  INFO("stderr: " << read_file(dir / "err.txt"));
  CHECK(status == 0);
  CHECK(read_file(dir / "out.txt") == "saved " + png.string() + "\nsaved " + gif.string() + "\n");
  sf::Image image;
  REQUIRE(image.loadFromFile(png.string()));
  CHECK(image.getSize() == sf::Vector2u(1280, 800));
  // The game: a GIF of 800x500 (logical screen size in the header).
  const std::string bytes = read_file(gif);
  REQUIRE(bytes.size() > 13);
  CHECK(bytes.substr(0, 6) == "GIF89a");
  CHECK((static_cast<unsigned char>(bytes[6]) | static_cast<unsigned char>(bytes[7]) << 8) == 800);
  CHECK((static_cast<unsigned char>(bytes[8]) | static_cast<unsigned char>(bytes[9]) << 8) == 500);
}
