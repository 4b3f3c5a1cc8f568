// replay-viewer --follow in the real window under Xvfb while another process
// writes what it follows (docs/teaching.md, "A live board"): a log written
// by a real `gamehost play`, with the viewer started before the game and
// after its first plies, and a tournament folder written by a real
// `gamehost tournament`. The window must live through every new record and
// end on what --screenshot draws of the finished game (or folder).
#include <catch2/catch.hpp>
#include <fmt/core.h>

#include <filesystem>

#include "viewer/teaching/follow.h"
#include "gamehost/records/game_log.h"
#include "viewer/session/replay_session.h"
#include "viewer_test_support.h"
// What viewer_test_support.cc includes, before Xlib (one unity batch).
#include "alien_city/core/rules.h"
#include "alien_city/core/serialize.h"
#include "viewer/render/environment.h"
#include "gamehost/calls/plugin.h"
#include "viewer/view/replay_view.h"

// Xlib last: its macros (Status, Bool) clash with protobuf's headers.
#include "x11_window.h"
#include <X11/keysym.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace viewer_test;
namespace fs = std::filesystem;

namespace {

// Whether the process is still running (reaped, with its status, if not).
bool running(int pid, int& status) {
  int raw = 0;
  if (waitpid(pid, &raw, WNOHANG) != pid) return true;
  status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
  return false;
}

ImageDifference compare(const sf::Image& window, const sf::Image& want, sf::IntRect area) {
  return flat_difference(window, want, area);
}

sf::Image screenshot(const std::vector<std::string>& args, const fs::path& png) {
  std::vector<std::string> all = args;
  all.insert(all.end(), {"--screenshot", png.string()});
  const Run r = run_viewer(all);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  sf::Image image;
  REQUIRE(image.loadFromFile(png.string()));
  return image;
}

// Waits (up to 20 s) until the window draws `want` in `area` with fewer than
// `allowed` pixels apart; the last difference.
ImageDifference settle_on(Display* d, Window w, const sf::Image& want, sf::IntRect area, int allowed) {
  ImageDifference diff;
  for (int i = 0; i < 80; ++i) {
    diff = compare(capture_window(d, w), want, area);
    if (diff.differ <= allowed) break;
    usleep(250000);
  }
  return diff;
}

// The pointer off the window: no hover, no tooltip.
void pointer_away(Display* d) {
  XWarpPointer(d, None, DefaultRootWindow(d), 0, 0, 0, 0, DisplayWidth(d, DefaultScreen(d)) - 1,
               DisplayHeight(d, DefaultScreen(d)) - 1);
  XFlush(d);
}

// Q typed into the window (the pointer over it: the keys go where it is).
void quit(Display* d, Window w, int pid, const fs::path& err) {
  const FakeInput input = load_fake_input();
  int x = 0, y = 0;
  Window child;
  XTranslateCoordinates(d, w, DefaultRootWindow(d), 1200, 20, &x, &y, &child);
  input.motion(d, -1, x, y, 0);
  XFlush(d);
  usleep(200000);
  tap_key(d, input, XK_q, 0);
  const int status = wait_for(pid, 10);
  INFO("viewer: " << read_file(err));
  CHECK(status == 0);
}

// The board's part of the 1280x800 window: the side panel (its timings,
// the ply counter while it animates) is left out.
const sf::IntRect kBoardPixels{20, 20, 800, 760};

// `gamehost play` into `log` while the window follows it; the viewer
// starts before the game when `viewer_first`, else once the log holds
// `head_start` plies.
void follow_a_game(bool viewer_first, int head_start, const std::string& name) {
  Display* d = shared_display();
  REQUIRE(d);
  pointer_away(d);
  const auto dir = temp_dir(name);
  const fs::path log = dir / "live.ghlog";
  fs::remove(log);
  const std::vector<std::string> play{"play", "alien_city", "--player1", "mcts:time=0.1", "--player2", "greedy",
                                      "--seed", "1", "--out", log.string(), "-q"};
  int viewer = -1, writer = -1;
  if (viewer_first) {
    viewer = spawn(VIEWER_BIN, {"--follow", log.string()}, dir / "viewer.out", dir / "viewer.err");
    usleep(300000);  // waiting for the file
  }
  writer = spawn(GAMEHOST_BIN, play, dir / "writer.out", dir / "writer.err");
  if (!viewer_first) {
    for (int i = 0; i < 600; ++i) {
      const auto partial = viewer::read_whole_records(log);
      if (partial && partial->record.plies_size() >= head_start) break;
      usleep(20000);
    }
    viewer = spawn(VIEWER_BIN, {"--follow", log.string()}, dir / "viewer.out", dir / "viewer.err");
  }
  const Window w = find_window(d);
  REQUIRE(w != 0);
  XMoveResizeWindow(d, w, 0, 0, 1280, 800);  // wholly on the screen, to be read back
  XFlush(d);
  // The window draws every frame while the game is written into the log.
  int status = -1, written = -1;
  bool alive = true;
  while (alive && running(writer, written)) {
    alive = running(viewer, status);
    if (alive) capture_window(d, w);
    usleep(100000);
  }
  INFO("viewer: " << read_file(dir / "viewer.err"));
  REQUIRE(alive);
  CHECK(written == 0);
  const gamehost::GameLog whole = gamehost::read_log(log);
  REQUIRE(whole.finished());
  const int plies = whole.record.plies_size();
  // It ends on the last ply, as --screenshot draws the finished log there.
  const sf::Image last = screenshot({log.string(), "--ply", std::to_string(plies)}, dir / "last.png");
  const sf::Image start = screenshot({log.string(), "--ply", "0"}, dir / "start.png");
  const ImageDifference diff = settle_on(d, w, last, kBoardPixels, 0);
  REQUIRE(running(viewer, status));
  INFO("first difference: " << diff.first);
  CHECK(diff.compared > 10000);
  CHECK(diff.differ == 0);
  CHECK(compare(last, start, kBoardPixels).differ > 300);  // the game's towers: not the empty board
  quit(d, w, viewer, dir / "viewer.err");
}

}  // namespace

TEST_CASE("the window follows a log while gamehost play writes it, started before the game", "[follow-window]") {
  follow_a_game(true, 0, "follow-window-first");
}

TEST_CASE("the window follows a log while gamehost play writes it, started after its first plies",
          "[follow-window]") {
  follow_a_game(false, 6, "follow-window-later");
}

TEST_CASE("the window follows a tournament folder while gamehost tournament writes its games", "[follow-window]") {
  Display* d = shared_display();
  REQUIRE(d);
  pointer_away(d);
  const auto dir = temp_dir("follow-window-dir");
  const fs::path folder = dir / "club";
  fs::remove_all(folder);
  fs::create_directories(folder);
  const int viewer = spawn(VIEWER_BIN, {"--follow", folder.string()}, dir / "viewer.out", dir / "viewer.err");
  const int writer = spawn(GAMEHOST_BIN, {"tournament", "alien_city", "--agents", "mcts:time=0.05,greedy", "--games",
                                          "2", "--jobs", "1", "--seed", "3", "--out", folder.string()},
                           dir / "writer.out", dir / "writer.err");
  const Window w = find_window(d);
  REQUIRE(w != 0);
  XMoveResizeWindow(d, w, 0, 0, 1280, 800);
  XFlush(d);
  int status = -1, written = -1;
  bool alive = true;
  while (alive && running(writer, written)) {
    alive = running(viewer, status);
    if (alive) capture_window(d, w);
    usleep(100000);
  }
  INFO("viewer: " << read_file(dir / "viewer.err"));
  REQUIRE(alive);
  INFO("writer: " << read_file(dir / "writer.err"));
  CHECK(written == 0);
  // The grid and the table of the finished tournament, as --screenshot
  // draws the folder.
  const sf::Image want = screenshot({"--follow", folder.string()}, dir / "grid.png");
  const ImageDifference diff = settle_on(d, w, want, {0, 0, 1280, 800}, 0);
  INFO("first difference: " << diff.first);
  CHECK(diff.compared > 20000);
  CHECK(diff.differ == 0);
  quit(d, w, viewer, dir / "viewer.err");
}
