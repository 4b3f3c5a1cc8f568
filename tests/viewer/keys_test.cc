// The viewer's keys, written once (viewer/app/keys.h): the same table in the
// window's help (drawn when H is pressed), in `replay-viewer --help` (and so
// in replay-viewer(1)) and in docs/viewer.md's Controls table.
#include <catch2/catch.hpp>

#include <functional>

#include <fmt/core.h>
#include <unistd.h>

#include "viewer/app/keys.h"
#include "viewer_test_support.h"

// Xlib last: its macros (Status, Bool) clash with protobuf's headers.
#include "x11_window.h"
#include <X11/keysym.h>

using namespace viewer_test;

TEST_CASE("docs/viewer.md's Controls table is the viewer's key table, row for row", "[unit][keys]") {
  const std::string doc = read_file(std::string(SOURCE_DIR) + "/docs/viewer.md");
  std::string table;
  for (const auto& k : viewer::key_table())
    table += fmt::format("| {} | {}{} |\n", k.keys, k.does,
                         k.when == viewer::KeyHelp::When::kReview ? " (with a review)" : "");
  CHECK_THAT(doc, Catch::Contains("| key | does |\n|---|---|\n" + table + "\n"));
}

TEST_CASE("replay-viewer --help lists every key of the window's help and the exit statuses", "[cli][keys]") {
  const Run r = run_viewer({"--help"});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("\nKeys:\n  ← / →             one ply back / forward\n"));
  for (const auto& k : viewer::key_table()) {
    INFO(k.keys);
    CHECK_THAT(r.out, Catch::Contains(std::string("  ") + std::string(k.keys)));
    CHECK_THAT(r.out, Catch::Contains(std::string(k.does)));
  }
  CHECK_THAT(r.out, Catch::Contains("\nExit status:\n  0    done (window closed, image or panel written)\n"));
  CHECK_THAT(r.out, Catch::Contains("\n  2    a bad command line (unknown option, bad --size, unknown overlay; "
                                    "--play: unknown game,\n        bad agent spec)\n"));
  CHECK_THAT(r.out, Catch::Contains("\n  3    no X display\n"));
  CHECK_THAT(r.out, Catch::Contains("\n  4    no usable font"));
}

TEST_CASE("the window's help: H draws the key list over the board and Esc takes it away", "[capture][window][keys]") {
  Display* d = XOpenDisplay(nullptr);
  REQUIRE(d);  // under Xvfb (tests/with_xvfb.sh)
  const FakeInput input = load_fake_input();  // Debian's libxtst6 (scripts/deps.sh)
  const auto motion = input.motion;
  const auto dir = temp_dir("window-help");
  const int pid = spawn(VIEWER_BIN, {sample("seed-1.ghlog")}, dir / "out.txt", dir / "err.txt");
  const Window w = find_window(d);
  REQUIRE(w != 0);
  // Wholly on the screen, for XGetImage (no window manager places it).
  XMoveResizeWindow(d, w, 0, 0, 1280, 800);
  // The pointer in a corner, off the board (no tooltip): the keyboard follows it without a window manager.
  motion(d, -1, 1270, 790, 0);
  XFlush(d);
  usleep(1000000);
  auto press = [&](KeySym sym) { tap_key(d, input, sym, 400000); };
  // Pixels that differ between two captures, in the help box's area.
  auto changed = [&](const sf::Image& a, const sf::Image& b) {
    int n = 0;
    for (unsigned py = 80; py < 500; py += 4)
      for (unsigned px = 300; px < 980; px += 4) n += a.getPixel(px, py) != b.getPixel(px, py);
    return n;
  };
  // The window redraws when it gets to it (a loaded machine is slow): the
  // screen is read again until it shows what is awaited, for up to 10 s.
  auto capture_until = [&](const std::function<bool(const sf::Image&)>& shown) {
    sf::Image image = capture_window(d, w);
    for (int i = 0; i < 100 && !shown(image); ++i) {
      usleep(100000);
      image = capture_window(d, w);
    }
    return image;
  };
  const sf::Image before = capture_window(d, w);
  press(XK_h);
  // The box and its lines cover much of the area.
  const sf::Image help = capture_until([&](const sf::Image& i) { return changed(before, i) > 2000; });
  help.saveToFile((dir / "help.png").string());  // to look at when this fails
  press(XK_Escape);
  const sf::Image after = capture_until([&](const sf::Image& i) { return changed(before, i) == 0; });
  press(XK_q);
  const int status = wait_for(pid, 5);
  XCloseDisplay(d);
  INFO("stderr: " << read_file(dir / "err.txt"));
  CHECK(status == 0);
  CHECK(changed(before, help) > 2000);
  CHECK(changed(before, after) == 0);
}
