// replay-viewer --puzzles in the real window, driven like a person: a click
// through the XTest extension on the Xvfb display on the lot of the best
// move solves the puzzle, and the progress file says so; a click on a
// worse move first makes it failed.
#include <catch2/catch.hpp>

#include <filesystem>

#include "gamehost/base/install_paths.h"
#include "gamehost/puzzles/progress.h"
#include "gamehost/puzzles/puzzle_file.h"
#include "viewer/teaching/puzzle_mode.h"
#include "viewer/session/replay_session.h"
#include "viewer/view/replay_view.h"
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
std::string click_lots(const std::vector<std::string>& lots, const std::string& name) {
  Display* d = shared_display();
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

// Puzzle 1 comes from seed-1, puzzle 2 from seed-2 (ply 43): after N the
// panel's game is seed-2's, so → steps to seed-2's ply 43 (the move played
// there), and a click on the board then brings the puzzle back rather than
// answering it.
TEST_CASE("puzzles in the window: N opens the next puzzle's own game in the panel", "[cli][window][puzzles]") {
  const auto set = gamehost::puzzles::read_puzzle_set(kSet);
  REQUIRE(set.puzzles(0).source_log() != set.puzzles(1).source_log());
  REQUIRE(set.puzzles(1).source_log() == "seed-2.ghlog");
  REQUIRE(set.puzzles(1).source_ply() == 43);
  Display* d = shared_display();
  REQUIRE(d);
  const FakeInput input = load_fake_input();
  const auto dir = temp_dir("puzzle-window-next");
  const auto progress = dir / "p.progress";
  fs::remove(progress);
  const sf::Image ply43 = [&] {
    const Run shot = run_viewer({sample("seed-2.ghlog"), "--ply", "43", "--screenshot", (dir / "ply43.png").string()});
    REQUIRE(shot.exit_code == 0);
    sf::Image image;
    REQUIRE(image.loadFromFile((dir / "ply43.png").string()));
    return image;
  }();
  const int pid = spawn(VIEWER_BIN, {"--puzzles", kSet, "--puzzle", "1", "--progress", progress.string()},
                        dir / "out.txt", dir / "err.txt");
  const Window w = find_window(d);
  REQUIRE(w != 0);
  XMoveResizeWindow(d, w, 0, 0, 1280, 800);  // wholly on the screen, to be read back
  XFlush(d);
  usleep(500000);
  // The pointer over the panel's top (keys go to the window under it).
  int x = 0, y = 0;
  Window child;
  XTranslateCoordinates(d, w, DefaultRootWindow(d), 1250, 12, &x, &y, &child);
  input.motion(d, -1, x, y, 0);
  XFlush(d);
  usleep(300000);
  tap_key(d, input, XK_n, 500000);      // puzzle 2: seed-2 before ply 43
  tap_key(d, input, XK_Right, 500000);  // the game's ply 43
  ImageDifference diff;
  for (int i = 0; i < 20 && (i == 0 || diff.differ != 0); ++i) {
    diff = flat_difference(capture_window(d, w), ply43, {20, 20, 650, 760});
    if (diff.differ != 0) usleep(250000);
  }
  INFO("first difference from seed-2's ply 43: " << diff.first);
  CHECK(diff.compared > 10000);
  CHECK(diff.differ == 0);
  if (diff.differ != 0) capture_window(d, w).saveToFile((dir / "window.png").string());
  // A click on B2 while the game's ply is shown brings the puzzle back;
  // the next one answers it, right the first time.
  click_in_window(d, input, w, lot_point(1, "B2"), 300000);
  usleep(500000);
  CHECK_FALSE(fs::exists(progress));
  click_in_window(d, input, w, lot_point(1, "B2"), 300000);
  for (int i = 0; i < 100 && !fs::exists(progress); ++i) usleep(50000);
  tap_key(d, input, XK_q, 0);
  const int status = wait_for(pid, 5);
  INFO("stderr: " << read_file(dir / "err.txt"));
  CHECK(status == 0);
  REQUIRE(fs::exists(progress));
  CHECK(read_file(progress) ==
        "# gamehost puzzle progress (docs/teaching.md)\nstreak 1\nbest-streak 1\nsolved seed-2.ghlog:43\n");
}

TEST_CASE("puzzles headless: the panel's puzzle line", "[cli][puzzles]") {
  const auto dir = temp_dir("puzzle-dump");
  const Run r = run_viewer({"--puzzles", kSet, "--puzzle", "2", "--progress", (dir / "p").string(), "--dump-panel", "-"});
  CHECK(r.exit_code == 0);
  CHECK(r.out == "puzzle\tPuzzle 2 of 5: seed-2.ghlog, ply 43 (hard). White to move: click the move that beats every "
                 "other by 10 points (T hint, S solution, N next)\n");
  const Run bad = run_viewer({"--puzzles", (dir / "none.ghpuz").string(), "--dump-panel", "-"});
  CHECK(bad.exit_code == 1);
  CHECK(bad.err.find("none.ghpuz: no such file") != std::string::npos);
}

namespace {

sf::Event key_event(sf::Keyboard::Key code) {
  sf::Event e;
  e.type = sf::Event::KeyPressed;
  e.key = {code, false, false, false, false};
  return e;
}

sf::Event click_event(sf::Vector2f at) {
  sf::Event e;
  e.type = sf::Event::MouseButtonPressed;
  e.mouseButton = {sf::Mouse::Left, static_cast<int>(at.x), static_cast<int>(at.y)};
  return e;
}

}  // namespace

// The window's puzzle panel, driven in-process with the window's events: the
// instruction is wrapped inside the panel, a wrong move's verdict names the
// window's hint key, and that key gives the hint.
TEST_CASE("puzzles in the window: the instruction wraps in the panel; T gives the hint a verdict offers",
          "[puzzles]") {
  const auto set = gamehost::puzzles::read_puzzle_set(kSet);
  const auto dir = temp_dir("puzzle-panel");
  auto session = viewer::ReplaySession::open(viewer::puzzle_source_log(kSet, set.puzzles(1)), {});
  viewer::ReplayView view(*session, test_font());
  viewer::PuzzleMode mode(*session, kSet, set, 1, dir / "p.progress");
  REQUIRE(mode.update(view));
  CHECK(mode.message() == mode.heading());
  const sf::FloatRect panel = viewer::kPanelArea;
  int outside = 0;
  for (const sf::FloatRect& box : view.panel().item_boxes())
    if (box.left + box.width > panel.left + panel.width + 0.5f) ++outside;
  CHECK(outside == 0);
  // C9 loses 14 points (puzzle 2).
  CHECK(mode.handle(view, click_event(lot_point(1, "C9")), lot_point(1, "C9")));
  CHECK(mode.message() == "RT@C9 loses 14 points against the best move. Try again, or press T for a hint.");
  CHECK(mode.handle(view, key_event(sf::Keyboard::T), {}));
  CHECK(mode.message().rfind("Hint: the best move ", 0) == 0);
}

// A copy of a puzzle's game in the current folder is not the one used: the
// set's folder, its sources/, then the shipped samples, wherever the viewer
// is started.
TEST_CASE("puzzles: a puzzle's game is found by the set's rule, not in the current folder", "[puzzles]") {
  const auto set = gamehost::puzzles::read_puzzle_set(kSet);
  REQUIRE(set.puzzles(0).source_log() == "seed-1.ghlog");
  const auto dir = temp_dir("puzzle-source");
  fs::copy_file(sample("seed-2.ghlog"), dir / "seed-1.ghlog", fs::copy_options::overwrite_existing);
  const fs::path before = fs::current_path();
  fs::current_path(dir);
  fs::path found;
  try {
    found = viewer::puzzle_source_log(kSet, set.puzzles(0));
  } catch (...) {
    fs::current_path(before);
    throw;
  }
  fs::current_path(before);
  CHECK(found == gamehost::own_data_dir() / "samples" / "seed-1.ghlog");
}
