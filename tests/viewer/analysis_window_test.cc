// The analysis board in the real window, driven like a person would:
// pointer moves and a button press through the XTest extension on the Xvfb
// display. A click on a column of a Connect Four game plays a variation,
// which is saved beside the log and listed when the log is opened again.
// Ctrl+L shows the engine's best move as disc 1 on its lot, and a click on
// the disc plays it.
#include <catch2/catch.hpp>

#include <filesystem>

#include "viewer/analysis/engine_markers.h"
#include "viewer/session/replay_session.h"
#include "viewer/view/replay_view.h"
#include "analysis_test_support.h"
#include "viewer_test_support.h"

// Xlib last: its macros (Status, Bool) clash with protobuf's headers.
#include "x11_window.h"
#include <X11/keysym.h>
#include <unistd.h>

using namespace viewer_test;
namespace fs = std::filesystem;

TEST_CASE("the window: a click on a column plays a variation, saved and listed when the log is reopened",
          "[cli][window][analysis]") {
  Display* d = XOpenDisplay(nullptr);
  REQUIRE(d);
  const FakeInput input = load_fake_input();
  const auto key = input.key;

  const fs::path log = fresh_copy("connect_four-seed-1.ghlog", "analysis-window");
  const auto dir = log.parent_path();
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
  click_in_window(d, input, w, at, 300000);
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

namespace {

// Where disc 1 goes in the 1280x800 window for `notation` at `ply` (the
// engine's best move there), with its radius.
viewer::EngineMarker disc_for(viewer::ReplaySession& session, int ply, const std::string& notation) {
  gamehost::v1::QueryFlags flags;
  flags.set_legal_details(true);
  gamehost::review::Suggestion best;
  const gamehost::v1::StateInfo info = session.plugin().query(session.state(ply), flags);
  for (const auto& a : info.legal())
    if (a.notation() == notation) best.action = a.id();
  gamehost::v1::ViewOptions v;
  v.set_hit_actions(true);
  gamehost::v1::Scene scene;
  session.render(ply, v, scene);
  const auto markers = viewer::place_engine_markers(scene, {best});
  REQUIRE(markers.size() == 1);
  return markers.front();
}

bool rim_is(const sf::Image& image, const viewer::EngineMarker& m, int rank) {
  const sf::Color c = image.getPixel(static_cast<unsigned>(m.centre.x + m.radius + 1), static_cast<unsigned>(m.centre.y));
  return near(c, viewer::engine_marker_outline(rank), 24);
}

}  // namespace

// Read back from the 1280x800 window: a screen larger than the default
// (ctest "viewer resize" gives one; by hand: tests/with_xvfb.sh --screen
// 1920x1200x24 build/bin/viewer_tests "[large-screen]").
TEST_CASE("the window: Ctrl+L numbers the engine's best move on the board; a click on the disc plays it",
          "[.][large-screen][window]") {
  Display* d = XOpenDisplay(nullptr);
  REQUIRE(d);
  const FakeInput input = load_fake_input();
  const auto key = input.key;
  const fs::path log = fresh_copy("seed-1.ghlog", "engine-window");
  const auto dir = log.parent_path();
  // The solver proves KD@A2 best at ply 44 (analysis_test.cc).
  auto session = viewer::ReplaySession::open(log, {});
  const viewer::EngineMarker disc = disc_for(*session, 44, "KD@A2");

  const int pid = spawn(VIEWER_BIN, {log.string(), "--ply", "44", "--analysis-threads", "1"}, dir / "out.txt",
                        dir / "err.txt");
  const Window w = find_window(d);
  REQUIRE(w != 0);
  XMoveResizeWindow(d, w, 0, 0, 1280, 800);  // wholly on the screen, to be read back
  XFlush(d);
  usleep(500000);
  const sf::Image before = capture_window(d, w);
  const unsigned ctrl = XKeysymToKeycode(d, XK_Control_L), l = XKeysymToKeycode(d, XK_l);
  key(d, ctrl, True, 0);
  key(d, l, True, 0);
  key(d, l, False, 0);
  key(d, ctrl, False, 0);
  XFlush(d);
  bool shown = false;
  for (int i = 0; i < 50 && !shown; ++i) {
    usleep(100000);
    shown = rim_is(capture_window(d, w), disc, 1);
  }
  CHECK(!rim_is(before, disc, 1));
  CHECK(shown);
  // The click plays KD@A2 (the recorded move: ply 45); the disc leaves A2.
  click_in_window(d, input, w, disc.centre, 300000);
  bool gone = false;
  for (int i = 0; i < 30 && !gone; ++i) {
    usleep(100000);
    gone = !rim_is(capture_window(d, w), disc, 1);
  }
  CHECK(gone);
  const unsigned q = XKeysymToKeycode(d, XK_q);
  key(d, q, True, 0);
  key(d, q, False, 0);
  XFlush(d);
  const int status = wait_for(pid, 5);
  XCloseDisplay(d);
  INFO("stderr: " << read_file(dir / "err.txt"));
  CHECK(status == 0);
  CHECK(!fs::exists(log.string() + ".ghvars"));  // the recorded move: no variation
}
