// The people's side of a log in the viewer's panel: a game imported from a
// hand-written PPN record by the real `gamehost import` (players, event,
// round, site, date, its comments as notes), shown by the real
// replay-viewer: the exact rows of --dump-panel at plies with and without a
// note, a damaged notes file named in the panel, and real pixels of the
// metadata and the note under Xvfb.
#include <catch2/catch.hpp>

#include <SFML/Graphics/Image.hpp>

#include <cmath>
#include <filesystem>

#include "viewer_test_support.h"

using namespace viewer_test;
namespace fs = std::filesystem;

namespace {

const std::string kFixture = std::string(SOURCE_DIR) + "/tests/host/records/club-game.ppn";

// club-game.ppn imported into a folder of its own.
fs::path club_log(const std::string& name) {
  const fs::path dir = temp_dir(name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path log = dir / "club.ghlog";
  const Run r = run(GAMEHOST_BIN, {"import", "--from", "ppn", kFixture, "--out", log.string()});
  INFO(r.err);
  REQUIRE(r.exit_code == 3);  // a legal, unfinished game
  return log;
}

const std::string kPeople = "Record\tplayers\t\tplayers: Black = Ann Lee, White = Bob Marsh\n"
                            "Record\tevent\t\tevent: Piecepack club night, round 2\n"
                            "Record\tsite\t\tsite: Lyon\n"
                            "Record\tdate\t\tdate: 2024-05-18\n"
                            "Record\tsource\t\tsource: PPN file " + kFixture + "\n";

// The panel's colours for the metadata and for a note (record_panel.cc).
const sf::Color kMeta(0xa8, 0xc4, 0xe0), kNote(0xff, 0xe8, 0x9a);

// Pixels of text in `colour` in the panel's area: the colour itself or its
// antialiased edge on the background (bg + a (colour - bg), a >= 0.5, each
// channel within 6), which no other colour of the panel gives.
int panel_pixels(const sf::Image& image, sf::Color colour) {
  const sf::Color bg = image.getPixel(1264, 400);  // right of the panel's text
  const float d[3] = {float(colour.r) - bg.r, float(colour.g) - bg.g, float(colour.b) - bg.b};
  const float dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  int n = 0;
  for (unsigned y = 8; y < 792; ++y)
    for (unsigned x = 688; x < 1272; ++x) {
      const sf::Color p = image.getPixel(x, y);
      const float q[3] = {float(p.r) - bg.r, float(p.g) - bg.g, float(p.b) - bg.b};
      const float a = (q[0] * d[0] + q[1] * d[1] + q[2] * d[2]) / dd;
      if (a < 0.5f || a > 1.05f) continue;
      bool on_line = true;
      for (int i = 0; i < 3; ++i) on_line = on_line && std::abs(q[i] - a * d[i]) <= 6;
      n += on_line;
    }
  return n;
}

sf::Image screenshot(const std::string& log, int ply, const std::string& name) {
  const fs::path out = temp_dir("record-panel-shots") / name;
  const Run r = run_viewer({log, "--ply", std::to_string(ply), "--screenshot", out.string(), "--size", "1280x800"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  sf::Image image;
  REQUIRE(image.loadFromFile(out.string()));
  REQUIRE(image.getSize() == sf::Vector2u(1280, 800));
  return image;
}

}  // namespace

TEST_CASE("--dump-panel lists the log's people and event, and the note of the shown ply", "[cli]") {
  const std::string log = club_log("record-panel-dump").string();
  const Run at2 = run_viewer({log, "--ply", "2", "--dump-panel", "-"});
  REQUIRE(at2.exit_code == 0);
  CHECK_THAT(at2.out, Catch::Contains("\tselection\t\t\n" + kPeople +
                                      "Record\tnotes\t\tnotes on plies 2, 10\n"
                                      "Record\tnote\t2\tNote (ply 2): A tower in the corner, claimed at once\n"
                                      "Supplies\t"));
  const Run at1 = run_viewer({log, "--ply", "1", "--dump-panel", "-"});
  CHECK_THAT(at1.out, Catch::Contains("\tselection\t\t\n" + kPeople + "Record\tnotes\t\tnotes on plies 2, 10\nSupplies\t"));
  // A note written later with `gamehost annotate` shows at its ply, after
  // the record's own.
  REQUIRE(run(GAMEHOST_BIN, {"annotate", log, "--ply", "10", "Two caps kept for the end"}).exit_code == 0);
  CHECK_THAT(run_viewer({log, "--ply", "10", "--dump-panel", "-"}).out,
             Catch::Contains("Record\tnote\t10\tNote (ply 10): White keeps two caps\n"
                             "Record\tnote\t10\tNote (ply 10): Two caps kept for the end\n"));
  // A game played by agents has no such rows.
  CHECK_THAT(run_viewer({sample("seed-1.ghlog"), "--dump-panel", "-"}).out, !Catch::Contains("Record\t"));
}

TEST_CASE("a damaged notes file is named in the panel; the game is still shown", "[cli]") {
  const std::string log = club_log("record-panel-damaged").string();
  const std::string notes = std::filesystem::path(log).replace_extension(".ghnotes").string();  // the sidecar rule
  write_file(notes, "not notes");
  const Run r = run_viewer({log, "--ply", "2", "--dump-panel", "-"});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains(kPeople + "Record\tnotes\t\tnotes not shown: " + notes +
                                    ": byte 0: not a gamehost notes file (wrong magic)\nSupplies\t"));
}

TEST_CASE("the metadata and the shown ply's note are drawn in the panel", "[pixels]") {
  require_display();
  const std::string log = club_log("record-panel-pixels").string();
  const sf::Image at2 = screenshot(log, 2, "ply-2.png"), at1 = screenshot(log, 1, "ply-1.png");
  const sf::Image agents = screenshot(sample("seed-1.ghlog"), 2, "seed-1.png");
  // The metadata at both plies, none for a game played by agents.
  CHECK(panel_pixels(at1, kMeta) > 1000);
  CHECK(panel_pixels(at2, kMeta) == panel_pixels(at1, kMeta));
  CHECK(panel_pixels(agents, kMeta) == 0);
  // The note only at its ply.
  CHECK(panel_pixels(at2, kNote) > 200);
  CHECK(panel_pixels(at1, kNote) == 0);
  CHECK(panel_pixels(agents, kNote) == 0);
}
