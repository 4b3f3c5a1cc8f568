// replay-viewer as a program: the headless modes (under Xvfb, tests/with_xvfb.sh),
// the clear errors for a corrupted log, no display and no font.
#include <catch2/catch.hpp>

#include <SFML/Graphics/Image.hpp>

#include <algorithm>
#include <filesystem>
#include <fmt/core.h>

#include "gamehost/records/game_log.h"
#include "viewer_test_support.h"

using namespace viewer_test;
namespace fs = std::filesystem;

namespace {

int plies_of(const std::string& log) { return gamehost::read_log(log).record.plies_size(); }

// The error line without the program's own prefix.
std::string message(const std::string& err, const std::string& prefix) {
  std::string line = err.substr(0, err.find('\n'));
  if (line.rfind(prefix, 0) == 0) line.erase(0, prefix.size());
  return line;
}

}  // namespace

TEST_CASE("--frames writes one PNG per ply, from the start to the end", "[cli][long]") {
  const auto dir = temp_dir("frames") / "out";
  const std::string log = sample("seed-3.ghlog");
  const Run r = run_viewer({log, "--frames", dir.string(), "--size", "320x200"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir)) files += e.path().extension() == ".png";
  CHECK(files == plies_of(log) + 1);
  sf::Image last;
  REQUIRE(last.loadFromFile((dir / fmt::format("ply-{:03}.png", plies_of(log))).string()));
  CHECK(last.getSize() == sf::Vector2u(320, 200));
}

TEST_CASE("--screenshot renders one frame of the asked size and exits 0", "[cli]") {
  const auto out = temp_dir("shot") / "shot.png";
  const Run r = run_viewer({sample("seed-1.ghlog"), "--ply", "20", "--screenshot", out.string(), "--size", "800x500",
                            "--select", "B2", "--overlay", "all"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());
  sf::Image image;
  REQUIRE(image.loadFromFile(out.string()));
  CHECK(image.getSize() == sf::Vector2u(800, 500));
}

TEST_CASE("a corrupted log exits non-zero with the same message as gamehost verify", "[cli]") {
  const auto dir = temp_dir("corrupt");
  std::string bytes = read_file(sample("seed-2.ghlog"));
  SECTION("a flipped byte inside a ply") { bytes[bytes.size() / 2] ^= 0x20; }
  SECTION("a truncated file") { bytes.resize(bytes.size() - 7); }
  const auto log = (dir / "bad.ghlog").string();
  write_file(log, bytes);
  const Run verify = run(GAMEHOST_BIN, {"verify", log});
  REQUIRE(verify.exit_code != 0);
  const std::string expected = message(verify.err, "gamehost: error: ");
  REQUIRE(!expected.empty());
  for (const auto& args : {std::vector<std::string>{log, "--screenshot", (dir / "x.png").string()},
                           std::vector<std::string>{log, "--dump-panel", "-"}}) {
    const Run r = run_viewer(args);
    INFO(r.err);
    CHECK(r.exit_code == 1);
    CHECK(message(r.err, "replay-viewer: error: ") == expected);
    CHECK_FALSE(fs::exists(dir / "x.png"));
  }
}

TEST_CASE("without a display the viewer says so in one line and exits 3", "[cli]") {
  const auto out = (temp_dir("nodisplay") / "x.png").string();
  for (const auto& env : {std::vector<std::string>{"DISPLAY"}, std::vector<std::string>{"DISPLAY=:4711"}}) {
    INFO(env[0]);
    const Run r = run_viewer({sample("seed-1.ghlog"), "--screenshot", out}, env);
    CHECK(r.exit_code == 3);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::StartsWith("replay-viewer: no display: "));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK_THAT(r.err, Catch::Contains("xvfb-run -a"));
  }
  // The panel dump needs no display.
  const Run dump = run_viewer({sample("seed-1.ghlog"), "--dump-panel", "-"}, {"DISPLAY"});
  CHECK(dump.exit_code == 0);
  CHECK_THAT(dump.out, Catch::Contains("\tstatus\t"));
}

TEST_CASE("a missing font is a clear error before anything is drawn", "[cli]") {
  const Run r = run_viewer({sample("seed-1.ghlog"), "--screenshot", "x.png"}, {"GAMEHOST_FONT=/nonexistent/font.ttf"});
  CHECK(r.exit_code == 4);
  CHECK(r.err == "replay-viewer: font not found: /nonexistent/font.ttf (from $GAMEHOST_FONT)\n");
  const auto notfont = temp_dir("font") / "font.ttf";
  write_file(notfont, "not a font at all");
  const Run bad = run_viewer({sample("seed-1.ghlog"), "--screenshot", "x.png", "--font", notfont.string()});
  CHECK(bad.exit_code == 4);
  CHECK_THAT(bad.err, Catch::StartsWith("replay-viewer: not a TrueType/OpenType font: "));
}

TEST_CASE("bad command lines exit 2 with the reason", "[cli]") {
  CHECK(run_viewer({sample("seed-1.ghlog"), "--size", "12x12", "--screenshot", "x.png"}).exit_code == 2);
  const Run overlay = run_viewer({sample("seed-1.ghlog"), "--overlay", "roads", "--dump-panel", "-"});
  CHECK(overlay.exit_code == 2);
  CHECK_THAT(overlay.err, Catch::Contains("unknown overlay 'roads'"));
  const Run ply = run_viewer({sample("seed-1.ghlog"), "--ply", "999", "--dump-panel", "-"});
  CHECK(ply.exit_code == 1);
  CHECK_THAT(ply.err, Catch::Contains("no ply 999"));
}

TEST_CASE("--dump-panel of the seed's scoring position reads 89 and 66", "[cli][seed]") {
  const auto dir = temp_dir("seed-cli");
  const auto log = (dir / "seed-scoring.ghlog").string();
  write_position_log(seed_position_file(), log);
  const Run r = run_viewer({log, "--select", "E3", "--dump-panel", "-"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("\ttotal.White\t89\tWhite total: 89"));
  CHECK_THAT(r.out, Catch::Contains("\ttotal.Black\t66\tBlack total: 66"));
  CHECK_THAT(r.out, Catch::Contains("\tselected.distance\t19\t"));
}

TEST_CASE("an unfinished log is marked as such in the panel", "[cli]") {
  const auto dir = temp_dir("unfinished");
  const std::string bytes = read_file(sample("seed-1.ghlog"));
  const auto log = gamehost::read_log(sample("seed-1.ghlog"));
  const auto cut = (dir / "cut.ghlog").string();
  write_file(cut, bytes.substr(0, log.ply_offsets[20]));  // killed after ply 20
  const Run r = run_viewer({cut, "--ply", "20", "--dump-panel", "-"});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("	ply	20	Ply 20 of 20 (unfinished game)\n"));
  const Run whole = run_viewer({sample("seed-1.ghlog"), "--ply", "20", "--dump-panel", "-"});
  CHECK_THAT(whole.out, Catch::Contains("	ply	20	Ply 20 of 47\n"));
}
