// replay-viewer --puzzles in the real window, driven like a person: a click
// through the XTest extension on the Xvfb display on the lot of the best
// move solves the puzzle, and the progress file says so; a click on a
// worse move first makes it failed.
#include <catch2/catch.hpp>

#include <filesystem>

#include "gamehost/puzzles/progress.h"
#include "gamehost/puzzles/puzzle_file.h"
#include "replay_session.h"
#include "replay_view.h"
#include "viewer_test_support.h"

// Xlib last: its macros (Status, Bool) clash with protobuf's headers.
#include "x11_window.h"
#include <X11/keysym.h>
#include <unistd.h>

using namespace viewer_test;
namespace fs = std::filesystem;

namespace {

const std::string kSet = std::string(SOURCE_DIR) + "/games/puzzles/samples.ghpuz";

// Where lot `lot` of puzzle `index`'s position lies in the 1280x800 window.
sf::Vector2f lot_point(int index, const std::string& lot) {
  const auto set = gamehost::puzzles::read_puzzle_set(kSet);
  auto session = viewer::ReplaySession::open(sample(set.puzzles(index).source_log()), {});
  gamehost::v1::ViewOptions v;
  v.set_hit_actions(true);
  gamehost::v1::Scene scene;
  session->render_state(set.puzzles(index).state(), std::nullopt, v, scene);
  for (const auto& hit : scene.hits())
    if (hit.hover() == lot || hit.select() == lot) {
      const auto& r = hit.rect();
      return viewer::board_transform(scene).map(r.x() + r.width() / 2, r.y() + r.height() / 2);
    }
  FAIL("no hit area " << lot);
  return {};
}

// Starts the viewer on puzzle 2 (seed-2's ply 43, best BD@B2), clicks each
// lot of `lots` in turn, then quits; the progress file's text.
// One connection for the whole run: Xvfb resets when its last client
// leaves, and a test opening the display during the reset would fail.
Display* display() {
  static Display* d = XOpenDisplay(nullptr);
  return d;
}

std::string click_lots(const std::vector<std::string>& lots, const std::string& name) {
  Display* d = display();
  REQUIRE(d);
  const FakeInput input = load_fake_input();
  const auto key = input.key;
  const auto dir = temp_dir(name);
  const auto progress = dir / "p.progress";
  const int pid = spawn(VIEWER_BIN, {"--puzzles", kSet, "--puzzle", "2", "--progress", progress.string()},
                        dir / "out.txt", dir / "err.txt");
  const Window w = find_window(d);
  REQUIRE(w != 0);
  usleep(500000);
  for (const auto& lot : lots) {
    click_in_window(d, input, w, lot_point(2, lot), 300000);
    usleep(500000);
  }
  for (int i = 0; i < 100 && !fs::exists(progress); ++i) usleep(50000);
  const unsigned q = XKeysymToKeycode(d, XK_q);
  key(d, q, True, 0);
  key(d, q, False, 0);
  XFlush(d);
  const int status = wait_for(pid, 5);
  INFO("stderr: " << read_file(dir / "err.txt"));
  CHECK(status == 0);
  return fs::exists(progress) ? read_file(progress) : std::string();
}

}  // namespace

TEST_CASE("puzzles in the window: a click on the best move solves the puzzle", "[cli][window][puzzles]") {
  CHECK(click_lots({"B2"}, "puzzle-window-right") ==
        "# gamehost puzzle progress (docs/teaching.md)\nstreak 1\nbest-streak 1\nsolved seed-2.ghlog:43\n");
}

TEST_CASE("puzzles in the window: a worse move first, then the best, is failed", "[cli][window][puzzles]") {
  // C9: White's red tower there lost 14 points in the game.
  CHECK(click_lots({"C9", "B2"}, "puzzle-window-wrong") ==
        "# gamehost puzzle progress (docs/teaching.md)\nstreak 0\nbest-streak 0\nfailed seed-2.ghlog:43\n");
}

TEST_CASE("puzzles headless: the panel's puzzle line", "[cli][puzzles]") {
  const auto dir = temp_dir("puzzle-dump");
  const Run r = run_viewer({"--puzzles", kSet, "--puzzle", "2", "--progress", (dir / "p").string(), "--dump-panel", "-"});
  CHECK(r.exit_code == 0);
  CHECK(r.out == "puzzle\tPuzzle 2 of 5: seed-2.ghlog, ply 43 (hard). White to move: click the move that beats every "
                 "other by 10 points (S solution, N next)\n");
  const Run bad = run_viewer({"--puzzles", (dir / "none.ghpuz").string(), "--dump-panel", "-"});
  CHECK(bad.exit_code == 1);
  CHECK(bad.err.find("none.ghpuz: no such file") != std::string::npos);
}
