// replay-viewer --play in the real window under Xvfb, driven like a person
// (docs/viewer.md, "Playing"): a click on a Connect Four column drops the
// person's disc, the engine answers, and the log written as the game goes
// holds both; a click out of turn or on a full column changes nothing and
// the viewer says why. And the command lines --play refuses, with exit 2.
#include <catch2/catch.hpp>
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>

#include "gamehost/records/game_log.h"
#include "viewer/session/replay_session.h"
#include "viewer/teaching/follow.h"
#include "viewer_test_support.h"
#include "play_test_support.h"
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

struct Window1280 {
  Display* d;
  Window w;
};

// The viewer started on a new game against `against`, its window 1280x800
// at the screen's corner, once the log has its header.
Window1280 start_game(const fs::path& dir, const fs::path& log, const std::string& against, int& pid,
                      const std::string& game = "connect_four") {
  Display* d = shared_display();
  REQUIRE(d);
  fs::remove(log);
  pid = spawn(VIEWER_BIN, {"--play", game, "--against", against, "--seed", "1", "--out", log.string()},
              dir / "out.txt", dir / "err.txt");
  const Window w = find_window(d);
  REQUIRE(w != 0);
  XMoveResizeWindow(d, w, 0, 0, 1280, 800);
  XFlush(d);
  usleep(700000);
  REQUIRE(fs::exists(log));
  return {d, w};
}

void quit(Display* d, const FakeInput& input, int pid, const fs::path& dir) {
  tap_key(d, input, XK_q, 0);
  const int status = wait_for(pid, 10);
  INFO("stderr: " << read_file(dir / "err.txt"));
  CHECK(status == 0);
}

}  // namespace

TEST_CASE("--play: a click drops a disc, the engine answers, a full column is refused", "[play][window]") {
  const auto dir = temp_dir("play-window-random");
  const fs::path log = dir / "x.ghlog";
  int pid = -1;
  const auto [d, w] = start_game(dir, log, "random", pid);
  const FakeInput input = load_fake_input();
  // Column 3 (D): the person's disc, then the engine's, both in the log.
  click_in_window(d, input, w, column_point(log, 3), 300000);
  auto plies = wait_for_plies(log, 2);
  REQUIRE(plies.size() == 2);
  CHECK(plies[0] == 3);
  // Column 3 again until it is full (the engine's discs land where they
  // may: each round is the person's click and the engine's answer). Three
  // of the person's discs on top there would make the fourth a win: those
  // rounds go to the edge columns instead, until the engine covers them.
  auto in_column = [&](std::uint32_t col) { return std::count(plies.begin(), plies.end(), col); };
  auto three_of_mine_on_top = [&](std::uint32_t col) {
    std::vector<int> seats;  // bottom first; the person moves on even plies
    for (std::size_t i = 0; i < plies.size(); ++i)
      if (plies[i] == col) seats.push_back(static_cast<int>(i % 2));
    return seats.size() >= 3 && seats[seats.size() - 1] == 0 && seats[seats.size() - 2] == 0 &&
           seats[seats.size() - 3] == 0;
  };
  for (int round = 0; round < 30 && in_column(3) < 6; ++round) {
    int col = 3;
    if (three_of_mine_on_top(3))
      for (int edge : {0, 6, 1, 5})
        if (in_column(edge) < 6 && !three_of_mine_on_top(edge)) {
          col = edge;
          break;
        }
    click_in_window(d, input, w, column_point(log, col), 300000);
    plies = wait_for_plies(log, plies.size() + 2);
    const auto read = viewer::read_whole_records(log);
    REQUIRE(read);
    if (read->finished()) break;
  }
  INFO("plies: " << plies.size() << ", column 3 holds " << in_column(3));
  REQUIRE(in_column(3) == 6);
  REQUIRE_FALSE(viewer::read_whole_records(log)->finished());
  const std::size_t before = plies.size();
  click_in_window(d, input, w, column_point(log, 3), 300000);
  usleep(1000000);
  CHECK(plies_of(log).size() == before);  // nothing played
  quit(d, input, pid, dir);
  const std::string err = read_file(dir / "err.txt");
  // The refusal is the last thing said: it stays on the message line.
  const std::string refusal = "replay-viewer: play: column d is full\n";
  CHECK(err.size() > refusal.size());
  CHECK(err.substr(err.size() - refusal.size()) == refusal);
  CHECK(err.find("replay-viewer: play: Your move") != std::string::npos);
  // The log is the game as `gamehost play` writes it: every ply verifies,
  // and it is unfinished (the window closed: exit 3, as for any such log).
  const Run verify = run(GAMEHOST_BIN, {"verify", log.string()});
  INFO(verify.out << verify.err);
  CHECK(verify.exit_code == 3);
  CHECK((verify.out + verify.err).find(fmt::format("{} plies verified, no result recorded", before)) !=
        std::string::npos);
  CHECK(gamehost::read_log(log).record.plies_size() == static_cast<int>(before));
}

TEST_CASE("--play: a click while the engine thinks plays nothing and says whose turn it is", "[play][window]") {
  const auto dir = temp_dir("play-window-mcts");
  const fs::path log = dir / "y.ghlog";
  int pid = -1;
  const auto [d, w] = start_game(dir, log, "mcts:time=1.5", pid);
  const FakeInput input = load_fake_input();
  const sf::Vector2f col2 = column_point(log, 2);
  // T: the engine's hint for the first move, said on the message line.
  int x = 0, y = 0;
  Window child;
  XTranslateCoordinates(d, w, DefaultRootWindow(d), 1200, 20, &x, &y, &child);
  input.motion(d, -1, x, y, 0);
  XFlush(d);
  usleep(200000);
  tap_key(d, input, XK_t, 0);
  for (int i = 0; i < 100 && read_file(dir / "err.txt").find("play: Hint (3000 iterations): ") == std::string::npos; ++i)
    usleep(100000);
  CHECK(plies_of(log).empty());  // a hint plays nothing
  click_in_window(d, input, w, col2, 300000);
  CHECK(wait_for_plies(log, 1).size() == 1);
  click_in_window(d, input, w, col2, 100000);  // the engine is still searching
  const auto plies = wait_for_plies(log, 2);
  REQUIRE(plies.size() >= 2);
  usleep(1000000);
  CHECK(plies_of(log).size() == 2);  // the early click was not kept for later
  CHECK(plies[0] == 2);
  quit(d, input, pid, dir);
  const std::string err = read_file(dir / "err.txt");
  CHECK(err.find("replay-viewer: play: Not your turn: Yellow (mcts:time=1.5) is to move") != std::string::npos);
  CHECK(err.find("replay-viewer: play: Hint: the engine is searching\nreplay-viewer: play: Hint (3000 iterations): ") != std::string::npos);
}

TEST_CASE("--play: the game goes to its end, the panel says the result, later clicks are refused",
          "[play][window]") {
  const auto dir = temp_dir("play-window-end");
  const fs::path log = dir / "end.ghlog";
  int pid = -1;
  const auto [d, w] = start_game(dir, log, "random", pid);
  const FakeInput input = load_fake_input();
  // The leftmost column not yet full, each turn, until the game ends.
  std::vector<std::uint32_t> plies;
  for (int round = 0; round < 21; ++round) {
    int col = 0;
    while (std::count(plies.begin(), plies.end(), static_cast<std::uint32_t>(col)) >= 6) ++col;
    click_in_window(d, input, w, column_point(log, col), 300000);
    plies = wait_for_plies(log, plies.size() + 2);
    const auto read = viewer::read_whole_records(log);
    REQUIRE(read);
    if (read->finished()) break;
  }
  for (int i = 0; i < 40 && !gamehost::read_log(log).finished(); ++i) usleep(50000);
  const gamehost::GameLog whole = gamehost::read_log(log);
  REQUIRE(whole.finished());
  const int played = whole.record.plies_size();
  usleep(500000);
  click_in_window(d, input, w, column_point(log, 6), 300000);
  usleep(500000);
  CHECK(gamehost::read_log(log).record.plies_size() == played);
  quit(d, input, pid, dir);
  const std::string err = read_file(dir / "err.txt");
  INFO(err);
  CHECK(err.find("replay-viewer: play: Game over: ") != std::string::npos);
  const std::string over = "replay-viewer: play: The game is over: ";
  CHECK(err.rfind(over) != std::string::npos);
  CHECK(err.rfind(over) > err.rfind("replay-viewer: play: Game over: "));
  const Run verify = run(GAMEHOST_BIN, {"verify", log.string()});
  INFO(verify.out << verify.err);
  CHECK(verify.exit_code == 0);
}

TEST_CASE("--play refuses a bad command line with exit 2 and says why", "[play][cli]") {
  const auto dir = temp_dir("play-cli");
  const std::string out = (dir / "z.ghlog").string();
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  const std::vector<Case> cases = {
      {{"--play", "connect_four", "--against", "random", "--out", out, sample("seed-1.ghlog")},
       "replay-viewer: --play GAME starts a new game: give no LOG with it\n"},
      {{"--play", "connect_four"}, "replay-viewer: --play needs --against AGENT (e.g. random, mcts:time=1)\n"},
      {{"--against", "random", sample("seed-1.ghlog")}, "replay-viewer: --against: only with --play\n"},
      {{"--play", "connect_four", "--against", "random", "--screenshot", out + ".png"},
       "replay-viewer: --play: not with --screenshot\n"},
      {{"--play", "no_such_game", "--against", "random", "--out", out}, "unknown game 'no_such_game'"},
      {{"--play", "connect_four", "--against", "rnadom", "--out", out}, "--play connect_four --against rnadom: "},
      {{"--play", "connect_four", "--against", "random", "--seat", "3"}, "--seat"},
  };
  for (const auto& c : cases) {
    const Run r = run_viewer(c.args);
    INFO(fmt::format("{}", fmt::join(c.args, " ")) << "\nstderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(c.says) != std::string::npos);
    CHECK_FALSE(fs::exists(out));  // nothing was written
  }
}

TEST_CASE("--play never overwrites a log: an existing --out is refused with exit 1, untouched", "[play][cli]") {
  const auto dir = temp_dir("play-cli-exists");
  const fs::path out = dir / "kept.ghlog";
  write_file(out, "not a log, but someone's file");
  const Run r = run_viewer({"--play", "connect_four", "--against", "random", "--out", out.string()});
  INFO(r.err);
  CHECK(r.exit_code == 1);
  CHECK(r.err == "replay-viewer: " + out.string() + ": exists; --play never overwrites a log (give another --out)\n");
  CHECK(read_file(out) == "not a log, but someone's file");
}

TEST_CASE("--play: after a move that leaves the person to move again, the panel never says the engine thinks",
          "[play][window]") {
  // Alien City: a seat that builds a tower then claims it or declines, a
  // second ply of its own.
  const auto dir = temp_dir("play-window-claim");
  const fs::path log = dir / "a.ghlog";
  int pid = -1;
  const auto [d, w] = start_game(dir, log, "random", pid, "alien_city");
  const FakeInput input = load_fake_input();
  auto session = viewer::ReplaySession::open(log, {});
  gamehost::v1::ViewOptions v;
  v.set_hit_actions(true);
  gamehost::v1::Scene scene;
  session->render(0, v, scene);
  const auto target = std::find_if(scene.hits().begin(), scene.hits().end(),
                                   [](const auto& hit) { return hit.actions_size() > 0; });
  REQUIRE(target != scene.hits().end());
  const auto& r = target->rect();
  click_in_window(d, input, w, viewer::board_transform(scene).map(r.x() + r.width() / 2, r.y() + r.height() / 2),
                  300000);
  if (target->actions_size() > 1) tap_key(d, input, XK_1, 0);  // the first piece the spot offers
  REQUIRE(wait_for_plies(log, 1).size() == 1);
  REQUIRE(wait_for_text(dir / "err.txt", "play: Your move (Black): click the board\n", 10));
  usleep(500000);
  quit(d, input, pid, dir);
  const std::string err = read_file(dir / "err.txt");
  INFO(err);
  // Your move, the move played, your move again (the claim): no engine between.
  const auto played = err.find("play: Your move is played\n");
  REQUIRE(played != std::string::npos);
  CHECK(err.find("is thinking", played) == std::string::npos);
  CHECK(err.find("play: Your move (Black): click the board\n", played) != std::string::npos);
  CHECK(plies_of(log).size() == 1);  // the claim is still the person's to make
}
