// replay-viewer --connect URL … in the real window under Xvfb, against the
// real `gamehost serve` on a free port (docs/viewer.md, "Playing on a
// server"): a Connect Four game created against a server engine and played
// by clicks to its end, the server's log holding exactly the clicked
// columns; an Alien City seat beside a `gamehost bot`, a move made by a
// click reaching the server, the clocks in the panel, no hint where none
// was allowed, a resignation by Ctrl+R; a game lost on time; a server
// killed and restarted under a seat; a person at the terminal against one
// in the window, through an invite link; a game watched; and what --connect refuses, each with its message and exit
// status.
#include <catch2/catch.hpp>
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <regex>

#include "gamehost/client/client.h"
#include "gamehost/records/game_log.h"
#include "viewer/session/replay_session.h"
#include "viewer/teaching/follow.h"
#include "viewer_test_support.h"
#include "play_test_support.h"
#include "../client/client_process.h"
// What viewer_test_support.cc includes, before Xlib (one unity batch).
#include "alien_city/core/rules.h"
#include "alien_city/core/serialize.h"
#include "viewer/render/environment.h"
#include "gamehost/calls/plugin.h"
#include "viewer/view/replay_view.h"

namespace {

// A Connect Four game with a 2-second clock (the command lines' clocks
// count in minutes), made through the client library before Xlib's macros
// (ClientMessage) are defined: seat 1 open, seat 2 the server's random
// engine. Its id.
std::string create_short_clock_game(const std::string& url) {
  namespace net = gamehost::client::net;
  gamehost::client::Client creator(gamehost::client::parse_server_url(url, "test"), {});
  creator.connect();
  net::ClientMessage m;
  net::CreateGame& c = *m.mutable_create_game();
  c.set_game_type("connect_four");
  c.set_take_seat(-1);
  c.mutable_time()->mutable_live()->set_base_ms(2000);
  c.add_seats()->set_open(true);
  c.add_seats()->set_engine("random");
  return creator.call(m).game_created().game().game_id();
}

}  // namespace

// Xlib last: its macros (Status, Bool) clash with protobuf's headers.
#include "x11_window.h"
#include <X11/keysym.h>
#include <unistd.h>

using namespace viewer_test;
namespace fs = std::filesystem;

namespace {

// The game id the viewer's stderr names ("… game ID on …").
std::string game_id_in(const fs::path& err) {
  std::smatch m;
  const std::string text = read_file(err);
  REQUIRE(std::regex_search(text, m, std::regex("game ([0-9a-f]+) on ")));
  return m[1];
}

struct Viewer {
  Display* d;
  Window w;
  int pid;
};

// The viewer on `args` (after --connect URL), once its window is up and its
// log has its header; the window 1280x800 at the screen's corner.
Viewer start_viewer(const fs::path& dir, const std::string& url, std::vector<std::string> args, const fs::path& log) {
  Display* d = shared_display();
  REQUIRE(d);
  args.insert(args.begin(), {"--connect", url});
  args.insert(args.end(), {"--out", log.string()});
  const int pid = spawn(VIEWER_BIN, args, dir / "out.txt", dir / "err.txt");
  const Window w = find_window(d);
  INFO("stderr: " << read_file(dir / "err.txt"));
  REQUIRE(w != 0);
  XMoveResizeWindow(d, w, 0, 0, 1280, 800);
  XFlush(d);
  usleep(700000);
  REQUIRE(fs::exists(log));
  return {d, w, pid};
}

void quit(const Viewer& v, const FakeInput& input, const fs::path& dir) {
  tap_key(v.d, input, XK_q, 0);
  const int status = wait_for(v.pid, 15);
  INFO("stderr: " << read_file(dir / "err.txt"));
  CHECK(status == 0);
}

// Waits until `log` holds more than `plies` plies or is finished; its plies then.
std::vector<std::uint32_t> wait_for_more(const fs::path& log, std::size_t plies, double seconds = 20) {
  std::vector<std::uint32_t> now;
  for (int i = 0; i < seconds * 20; ++i) {
    const auto read = viewer::read_whole_records(log);
    now = plies_of(log);
    if (now.size() > plies || (read && read->finished())) break;
    usleep(50000);
  }
  return now;
}

// The pointer over the panel, as a person reaching for the keys.
void point_at_panel(const Viewer& v, const FakeInput& input) {
  int x = 0, y = 0;
  Window child;
  XTranslateCoordinates(v.d, v.w, DefaultRootWindow(v.d), 1200, 20, &x, &y, &child);
  input.motion(v.d, -1, x, y, 0);
  XFlush(v.d);
  usleep(200000);
}

// Ctrl and `sym` together.
void tap_ctrl_key(Display* d, const FakeInput& input, unsigned long sym, unsigned pause_us) {
  const unsigned ctrl = XKeysymToKeycode(d, XK_Control_L);
  input.key(d, ctrl, 1, 0);
  XFlush(d);
  usleep(50000);
  tap_key(d, input, sym, 50000);
  input.key(d, ctrl, 0, 0);
  XFlush(d);
  usleep(pause_us);
}

}  // namespace

TEST_CASE("--connect: a Connect Four game against a server engine, played by clicks to its end", "[connect][window]") {
  const auto dir = temp_dir("connect-c4");
  client_test::Server server("viewer-connect-c4");
  const fs::path log = dir / "c4.ghlog";
  const Viewer v =
      start_viewer(dir, server.url(), {"connect_four", "--player2", "random", "--seed", "4", "--hints"}, log);
  const FakeInput input = load_fake_input();
  const std::string game = game_id_in(dir / "err.txt");
  REQUIRE(wait_for_text(dir / "err.txt", "replay-viewer: play: Your move (Red): click the board"));
  // T: the game allows hints, the server's comes to the message line.
  point_at_panel(v, input);
  tap_key(v.d, input, XK_t, 300000);
  CHECK(wait_for_text(
      dir / "err.txt",
      "replay-viewer: play: Hint: the engine is searching\nreplay-viewer: play: Hint: The engine suggests ", 20));
  CHECK(plies_of(log).empty());  // a hint plays nothing
  // The leftmost column not yet full, each turn, until the game ends: the
  // viewer's clicks at plies 1, 3, 5 …, the engine's answers between.
  std::vector<std::uint32_t> plies, clicked;
  for (int round = 0; round < 22; ++round) {
    std::uint32_t col = 0;
    while (std::count(plies.begin(), plies.end(), col) >= 6) ++col;
    REQUIRE(wait_for_text(dir / "err.txt", fmt::format("play: Your move (Red)"), 10));
    click_in_window(v.d, input, v.w, column_point(log, static_cast<int>(col)), 300000);
    clicked.push_back(col);
    plies = wait_for_more(log, plies.size() + 1);
    REQUIRE(plies.size() >= clicked.size() * 2 - 1);
    if (viewer::read_whole_records(log)->finished()) break;
  }
  // The server's log: finished, verified, the clicked columns at Red's plies.
  for (int i = 0; i < 100 && !(fs::exists(server.log_of(game)) && gamehost::read_log(server.log_of(game)).finished());
       ++i)
    usleep(100000);
  const gamehost::GameLog served = gamehost::read_log(server.log_of(game));
  REQUIRE(served.finished());
  std::vector<std::uint32_t> reds;
  for (const auto& ply : served.record.plies())
    if (ply.player() == 0) reds.push_back(ply.action_id());
  CHECK(reds == clicked);
  const client_test::Ran verified = client_test::run_gamehost({"verify", server.log_of(game).string()});
  INFO(verified.out);
  CHECK(verified.status == 0);
  // The viewer's own log is the same game, to the result.
  const gamehost::GameLog mirrored = gamehost::read_log(log);
  REQUIRE(mirrored.finished());
  CHECK(mirrored.record.plies_size() == served.record.plies_size());
  CHECK(plies_of(log) == [&] {
    std::vector<std::uint32_t> all;
    for (const auto& ply : served.record.plies()) all.push_back(ply.action_id());
    return all;
  }());
  CHECK(mirrored.record.result().result() == served.record.result().result());
  usleep(500000);
  quit(v, input, dir);
  const std::string err = read_file(dir / "err.txt");
  CHECK(err.find("replay-viewer: play: Game over: " + served.record.result().result()) != std::string::npos);
}

TEST_CASE("--connect: an Alien City seat beside a bot; a click reaches the server; the clocks tick in the panel",
          "[connect][window]") {
  const auto dir = temp_dir("connect-alien");
  client_test::Server server("viewer-connect-alien");
  const fs::path log = dir / "ac.ghlog";
  const Viewer v =
      start_viewer(dir, server.url(), {"alien_city", "--player2", "open", "--seed", "5", "--time", "5+0"}, log);
  const FakeInput input = load_fake_input();
  const std::string game = game_id_in(dir / "err.txt");
  CHECK(wait_for_text(dir / "err.txt", "replay-viewer: play: Waiting for a player to take White (open)", 10));
  client_test::Process bot(
      {"bot", "--server", server.url(), "--agent", "random", "--accept", "alien_city", "--games", "1"});
  REQUIRE(wait_for_text(dir / "err.txt", "replay-viewer: play: Your move (Black): click the board"));
  // A spot of the board with a legal move there, in the position shown
  // (several: the first, with key 1).
  const std::size_t before = plies_of(log).size();
  auto session = viewer::ReplaySession::open(log, {});
  gamehost::v1::ViewOptions view;
  view.set_hit_actions(true);
  gamehost::v1::Scene scene;
  session->render(session->plies(), view, scene);
  const gamehost::v1::HitArea* hit = nullptr;
  for (const auto& h : scene.hits())
    if (h.actions_size() >= 1) {
      hit = &h;
      break;
    }
  REQUIRE(hit);
  const auto& r = hit->rect();
  click_in_window(v.d, input, v.w, viewer::board_transform(scene).map(r.x() + r.width() / 2, r.y() + r.height() / 2),
                  300000);
  if (hit->actions_size() > 1) {
    REQUIRE(wait_for_text(dir / "err.txt", "play: Several moves here, press a key: 1: ", 10));
    tap_key(v.d, input, XK_1, 300000);
  }
  // On the server: its log holds the move as the ply after those shown.
  const fs::path served = server.log_of(game);
  std::vector<std::uint32_t> on_server;
  for (int i = 0; i < 200 && on_server.size() <= before; ++i, usleep(50000)) on_server = plies_of(served);
  REQUIRE(on_server.size() > before);
  CHECK(on_server[before] == hit->actions(0));
  // The viewer's log follows the server's, the move in it.
  const auto mirrored = wait_for_plies(log, before + 1);
  REQUIRE(mirrored.size() >= before + 1);
  const auto served_now = plies_of(served);
  REQUIRE(served_now.size() >= mirrored.size());
  CHECK(std::equal(mirrored.begin(), mirrored.end(), served_now.begin()));
  // The clocks in the panel's message, said with it: both at 5:00 while
  // the game waits for its open seat, then Black's running.
  const std::string err = read_file(dir / "err.txt");
  INFO(err);
  CHECK(err.find("play: Waiting for a player to take White (open)   Clocks: Black 5:00, White 5:00\n") !=
        std::string::npos);
  CHECK(std::regex_search(err, std::regex("play: Your move \\(Black\\): click the board   Clocks: Black [45]:\\d\\d "
                                          "\\(running\\), White 5:00\n")));
  // T: no hint, the creator did not allow them. Ctrl+R asks, Ctrl+R again
  // resigns: the server ends the game, and the window says so.
  point_at_panel(v, input);
  tap_key(v.d, input, XK_t, 300000);
  CHECK(wait_for_text(dir / "err.txt", "play: No hints in this game: its creator did not allow them", 5));
  tap_ctrl_key(v.d, input, XK_r, 300000);
  CHECK(wait_for_text(dir / "err.txt", "play: Resign? Ctrl+R again resigns, any other key goes on playing", 5));
  tap_ctrl_key(v.d, input, XK_r, 300000);
  CHECK(wait_for_text(dir / "err.txt", "play: Game over: Black resigned", 10));
  for (int i = 0; i < 100 && !gamehost::read_log(served).finished(); ++i) usleep(100000);
  const gamehost::GameLog ended = gamehost::read_log(served);
  REQUIRE(ended.finished());
  CHECK(ended.record.result().forfeit().seat() == 0);
  CHECK(ended.record.result().forfeit().reason() == "resigned");
  const gamehost::GameLog mine = gamehost::read_log(log);
  REQUIRE(mine.finished());
  CHECK(mine.record.result().forfeit().reason() == "resigned");
  quit(v, input, dir);
}

TEST_CASE("--connect: a seat that lets its clock run out loses on time, as the server says", "[connect][window]") {
  const auto dir = temp_dir("connect-time");
  client_test::Server server("viewer-connect-time");
  const std::string game = create_short_clock_game(server.url());
  const fs::path log = dir / "t.ghlog";
  const Viewer v = start_viewer(dir, server.url(), {game, "--seat", "1"}, log);
  const FakeInput input = load_fake_input();
  REQUIRE(wait_for_text(dir / "err.txt", "play: Your move (Red): click the board   Clocks: Red "));
  // Nobody clicks: the server ends the game on time.
  REQUIRE(wait_for_text(dir / "err.txt", "play: Game over: Red lost on time", 15));
  for (int i = 0; i < 100 && !gamehost::read_log(server.log_of(game)).finished(); ++i) usleep(100000);
  const gamehost::GameLog served = gamehost::read_log(server.log_of(game));
  REQUIRE(served.finished());
  CHECK(served.record.result().forfeit().reason() == "time");
  const gamehost::GameLog mine = gamehost::read_log(log);
  REQUIRE(mine.finished());
  CHECK(mine.record.result().result() == served.record.result().result());
  CHECK(mine.record.result().forfeit().reason() == "time");
  // The clock that ran out reads 0.
  CHECK(read_file(dir / "err.txt").find("play: Game over: Red lost on time   Clocks: Red 0:00.0, Yellow 0:02.0\n") !=
        std::string::npos);
  quit(v, input, dir);
}

TEST_CASE("--connect: the server killed and restarted mid-game, the viewer reconnects and plays on",
          "[connect][window]") {
  const auto dir = temp_dir("connect-restart");
  auto server = std::make_unique<client_test::Server>("viewer-connect-restart");
  const std::string url = server->url();
  const std::string port = url.substr(url.rfind(':') + 1);
  const fs::path data = server->data();
  const fs::path log = dir / "r.ghlog";
  const Viewer v = start_viewer(dir, url, {"connect_four", "--player2", "random", "--seed", "2"}, log);
  const FakeInput input = load_fake_input();
  const std::string game = game_id_in(dir / "err.txt");
  REQUIRE(wait_for_text(dir / "err.txt", "play: Your move (Red): click the board"));
  click_in_window(v.d, input, v.w, column_point(log, 0), 300000);
  REQUIRE(wait_for_plies(log, 2).size() == 2);
  server->process().kill9();
  REQUIRE(wait_for_text(dir / "err.txt", "; reconnecting. Your move (Red): click the board", 10));
  // The same port and data: the game resumes from its log, the viewer takes its seat up again.
  client_test::Process again({"serve", "--port", port, "--data", data.string()});
  again.wait_for("Resumed game " + game, std::chrono::seconds(30));
  REQUIRE(wait_for_text(dir / "err.txt", "play: reconnected to ws://", 30));
  click_in_window(v.d, input, v.w, column_point(log, 1), 300000);
  const auto plies = wait_for_plies(log, 4);
  REQUIRE(plies.size() == 4);
  CHECK(plies[0] == 0);
  CHECK(plies[2] == 1);
  const auto served = plies_of(data / "games" / (game + ".ghlog"));
  CHECK(served == plies);
  // The server gone for good: Q still ends the viewer at once, not after
  // the client's 30 s of reconnecting.
  const auto drops = [&] {
    const std::string err = read_file(dir / "err.txt");
    int n = 0;
    for (auto at = err.find("; reconnecting. "); at != std::string::npos; at = err.find("; reconnecting. ", at + 1))
      ++n;
    return n;
  };
  const int before_kill = drops();
  again.kill9();
  for (int i = 0; i < 100 && drops() == before_kill; ++i) usleep(100000);
  REQUIRE(drops() > before_kill);
  tap_key(v.d, input, XK_q, 0);
  CHECK(wait_for(v.pid, 3) == 0);
}

TEST_CASE("--connect with an invite link: a person at the terminal and one in the window play each other",
          "[connect][window]") {
  const auto dir = temp_dir("connect-invite");
  client_test::Server server("viewer-connect-invite");
  client_test::Process ann(
      {"play", "--connect", server.url(), "connect_four", "--player2", "invite", "--name", "ann", "--no-color"});
  const std::string link = ann.wait_for(R"(Invite for Yellow: (http://\S+#join=\S+))")[1];
  const std::string game = ann.wait_for("Created Connect Four game ([0-9a-f]+)")[1];
  const fs::path log = dir / "i.ghlog";
  const Viewer v = start_viewer(dir, link, {}, log);
  const FakeInput input = load_fake_input();
  // Ann moves at the terminal; the window shows it, then the viewer answers by a click.
  REQUIRE(wait_for_text(dir / "err.txt", "play: Red (ann) is thinking", 10));
  ann.wait_for("Red> ");
  ann.write_line("d");
  REQUIRE(wait_for_plies(log, 1) == std::vector<std::uint32_t>{3});
  REQUIRE(wait_for_text(dir / "err.txt", "play: Your move (Yellow): click the board", 10));
  click_in_window(v.d, input, v.w, column_point(log, 0), 300000);
  const std::vector<std::uint32_t> both{3, 0};
  CHECK(wait_for_plies(log, 2) == both);
  ann.wait_for("Ply 2: Yellow a");
  CHECK(plies_of(server.log_of(game)) == both);
  quit(v, input, dir);
  CHECK(read_file(dir / "err.txt").find(fmt::format("connect_four game {} on {}, your seat: 2", game, link)) !=
        std::string::npos);
}

TEST_CASE("--connect --watch: the moves of a game in play come to the window", "[connect][window]") {
  const auto dir = temp_dir("connect-watch");
  client_test::Server server("viewer-connect-watch");
  // Two server engines slow enough to be watched.
  client_test::Process creator({"play", "--connect", server.url(), "connect_four", "--player1", "mcts:time=0.4",
                                "--player2", "mcts:time=0.4", "--no-color"});
  const std::string game = creator.wait_for("Created Connect Four game ([0-9a-f]+)")[1];
  const fs::path log = dir / "w.ghlog";
  const Viewer v = start_viewer(dir, server.url(), {game, "--watch"}, log);
  const FakeInput input = load_fake_input();
  const std::size_t first = plies_of(log).size();
  const auto later = wait_for_plies(log, first + 3);
  REQUIRE(later.size() >= first + 3);
  const auto served = plies_of(server.log_of(game));
  REQUIRE(served.size() >= later.size());
  CHECK(std::equal(later.begin(), later.end(), served.begin()));
  // A click on the board plays nothing: moves are for the seats.
  click_in_window(v.d, input, v.w, column_point(log, 3), 300000);
  quit(v, input, dir);
  const std::string err = read_file(dir / "err.txt");
  INFO(err);
  CHECK(err.find("replay-viewer: play: Watching: ") != std::string::npos);
  CHECK(err.find("replay-viewer: play: You are watching: moves are for the seats") != std::string::npos);
  CHECK(err.find(fmt::format("connect_four game {} on {}, watching", game, server.url())) != std::string::npos);
}

TEST_CASE("--connect refuses what it cannot play, each with its reason and exit status", "[connect][cli]") {
  const auto dir = temp_dir("connect-refused");
  client_test::Server server("viewer-connect-refused");
  const std::string out = (dir / "never.ghlog").string();
  struct Case {
    std::vector<std::string> args;
    int status;
    std::string says;
  };
  const std::vector<Case> cases = {
      {{"--connect", "http://127.0.0.1:1", "connect_four", "--out", out},
       1,
       "replay-viewer: error: cannot connect to ws://127.0.0.1:1/ws: "},
      {{"--connect", server.url(), "0123456789ab", "--out", out},
       1,
       "replay-viewer: error: ws://" + server.url().substr(7) +
           "/ws: no game '0123456789ab' there (a game id to join "
           "or watch, or a game to create: alien_city, city_planning, connect_four"},
      {{"--connect", server.url(), "0123456789ab", "--watch", "--out", out}, 1, "no game '0123456789ab' there"},
      {{"--connect", server.url(), "city_planning", "--out", out},
       1,
       "replay-viewer: error: City Planning has hidden information: the viewer shows a server's game through a log "
       "of it, which would hold what your seat may not see. Play it in the browser (" +
           server.url() + "/) or at the terminal (gamehost play --connect " + server.url() + " …)\n"},
      {{"--connect", server.url(), "--out", out}, 2, "replay-viewer: --connect: give a GAME to create"},
      {{"--connect", server.url(), "connect_four", "--time", "fast", "--out", out}, 1, "--time 'fast': expected"},
      {{"--connect", "ftp://x", "connect_four"}, 1, "--connect 'ftp://x'"},
      {{"--connect", server.url(), "connect_four", "--against", "random"},
       2,
       "replay-viewer: --connect: not with --against\n"},
      {{"--connect", server.url(), "connect_four", "--screenshot", out + ".png"},
       2,
       "--connect: not with --screenshot"},
      {{"--watch", sample("seed-1.ghlog")}, 2, "replay-viewer: --watch: only with --connect\n"},
      {{"--play", "connect_four", "--against", "random", "--player2", "random"}, 2, "--player2: only with --connect"},
  };
  for (const auto& c : cases) {
    const Run r = run_viewer(c.args);
    INFO(fmt::format("{}", fmt::join(c.args, " ")) << "\nstderr: " << r.err);
    CHECK(r.exit_code == c.status);
    CHECK(r.err.find(c.says) != std::string::npos);
    CHECK_FALSE(fs::exists(out));
  }
  // Nothing was created on the server for the refused City Planning game.
  const bool games_made = fs::exists(server.data() / "games") && !fs::is_empty(server.data() / "games");
  CHECK_FALSE(games_made);
}
