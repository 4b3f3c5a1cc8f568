// The live window resized by the window system (a real ConfigureNotify on
// the Xvfb display, as `xdotool windowsize` sends): at every size and
// aspect ratio the window shows the picture --screenshot makes at that
// size (docs/viewer.md: a fixed 1280x800 view, scaled, letterboxed), the
// board in its place with the routes, route numbers and overlays on their
// lots. The window draws the board from a copy after its first frame
// (board_cache.h), so a frame after the resize is what is compared.
//
// Needs a screen larger than 1600x1000: ctest runs it as "viewer resize"
// with `tests/with_xvfb.sh --screen 1920x1200x24`.
#include <catch2/catch.hpp>

#include <fmt/core.h>

#include <csignal>
#include <filesystem>

#include "viewer/session/replay_session.h"
#include "viewer_test_support.h"

// Xlib last: its macros (Status, Bool) clash with protobuf's headers.
#include "x11_window.h"
#include <unistd.h>

using namespace viewer_test;
namespace fs = std::filesystem;

namespace {

bool same(sf::Color a, sf::Color b, int tolerance) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
}

// Whether the image is one colour around (x, y): a point off every edge,
// where multisampling (the window has none, the screenshot has) changes
// nothing.
bool flat_around(const sf::Image& image, sf::Vector2u p) {
  const sf::Color c = image.getPixel(p.x, p.y);
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx)
      if (!same(image.getPixel(p.x + dx, p.y + dy), c, 3)) return false;
  return true;
}

}  // namespace

TEST_CASE("a window resized by the window system draws what --screenshot draws at that size", "[resize]") {
  Display* d = XOpenDisplay(nullptr);
  REQUIRE(d);
  REQUIRE(DisplayWidth(d, DefaultScreen(d)) >= 1600);  // with_xvfb.sh --screen 1920x1200x24
  REQUIRE(DisplayHeight(d, DefaultScreen(d)) >= 1000);
  // The pointer off the window: no hover, no tooltip.
  XWarpPointer(d, None, DefaultRootWindow(d), 0, 0, 0, 0, DisplayWidth(d, DefaultScreen(d)) - 1,
               DisplayHeight(d, DefaultScreen(d)) - 1);
  XFlush(d);

  // Seed-1 at ply 20 with green tower G3 selected: its customers ringed,
  // its 5-street route numbered along column H and the caption.
  const std::string log = sample("seed-1.ghlog");
  const auto dir = temp_dir("resize");
  const int pid = spawn(VIEWER_BIN, {log, "--ply", "20", "--select", "G3"}, dir / "out.txt", dir / "err.txt");
  const Window w = find_window(d);
  REQUIRE(w != 0);
  usleep(1000000);  // the route drawn in full

  gamehost::v1::Scene scene;  // for where the lots are
  viewer::ReplaySession::open(log, {})->render(0, {}, scene);
  for (const sf::Vector2u size : {sf::Vector2u(800, 500), sf::Vector2u(1000, 900), sf::Vector2u(1600, 1000),
                                  sf::Vector2u(1280, 800)}) {
    const std::string name = fmt::format("{}x{}", size.x, size.y);
    INFO("window resized to " << name);
    XMoveResizeWindow(d, w, 0, 0, size.x, size.y);
    XFlush(d);
    const fs::path png = dir / (name + ".png");
    const Run shot = run_viewer({log, "--ply", "20", "--select", "G3", "--size", name, "--screenshot", png.string()});
    REQUIRE(shot.exit_code == 0);
    sf::Image want;
    REQUIRE(want.loadFromFile(png.string()));
    // Every lot at its centre and a quarter lot around it.
    int compared = 0, differ = 0;
    std::string first;
    auto compare = [&](const sf::Image& window) {
      compared = differ = 0;
      for (int lot = 0; lot < 80; ++lot)
        for (const auto& [dx, dy] : {std::pair{0.f, 0.f}, {-0.25f, -0.25f}, {0.25f, -0.25f}, {-0.25f, 0.25f}, {0.25f, 0.25f}}) {
          const sf::Vector2u p = lot_pixel(scene, size, lot, dx, dy);
          if (!flat_around(want, p)) continue;
          ++compared;
          if (same(window.getPixel(p.x, p.y), want.getPixel(p.x, p.y), 6)) continue;
          if (differ++ == 0)
            first = fmt::format("lot {}{} ({:+}, {:+}) at ({}, {}): window {}, screenshot {}",
                                static_cast<char>('A' + lot % 8), lot / 8 + 1, dx, dy, p.x, p.y,
                                describe(window.getPixel(p.x, p.y)), describe(want.getPixel(p.x, p.y)));
        }
    };
    // The Resized event handled, a live frame, then frames from the board's
    // copy (one every 0.5 s when idle); on a busy machine it may take longer.
    usleep(1200000);
    sf::Image window = capture_window(d, w);
    REQUIRE(window.getSize() == size);
    compare(window);
    for (int tries = 0; differ > 0 && tries < 10; ++tries) {
      usleep(400000);
      window = capture_window(d, w);
      compare(window);
    }
    INFO("first difference: " << first);
    CHECK(compared >= 80);
    CHECK(differ == 0);
    // The letterbox bars stay the background (the board never spills).
    if (size.x * 800 > size.y * 1280) CHECK(same(window.getPixel(1, size.y / 2), want.getPixel(1, size.y / 2), 3));
    if (size.x * 800 < size.y * 1280) CHECK(same(window.getPixel(size.x / 2, 1), want.getPixel(size.x / 2, 1), 3));
  }
  kill(pid, SIGTERM);
  wait_for(pid, 5);
  XCloseDisplay(d);
}
