// The real programs on Connect Four, with no change to the host or the
// viewer: `gamehost play` records a game, `gamehost verify` replays it, and
// the replay viewer draws it (pixels read back from a screenshot under
// Xvfb).
#include <catch2/catch.hpp>

#include <SFML/Graphics/Image.hpp>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "gamehost/records/game_log.h"
#include "gamehost/calls/plugin.h"
#include "viewer/view/replay_view.h"

namespace fs = std::filesystem;
namespace pb = gamehost::v1;

namespace {

struct Run {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};

// Runs a command line (our own binaries and test paths, no user input).
Run run(const std::string& command) {
  Run r;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  REQUIRE(pipe != nullptr);
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, pipe)) r.output.append(buf, n);
  const int status = ::pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

fs::path temp_dir(const std::string& name) {
  const fs::path dir = fs::path(TEST_TMP_DIR) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("gamehost plays, records and verifies a Connect Four game", "[cli]") {
  const fs::path dir = temp_dir("play");
  const fs::path log = dir / "game.ghlog";
  const Run play = run(std::string(GAMEHOST_BIN) + " play connect_four --player1 random --player2 mcts:iters=2000" +
                       " --seed 7 -q --out " + log.string());
  INFO(play.output);
  REQUIRE(play.exit_code == 0);
  CHECK(play.output.find("Result: ") != std::string::npos);
  const gamehost::GameLog recorded = gamehost::read_log(log);
  CHECK(recorded.record.header().game_id() == "connect_four");
  const int plies = recorded.record.plies_size();
  CHECK(plies >= 7);
  CHECK(plies <= 42);
  const Run verify = run(std::string(GAMEHOST_BIN) + " verify " + log.string());
  INFO(verify.output);
  CHECK(verify.exit_code == 0);
  CHECK(verify.output.find(log.string() + ": OK: connect_four 1.0.0, seed 7, " + std::to_string(plies) +
                           " plies verified") == 0);
  const Run games = run(std::string(GAMEHOST_BIN) + " games");
  CHECK(games.output.find("  connect_four  Connect Four 1.0.0 (interface 2) ") != std::string::npos);
}

TEST_CASE("the replay viewer draws Connect Four's discs in their colours", "[pixels]") {
  const fs::path dir = temp_dir("pixels");
  const fs::path log = dir / "game.ghlog";
  REQUIRE(run(std::string(GAMEHOST_BIN) + " play connect_four --player1 random --player2 random --seed 3 -q --out " +
              log.string())
              .exit_code == 0);
  const gamehost::GameLog recorded = gamehost::read_log(log);
  REQUIRE(recorded.record.plies_size() >= 2);
  const int red_col = static_cast<int>(recorded.record.plies(0).action_id());
  const int yellow_col = static_cast<int>(recorded.record.plies(1).action_id());
  const fs::path png = dir / "ply2.png";
  const Run shot = run(std::string(VIEWER_BIN) + " " + log.string() + " --ply 2 --screenshot " + png.string() +
                       " --size 1280x800");
  INFO(shot.output);
  REQUIRE(shot.exit_code == 0);
  sf::Image image;
  REQUIRE(image.loadFromFile(png.string()));

  // A scene of the game, for the board's place on screen (its bounds are
  // the same in every position).
  auto plugin = gamehost::Plugin::load(CONNECT_FOUR_PLUGIN);
  pb::RenderSceneRequest req;
  req.set_state(recorded.record.header().initial_state());
  pb::RenderSceneResponse resp;
  plugin->call(pb::METHOD_RENDER_SCENE, req, resp);
  const viewer::BoardTransform t = viewer::board_transform(resp.scene());
  const float scale = viewer::pixel_scale_for(image.getSize());
  auto pixel = [&](int col, int row) {
    const sf::Vector2f logical = t.map(col + 0.5f, 6 - 1 - row + 0.5f);
    const float ox = (image.getSize().x - viewer::kLogicalSize.x * scale) / 2;
    const float oy = (image.getSize().y - viewer::kLogicalSize.y * scale) / 2;
    return image.getPixel(static_cast<unsigned>(ox + logical.x * scale), static_cast<unsigned>(oy + logical.y * scale));
  };
  // Red's first disc at the bottom of its column; Yellow's on top of it or
  // at the bottom of its own.
  CHECK(pixel(red_col, 0) == sf::Color(0xd7, 0x26, 0x3d));
  const int yellow_row = yellow_col == red_col ? 1 : 0;
  CHECK(pixel(yellow_col, yellow_row) == sf::Color(0xf4, 0xc4, 0x30));
  // An empty hole above them.
  CHECK(pixel(red_col, 3) == sf::Color(0x10, 0x15, 0x22));
}
