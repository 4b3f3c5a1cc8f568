// replay-viewer --isolate with the test plugin that fails on demand
// (tests/host/fake_plugins/fault_game.cc, GAMEHOST_FAULT=MODE:CALL[:N]):
// a plugin that crashes or hangs, isolated, ends the viewer with a message
// naming the plugin and the call; in its own process it takes the viewer
// down. Headless (--screenshot), under Xvfb (tests/with_xvfb.sh).
#include <catch2/catch.hpp>

#include <SFML/Graphics/Image.hpp>

#include <filesystem>
#include <string>

#include "viewer_test_support.h"

using namespace viewer_test;
namespace fs = std::filesystem;

namespace {

const std::string kPlugins = TEST_PLUGIN_DIR;

// A finished fault_game recorded by the real gamehost (6 plies for seed 1).
fs::path fault_game_log(const fs::path& dir) {
  const auto log = dir / "fault.ghlog";
  const Run r = run(GAMEHOST_BIN, {"--plugins", kPlugins, "play", "fault_game", "--player1", "random", "--player2",
                                   "random", "--seed", "1", "-q", "--out", log.string()},
                    {"GAMEHOST_FAULT"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return log;
}

Run view(const fs::path& log, const fs::path& png, const std::string& fault, std::vector<std::string> extra) {
  std::vector<std::string> args{log.string(), "--plugins", kPlugins, "--screenshot", png.string(), "--size", "320x200"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_viewer(args, {"GAMEHOST_FAULT=" + fault, "GAMEHOST_ISOLATE"});
}

}  // namespace

TEST_CASE("--isolate: the fault plugin draws its scene when nothing fails", "[cli][isolation]") {
  require_display();
  const auto dir = temp_dir("iso-ok");
  const auto png = dir / "ok.png";
  const Run r = view(fault_game_log(dir), png, "none", {"--isolate"});
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  // The board area is the scene's grey background, as the runner sent it.
  sf::Image shot;
  REQUIRE(shot.loadFromFile(png.string()));
  INFO(describe(shot.getPixel(80, 100)));
  CHECK(near(shot.getPixel(80, 100), rgba(0x808080ff)));
}

TEST_CASE("--isolate: a plugin crashing in RenderScene ends the viewer with a clear message", "[cli][isolation]") {
  require_display();
  const auto dir = temp_dir("iso-crash");
  const auto log = fault_game_log(dir);
  const auto png = dir / "crash.png";
  const Run isolated = view(log, png, "crash:renderscene", {"--isolate"});
  CHECK(isolated.exit_code == 1);
  CHECK(isolated.err == "replay-viewer: fault_game: RenderScene: crashed (signal 11, Segmentation fault)\n");
  CHECK_FALSE(fs::exists(png));
  // The same plugin in the viewer's own process takes the viewer with it.
  const Run in_process = view(log, png, "crash:renderscene", {});
  CHECK(in_process.exit_code == 128 + 11);
  CHECK_FALSE(fs::exists(png));
}

TEST_CASE("--isolate: a crash while the log is replayed, an abort and a hang are errors naming the call",
          "[cli][isolation]") {
  require_display();
  const auto dir = temp_dir("iso-kinds");
  const auto log = fault_game_log(dir);
  // A fault while replaying is reported as `gamehost verify` reports it: the
  // file, the ply's byte offset and ply, then the fault. The offset is taken
  // from gamehost's report: it moves with the move times the log records
  // (a time of 0 ms takes no bytes, 1 ms two).
  const Run verify = run(GAMEHOST_BIN, {"--isolate", "--plugins", kPlugins, "verify", log.string()},
                         {"GAMEHOST_FAULT=crash:apply:3", "GAMEHOST_ISOLATE"});
  const std::string prefix = "gamehost: error: " + log.string() + ": byte ";
  const std::string fault_text = ", ply 3: fault_game: Apply: crashed (signal 11, Segmentation fault)\n";
  INFO(verify.err);
  REQUIRE(verify.exit_code == 1);
  REQUIRE(verify.err.rfind(prefix, 0) == 0);
  const std::string offset = verify.err.substr(prefix.size(), verify.err.find(',', prefix.size()) - prefix.size());
  REQUIRE(verify.err == prefix + offset + fault_text);
  CHECK(std::stoi(offset) >= 209);  // at least the header and two plies without times
  const std::pair<const char*, std::string> cases[] = {
      {"crash:apply:3", "replay-viewer: error: " + log.string() + ": byte " + offset + fault_text},
      {"abort:renderscene", "replay-viewer: fault_game: RenderScene: crashed (signal 6, Aborted)\n"},
      {"hang:renderscene", "replay-viewer: fault_game: RenderScene: timed out (no answer within 1 s; stopped)\n"},
  };
  for (const auto& [fault, message] : cases) {
    INFO(fault);
    const auto png = dir / "out.png";
    // Only the hang waits for the timeout: a long one elsewhere keeps a
    // loaded machine from turning the other faults into time-outs.
    const bool hangs = std::string(fault).rfind("hang", 0) == 0;
    const Run r = view(log, png, fault, {"--isolate", "--call-timeout", hangs ? "1" : "60"});
    CHECK(r.exit_code == 1);
    CHECK(r.err == message);
    CHECK_FALSE(fs::exists(png));
  }
}

TEST_CASE("--call-timeout with a bad value is a usage error", "[cli][isolation]") {
  const Run r = run_viewer({"x.ghlog", "--isolate", "--call-timeout", "soon"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "replay-viewer: --call-timeout 'soon': expected seconds above 0 (at most 86400)\n");
}
