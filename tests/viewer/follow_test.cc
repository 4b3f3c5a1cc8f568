// replay-viewer --follow (docs/teaching.md, "A live board"): the real
// viewer follows a log while the real gamehost plays the game into it. The
// viewer starts first and waits for the file, so a lock of any kind on its
// side would make the writer fail; headless, it writes the panel of every
// ply as it arrives.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <sstream>

#include "viewer/teaching/follow.h"
#include "gamehost/records/game_log.h"
#include "viewer/view/replay_view.h"
#include "viewer_test_support.h"

using namespace viewer_test;

namespace {

struct Block {
  int ply = -1, of = -1;
  std::vector<std::string> moves;  // the Moves rows' notation, in order
  std::string status;
};

// The dump's blocks: "# ply P of N" then the panel (tab-separated rows).
std::vector<Block> blocks_of(const std::string& dump) {
  std::vector<Block> out;
  std::istringstream in(dump);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("# ply ", 0) == 0) {
      Block b;
      REQUIRE(std::sscanf(line.c_str(), "# ply %d of %d", &b.ply, &b.of) == 2);
      out.push_back(b);
      continue;
    }
    REQUIRE(!out.empty());
    std::vector<std::string> cells;
    std::istringstream row(line);
    for (std::string cell; std::getline(row, cell, '\t');) cells.push_back(cell);
    if (cells.size() >= 4 && cells[0] == "Moves") out.back().moves.push_back(cells[3]);
  }
  return out;
}

}  // namespace

TEST_CASE("following: --follow shows every ply of a game being played, in order, and never blocks it", "[unit]") {
  const auto dir = temp_dir("follow");
  const auto log = dir / "live.ghlog", dump = dir / "panel.tsv";
  std::filesystem::remove(log);
  const int viewer = spawn(VIEWER_BIN, {"--follow", log.string(), "--dump-panel", dump.string(), "--idle-exit", "60"},
                           dir / "viewer.out", dir / "viewer.err");
  // A slow player: a ply every tenth of a second or so, while the viewer reads.
  const int writer = spawn(GAMEHOST_BIN, {"play", "alien_city", "--player1", "mcts:time=0.1", "--player2", "greedy",
                                          "--seed", "5", "--out", log.string(), "-q"},
                           dir / "writer.out", dir / "writer.err");
  const int written = wait_for(writer, 120);
  INFO("writer: " << read_file(dir / "writer.err"));
  CHECK(written == 0);  // never refused, never made to wait for a lock
  const int followed = wait_for(viewer, 60);
  INFO("viewer: " << read_file(dir / "viewer.err"));
  REQUIRE(followed == 0);
  const gamehost::GameLog whole = gamehost::read_log(log);
  REQUIRE(whole.finished());
  const int plies = whole.record.plies_size();
  std::vector<std::string> notation;
  for (const auto& p : whole.record.plies()) notation.push_back(p.notation());
  const auto blocks = blocks_of(read_file(dump));
  // Every ply from the start to the end, once each and in order.
  REQUIRE(blocks.size() == static_cast<std::size_t>(plies + 1));
  for (int i = 0; i <= plies; ++i) {
    INFO("block " << i);
    CHECK(blocks[i].ply == i);
    CHECK(blocks[i].of >= i);
    CHECK(blocks[i].of <= plies);
    // Nothing half-read: the moves known then are exactly the first ones
    // of the finished log.
    REQUIRE(blocks[i].moves.size() == static_cast<std::size_t>(blocks[i].of));
    for (std::size_t k = 0; k < blocks[i].moves.size(); ++k)
      CHECK(blocks[i].moves[k].find(notation[k]) != std::string::npos);
  }
  CHECK(blocks.back().of == plies);
  // Read while it was written (a ply a tenth of a second for the mcts seat,
  // the viewer reading every tenth): many reads, not one at the end.
  std::set<int> reads;
  for (const Block& b : blocks) reads.insert(b.of);
  CHECK(reads.size() >= 5);
}

TEST_CASE("following: --follow refuses what it cannot show live", "[unit]") {
  const Run r = run_viewer({"--follow", sample("seed-1.ghlog"), "--ply", "3", "--dump-panel", "-"});
  CHECK(r.exit_code == 2);
  CHECK(r.err ==
        "replay-viewer: --follow shows the newest ply as it comes: not with --ply, --frames, --gif or --webp\n");
}

TEST_CASE("following: --follow shows an unfinished game with hidden information only as one seat", "[unit]") {
  // City Planning's hands are hidden: the first 20 plies of a sample, cut
  // at a record boundary, are a game still being played.
  const std::string sample_log = sample("city_planning-seed-1.ghlog");
  const gamehost::GameLog whole = gamehost::read_log(sample_log);
  REQUIRE(whole.record.plies_size() > 21);
  const auto dir = temp_dir("follow-hidden");
  const auto log = dir / "unfinished.ghlog";
  write_file(log, read_file(sample_log).substr(0, whole.ply_offsets[20]));
  const Run refused = run_viewer({"--follow", log.string(), "--dump-panel", "-", "--idle-exit", "0.3"});
  CHECK(refused.exit_code == 1);
  CHECK(refused.err == "replay-viewer: error: " + log.string() +
                           ": a game with hidden information is followed only as one seat sees it while it is "
                           "played: add --as SEAT\n");
  const Run seat = run_viewer({"--follow", log.string(), "--as", "1", "--dump-panel", "-", "--idle-exit", "0.3"});
  INFO(seat.err);
  CHECK(seat.exit_code == 0);
  CHECK(seat.out.rfind("# ply 0 of 20\n", 0) == 0);
  CHECK(seat.out.find("# ply 20 of 20\n") != std::string::npos);
}

TEST_CASE("the window's follower steps through each new ply in turn and never reads half a record", "[pixels]") {
  require_display();
  // seed-1 written in three goes: 10 plies, then 3 more with half of the
  // 14th, then the rest.
  const std::string sample_log = sample("seed-1.ghlog");
  const std::string bytes = read_file(sample_log);
  const gamehost::GameLog whole = gamehost::read_log(sample_log);
  const auto dir = temp_dir("follow-window");
  const auto log = dir / "growing.ghlog";
  write_file(log, bytes.substr(0, whole.ply_offsets[10]));
  auto first = viewer::read_whole_records(log);
  REQUIRE(first);
  auto session = viewer::ReplaySession::open_log(std::move(*first), log, {});
  viewer::ReplayView view(*session, test_font());
  view.go_to(session->plies(), false);
  viewer::Follower follower(viewer::LiveLog(log), 0.2f);
  CHECK_FALSE(follower.tick(*session, view, 0.25f));  // the first read: nothing new
  const std::size_t half = (whole.ply_offsets[13] + whole.ply_offsets[14]) / 2;
  write_file(log, bytes.substr(0, half));
  CHECK_FALSE(follower.tick(*session, view, 0.1f));  // not yet time to read
  CHECK(follower.tick(*session, view, 0.1f));         // read: plies 11 to 13, the half record left
  CHECK(session->plies() == 13);
  std::vector<int> shown{view.ply()};
  for (int i = 0; i < 6; ++i) {
    view.finish();  // the animation of the last step ends
    follower.tick(*session, view, 0.01f);
    if (view.ply() != shown.back()) shown.push_back(view.ply());
  }
  CHECK(shown == std::vector<int>{11, 12, 13});
  write_file(log, bytes);
  CHECK(follower.tick(*session, view, 0.3f));
  CHECK(session->finished());
  CHECK(session->plies() == whole.record.plies_size());
  CHECK(view.ply() == 14);  // one step at a time, from where it was
}

TEST_CASE("following: --follow DIR lists a tournament's games as they are played, to the results", "[unit]") {
  const auto dir = temp_dir("follow-dir");
  const auto folder = dir / "club", dump = dir / "table.tsv";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  const int viewer = spawn(VIEWER_BIN, {"--follow", folder.string(), "--dump-panel", dump.string(), "--idle-exit", "60"},
                           dir / "viewer.out", dir / "viewer.err");
  const int writer = spawn(GAMEHOST_BIN, {"tournament", "alien_city", "--agents", "mcts:time=0.05,greedy", "--games", "2",
                                          "--jobs", "1", "--seed", "3", "--out", folder.string()},
                           dir / "writer.out", dir / "writer.err");
  const int written = wait_for(writer, 120);
  INFO("writer: " << read_file(dir / "writer.err"));
  CHECK(written == 0);
  const int followed = wait_for(viewer, 60);
  INFO("viewer: " << read_file(dir / "viewer.err"));
  REQUIRE(followed == 0);
  // The updates: "# update N", then one row per game: game, name, plies,
  // playing|finished, players, result.
  std::vector<std::vector<std::vector<std::string>>> updates;
  std::istringstream in(read_file(dump));
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("# update ", 0) == 0) {
      updates.emplace_back();
      continue;
    }
    REQUIRE(!updates.empty());
    std::vector<std::string> cells;
    std::istringstream row(line);
    for (std::string cell; std::getline(row, cell, '\t');) cells.push_back(cell);
    REQUIRE(cells.size() >= 5);
    updates.back().push_back(cells);
  }
  REQUIRE(updates.size() >= 3);
  bool seen_playing = false;
  std::map<std::string, int> plies;  // a game's plies never go back
  for (const auto& u : updates)
    for (const auto& row : u) {
      if (row[3] == "playing") seen_playing = true;
      CHECK(std::stoi(row[2]) >= plies[row[1]]);
      plies[row[1]] = std::stoi(row[2]);
    }
  CHECK(seen_playing);
  // The last update: every game finished, with its log's result.
  const auto& last = updates.back();
  std::size_t logs = 0;
  for (const auto& e : std::filesystem::directory_iterator(folder / "games"))
    if (e.path().extension() == ".ghlog") ++logs;
  REQUIRE(last.size() == logs);
  for (const auto& row : last) {
    const gamehost::GameLog log = gamehost::read_log(folder / "games" / row[1]);
    CHECK(row[2] == std::to_string(log.record.plies_size()));
    CHECK(row[3] == "finished");
    REQUIRE(row.size() == 6);
    CHECK(row[5] == log.record.result().result());
  }
}

TEST_CASE("following: --follow DIR --screenshot draws the grid of a tournament's boards", "[cli]") {
  require_display();
  const auto dir = temp_dir("follow-grid");
  const auto folder = dir / "club";
  std::filesystem::remove_all(folder);
  REQUIRE(run(GAMEHOST_BIN, {"tournament", "alien_city", "--agents", "greedy,random", "--games", "2", "--seed", "4",
                             "--out", folder.string()})
              .exit_code == 0);
  const Run r = run_viewer({"--follow", folder.string(), "--screenshot", (dir / "grid.png").string()});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  sf::Image image;
  REQUIRE(image.loadFromFile((dir / "grid.png").string()));
  CHECK(image.getSize() == sf::Vector2u(1280, 800));
  // Two boards side by side: each board's wooden frame is the scene's, so
  // the left and the right half both hold board pixels (not background).
  const sf::Color background(0x23, 0x26, 0x2d);
  int left = 0, right = 0;
  for (unsigned y = 100; y < 450; y += 10)
    for (unsigned x = 40; x < 770; x += 10)
      if (image.getPixel(x, y) != background) ++(x < 400 ? left : right);
  CHECK(left > 500);
  CHECK(right > 500);
  const Run log = run_viewer({"--follow", sample("seed-1.ghlog"), "--screenshot", (dir / "x.png").string()});
  CHECK(log.exit_code == 2);
}

// Long agent specs make long game names (issue 43: two board titles ran
// into each other and into the table's heading). Each title stays inside
// its board's cell: the last pixels before the next cell (or the table)
// are background on the title's rows.
TEST_CASE("following: --follow DIR keeps long game names inside their boards' cells", "[cli]") {
  require_display();
  const auto dir = temp_dir("follow-grid-names");
  const auto folder = dir / "club";
  std::filesystem::remove_all(folder);
  REQUIRE(run(GAMEHOST_BIN, {"tournament", "alien_city", "--agents", "greedy:seed=111111111111,random:seed=222222222222",
                             "--games", "2", "--seed", "4", "--out", folder.string()})
              .exit_code == 0);
  const Run r = run_viewer({"--follow", folder.string(), "--screenshot", (dir / "grid.png").string()});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  sf::Image image;
  REQUIRE(image.loadFromFile((dir / "grid.png").string()));
  REQUIRE(image.getSize() == sf::Vector2u(1280, 800));
  // Two games: two cells of (1280 - 460 - 16) / 2 = 402 pixels from x = 8,
  // the table from x = 820; the titles on the rows y = 8..30.
  const sf::Color background(0x23, 0x26, 0x2d);
  for (const unsigned edge : {8u + 402u, 8u + 2 * 402u}) {
    int text = 0;
    for (unsigned y = 8; y < 30; ++y)
      for (unsigned x = edge - 6; x < edge; ++x)
        if (image.getPixel(x, y) != background) ++text;
    INFO("the strip left of x = " << edge);
    CHECK(text == 0);
  }
}
