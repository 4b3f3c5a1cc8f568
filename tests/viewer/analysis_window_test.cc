// The analysis board in the real window, driven like a person would:
// pointer moves and a button press through the XTest extension on the Xvfb
// display. A click on a column of a Connect Four game plays a variation,
// which is saved beside the log and listed when the log is opened again.
#include <catch2/catch.hpp>

#include <filesystem>

#include "replay_session.h"
#include "replay_view.h"
#include "viewer_test_support.h"

// Xlib last: its macros (Status, Bool) clash with protobuf's headers.
#include "x11_window.h"
#include <X11/keysym.h>
#include <dlfcn.h>
#include <unistd.h>

using namespace viewer_test;
namespace fs = std::filesystem;

namespace {

using FakeKey = int (*)(Display*, unsigned, int, unsigned long);
using FakeMotion = int (*)(Display*, int, int, int, unsigned long);
using FakeButton = int (*)(Display*, unsigned, int, unsigned long);

}  // namespace

TEST_CASE("the window: a click on a column plays a variation, saved and listed when the log is reopened",
          "[cli][window][analysis]") {
  Display* d = XOpenDisplay(nullptr);
  REQUIRE(d);
  void* xtst = dlopen("libXtst.so.6", RTLD_NOW);
  REQUIRE(xtst);
  auto key = reinterpret_cast<FakeKey>(dlsym(xtst, "XTestFakeKeyEvent"));
  auto motion = reinterpret_cast<FakeMotion>(dlsym(xtst, "XTestFakeMotionEvent"));
  auto button = reinterpret_cast<FakeButton>(dlsym(xtst, "XTestFakeButtonEvent"));
  REQUIRE((key && motion && button));

  const auto dir = temp_dir("analysis-window");
  const fs::path log = dir / "c4.ghlog";
  fs::remove(log);
  fs::remove(log.string() + ".ghvars");
  fs::copy_file(sample("connect_four-seed-1.ghlog"), log);
  // Where column f is in the 1280x800 window (logical = pixels there).
  auto session = viewer::ReplaySession::open(log, {});
  const std::string recorded = session->moves()[0].notation;
  const std::string column = recorded == "f" ? "e" : "f";
  gamehost::v1::Scene scene;
  session->render(0, {}, scene);
  const auto at = viewer::board_transform(scene).map(static_cast<float>(column[0] - 'a') + 0.5f, 3.0f);

  const int pid = spawn(VIEWER_BIN, {log.string()}, dir / "out.txt", dir / "err.txt");
  const Window w = find_window(d);
  REQUIRE(w != 0);
  int x = 0, y = 0;
  Window child;
  XTranslateCoordinates(d, w, DefaultRootWindow(d), 0, 0, &x, &y, &child);
  motion(d, -1, x + static_cast<int>(at.x), y + static_cast<int>(at.y), 0);
  XFlush(d);
  usleep(300000);
  button(d, 1, True, 0);
  button(d, 1, False, 0);
  XFlush(d);
  for (int i = 0; i < 100 && !fs::exists(log.string() + ".ghvars"); ++i) usleep(50000);
  const unsigned q = XKeysymToKeycode(d, XK_q);
  key(d, q, True, 0);
  key(d, q, False, 0);
  XFlush(d);
  const int status = wait_for(pid, 5);
  XCloseDisplay(d);
  INFO("stderr: " << read_file(dir / "err.txt"));
  CHECK(status == 0);
  REQUIRE(fs::exists(log.string() + ".ghvars"));
  const Run dump = run_viewer({log.string(), "--dump-panel", "-"});
  CHECK(dump.exit_code == 0);
  CHECK(dump.out.find("Analysis\tvariation\t0:" + column + "\t\n") != std::string::npos);
  CHECK(dump.out.find("Analysis\ttree\t\t  " + std::string("1. ") + column + "\n") != std::string::npos);
}
