// A game whose plugin leaves out the optional Analyze call (Connect Four
// built with the kit's GAMEHOST_KIT_NO_ANALYZE, as connect_four_no_analysis,
// in a folder only --plugins names): played, verified and reviewed by the
// real gamehost, then shown by the real replay-viewer, headless and in the
// window under Xvfb, stepped onto a move the review says lost. A missing
// optional call is never fatal. And --plugins DIR written before the log
// leaves the log its own (it takes one folder each time it is given).
#include <catch2/catch.hpp>
#include <fmt/core.h>

#include <filesystem>

#include "viewer/session/review_data.h"
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
#include <unistd.h>

using namespace viewer_test;
namespace fs = std::filesystem;

namespace {

const std::string kDir = NO_ANALYSIS_PLUGIN_DIR;
const std::string kGame = "connect_four_no_analysis";

// The game played once per run, --plugins before the game's name, then
// reviewed (LOG.ghreview beside it).
const fs::path& reviewed_log() {
  static const fs::path log = [] {
    const auto dir = temp_dir("optional-calls");
    const fs::path out = dir / "c4.ghlog";
    fs::remove(out);
    fs::remove(out.string() + ".ghreview");
    const Run played = run(GAMEHOST_BIN, {"play", "--plugins", kDir, kGame, "--player1", "random:seed=3", "--player2",
                                          "mcts:iters=400", "--seed", "1", "--out", out.string(), "-q"});
    INFO(played.err);
    REQUIRE(played.exit_code == 0);
    const Run reviewed = run(GAMEHOST_BIN, {"review", "--plugins", kDir, out.string(), "--iters", "300", "-q"});
    INFO(reviewed.err);
    REQUIRE(reviewed.exit_code == 0);
    return out;
  }();
  return log;
}

// The first move the review says lost something, with the engine's better
// line (what the panel compares, review_changes.h).
int first_losing_ply(const fs::path& log) {
  const auto review = viewer::GameReview::open_for(log, {});
  REQUIRE(review);
  for (int ply = 1; ply <= review->plies(); ++ply)
    if (const auto* r = review->at(ply); r && r->points_lost() > 0 && r->best_line_size() > 0 && r->played_line_size() > 0)
      return ply;
  FAIL("the review found no move that lost");
  return 0;
}

}  // namespace

TEST_CASE("--plugins DIR before the log: gamehost verify and replay-viewer take the log after it",
          "[optional-calls]") {
  const fs::path& log = reviewed_log();
  const Run verify = run(GAMEHOST_BIN, {"verify", "--plugins", kDir, log.string()});
  INFO(verify.err);
  CHECK(verify.exit_code == 0);
  CHECK(verify.out.rfind(log.string() + ": OK: " + kGame + " 1.0.0, seed 1, ", 0) == 0);
  const Run panel = run_viewer({"--plugins", kDir, log.string(), "--dump-panel", "-"});
  INFO(panel.err);
  CHECK(panel.exit_code == 0);
  CHECK(panel.out.find("Connect Four") != std::string::npos);
  // Given twice, each time with its folder.
  const Run twice = run_viewer({"--plugins", kDir, "--plugins", kDir, log.string(), "--dump-panel", "-"});
  CHECK(twice.exit_code == 0);
}

TEST_CASE("a reviewed game whose plugin has no Analyze: the panel shows the review of a losing move",
          "[optional-calls]") {
  const fs::path& log = reviewed_log();
  const int ply = first_losing_ply(log);
  const Run panel = run_viewer({"--plugins", kDir, log.string(), "--ply", std::to_string(ply), "--dump-panel", "-"});
  INFO(panel.err);
  REQUIRE(panel.exit_code == 0);
  CHECK(panel.err.empty());
  const auto review = viewer::GameReview::open_for(log, {});
  const std::string sentence = review->sentence(ply, {"Red", "Yellow"});
  REQUIRE(!sentence.empty());
  CHECK(panel.out.find(sentence.substr(0, sentence.find(';'))) != std::string::npos);
}

TEST_CASE("a reviewed game whose plugin has no Analyze: the window steps onto a losing move and stays",
          "[optional-calls]") {
  const fs::path& log = reviewed_log();
  const int ply = first_losing_ply(log);
  const auto dir = log.parent_path();
  const fs::path png = dir / "losing.png";
  const Run shot = run_viewer({"--plugins", kDir, log.string(), "--ply", std::to_string(ply), "--screenshot",
                               png.string()});
  INFO(shot.err);
  REQUIRE(shot.exit_code == 0);
  sf::Image want;
  REQUIRE(want.loadFromFile(png.string()));

  Display* d = XOpenDisplay(nullptr);
  REQUIRE(d);
  const FakeInput input = load_fake_input();
  const int pid = spawn(VIEWER_BIN, {"--plugins", kDir, log.string(), "--ply", std::to_string(ply - 1)},
                        dir / "out.txt", dir / "err.txt");
  const Window w = find_window(d);
  REQUIRE(w != 0);
  XMoveResizeWindow(d, w, 0, 0, 1280, 800);  // wholly on the screen, to be read back
  XFlush(d);
  usleep(500000);
  // The pointer over the panel's top corner: keys go to the window there.
  int x = 0, y = 0;
  Window child;
  XTranslateCoordinates(d, w, DefaultRootWindow(d), 1250, 12, &x, &y, &child);
  input.motion(d, -1, x, y, 0);
  XFlush(d);
  usleep(300000);
  tap_key(d, input, XK_Right, 300000);
  // The board at the losing move, as --screenshot draws it there.
  ImageDifference diff;
  for (int i = 0; i < 20 && (i == 0 || diff.differ != 0); ++i) {
    usleep(250000);
    diff = flat_difference(capture_window(d, w), want, {20, 20, 650, 760});
  }
  INFO("first difference: " << diff.first);
  CHECK(diff.compared > 20000);
  CHECK(diff.differ == 0);
  tap_key(d, input, XK_q, 0);
  const int status = wait_for(pid, 5);
  XCloseDisplay(d);
  INFO("stderr: " << read_file(dir / "err.txt"));
  CHECK(status == 0);
}
