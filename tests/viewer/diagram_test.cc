// `gamehost diagram` (docs/teaching.md): the real gamehost draws the Alien
// City plugin's scenes with cairo. The SVG is valid XML and, rasterized by
// rsvg-convert (Debian's librsvg2-bin), shows the board the replay viewer
// shows (its colours and its texts in the same places); the PDF has the
// pages and the size asked for; print mode keeps every piece apart on a
// greyscale page (CIEDE2000, colour_difference.h).
#include <catch2/catch.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <regex>

#include "colour_difference.h"
#include "gamehost/diagram/painter.h"
#include "gamehost/records/game_log.h"
#include "gamehost/review/review_file.h"
#include "viewer/session/replay_session.h"
#include "viewer_test_support.h"

using namespace viewer_test;
namespace ac = alien_city;
namespace pb = gamehost::v1;

namespace {

// The viewer's board area (viewer/view/replay_view.h, kBoardArea) at 1280x800:
// a diagram of this size maps the scene exactly as the viewer does there.
const sf::Vector2u kBoardOrigin{8, 8};
const std::string kBoardSize = "672x784";

Run diagram(const std::vector<std::string>& args) {
  std::vector<std::string> all{"diagram"};
  all.insert(all.end(), args.begin(), args.end());
  return run(GAMEHOST_BIN, all);
}

sf::Image load(const std::filesystem::path& p) {
  sf::Image image;
  REQUIRE(image.loadFromFile(p.string()));
  return image;
}

// The mean colour of a square of `side` pixels at (x, y).
sf::Color block_mean(const sf::Image& image, unsigned x, unsigned y, unsigned side) {
  unsigned r = 0, g = 0, b = 0;
  for (unsigned dy = 0; dy < side; ++dy)
    for (unsigned dx = 0; dx < side; ++dx) {
      const sf::Color c = image.getPixel(x + dx, y + dy);
      r += c.r, g += c.g, b += c.b;
    }
  const unsigned n = side * side;
  return sf::Color(static_cast<sf::Uint8>(r / n), static_cast<sf::Uint8>(g / n), static_cast<sf::Uint8>(b / n));
}

struct Agreement {
  double median = 0;       // CIEDE2000 of the median block
  double share_apart = 0;  // blocks more than kBlockApart apart
};
constexpr unsigned kBlock = 8;
constexpr double kBlockApart = 10;

// The diagram against the viewer's board, block by block: a wrong colour
// or a text a few pixels off changes the mean of its blocks.
Agreement compare(const sf::Image& drawn, const sf::Image& viewer, sf::Vector2u origin) {
  std::vector<double> de;
  for (unsigned y = 0; y + kBlock <= drawn.getSize().y; y += kBlock)
    for (unsigned x = 0; x + kBlock <= drawn.getSize().x; x += kBlock)
      de.push_back(ciede2000(lab(block_mean(drawn, x, y, kBlock)),
                             lab(block_mean(viewer, origin.x + x, origin.y + y, kBlock))));
  std::sort(de.begin(), de.end());
  Agreement a;
  a.median = de[de.size() / 2];
  a.share_apart = static_cast<double>(de.end() - std::upper_bound(de.begin(), de.end(), kBlockApart)) / de.size();
  return a;
}

// Counts the page objects and reads every MediaBox of a PDF cairo wrote
// (its object dictionaries are plain text).
struct PdfPages {
  int pages = 0;
  std::vector<std::pair<double, double>> sizes;
};
PdfPages pdf_pages(const std::string& bytes) {
  PdfPages p;
  const std::regex page(R"(/Type\s*/Page[^s])");
  p.pages = static_cast<int>(std::distance(std::sregex_iterator(bytes.begin(), bytes.end(), page), std::sregex_iterator()));
  const std::regex box(R"(/MediaBox\s*\[\s*0\s+0\s+([0-9.]+)\s+([0-9.]+)\s*\])");
  for (auto it = std::sregex_iterator(bytes.begin(), bytes.end(), box); it != std::sregex_iterator(); ++it)
    p.sizes.push_back({std::stod((*it)[1]), std::stod((*it)[2])});
  return p;
}

}  // namespace

TEST_CASE("an SVG diagram is XML and rasterizes to the viewer's board", "[cli]") {
  require_display();
  const std::string log = sample("seed-2.ghlog");
  const auto dir = temp_dir("diagram-svg");
  const std::vector<std::string> view{"--ply", "30", "--overlay", "all", "--select", "D6"};
  std::vector<std::string> args{log, "--size", kBoardSize, "--out", (dir / "d.svg").string()};
  args.insert(args.end(), view.begin(), view.end());
  const Run d = diagram(args);
  INFO(d.err);
  REQUIRE(d.exit_code == 0);
  CHECK(d.out == (dir / "d.svg").string() + ": svg diagram, 672x784 points\n");
  const Run xml = run(PYTHON3_BIN, {"-c", "import sys, xml.etree.ElementTree as E; print(E.parse(sys.argv[1]).getroot().tag)",
                                    (dir / "d.svg").string()});
  INFO(xml.err);
  REQUIRE(xml.exit_code == 0);
  CHECK(xml.out == "{http://www.w3.org/2000/svg}svg\n");
  // Points at 72 dpi: one point a pixel.
  const Run raster = run(RSVG_CONVERT_BIN, {"--dpi-x", "72", "--dpi-y", "72", (dir / "d.svg").string(), "-o",
                                            (dir / "d.png").string()});
  INFO(raster.err);
  REQUIRE(raster.exit_code == 0);
  std::vector<std::string> shot{log, "--size", "1280x800", "--screenshot", (dir / "v.png").string()};
  shot.insert(shot.end(), view.begin(), view.end());
  REQUIRE(run_viewer(shot).exit_code == 0);
  const sf::Image drawn = load(dir / "d.png"), viewer = load(dir / "v.png");
  REQUIRE(drawn.getSize() == sf::Vector2u(672, 784));
  const Agreement same = compare(drawn, viewer, kBoardOrigin);
  INFO("median block CIEDE2000 " << same.median << ", share of blocks apart " << same.share_apart);
  CHECK(same.median < 1);
  CHECK(same.share_apart < 0.01);
  // The measure sees a board drawn 3 pixels off (texts and edges moved).
  const Agreement shifted = compare(drawn, viewer, {kBoardOrigin.x + 3, kBoardOrigin.y + 3});
  INFO("shifted: median " << shifted.median << ", share apart " << shifted.share_apart);
  CHECK(shifted.share_apart > 0.1);
}

TEST_CASE("a reviewed game's diagram draws the better move as the viewer's ghost", "[cli]") {
  require_display();
  const std::string log = reviewed_sample_log().string();
  const auto review = gamehost::review::read_review(gamehost::review::review_path_for(log));
  int ply = 0;
  for (const auto& p : review.plies)
    if (p.reviewed() && p.points_lost() > 0 && p.best_action() != p.played_action()) {
      ply = static_cast<int>(p.ply());
      break;
    }
  REQUIRE(ply > 0);
  INFO("ply " << ply);
  const auto dir = temp_dir("diagram-ghost");
  const std::string at = std::to_string(ply);
  // The review beside the log is taken by both, as the viewer takes it.
  REQUIRE(diagram({log, "--ply", at, "--size", kBoardSize, "--out", (dir / "d.png").string()}).exit_code == 0);
  REQUIRE(diagram({log, "--ply", at, "--size", kBoardSize, "--no-review", "--out", (dir / "n.png").string()})
              .exit_code == 0);
  REQUIRE(run_viewer({log, "--ply", at, "--screenshot", (dir / "v.png").string()}).exit_code == 0);
  const sf::Image viewer = load(dir / "v.png");
  const Agreement with = compare(load(dir / "d.png"), viewer, kBoardOrigin);
  const Agreement without = compare(load(dir / "n.png"), viewer, kBoardOrigin);
  INFO("with the review: share apart " << with.share_apart << "; without: " << without.share_apart);
  CHECK(with.median < 1);
  CHECK(with.share_apart < 0.01);
  // The ghost (translucent, in a white ring): measured 15 blocks of 8,232.
  CHECK(without.share_apart > with.share_apart + 0.001);
}

TEST_CASE("a PDF diagram has one page of its size; a sheet has A4 pages", "[unit]") {
  const auto dir = temp_dir("diagram-pdf");
  const Run one = diagram({sample("seed-1.ghlog"), "--ply", "20", "--size", "400x500", "--caption", "auto",
                           "--out", (dir / "one.pdf").string()});
  INFO(one.err);
  REQUIRE(one.exit_code == 0);
  const PdfPages p1 = pdf_pages(read_file(dir / "one.pdf"));
  CHECK(p1.pages == 1);
  REQUIRE(p1.sizes.size() == 1);
  CHECK(p1.sizes[0].first == Approx(400));
  CHECK(p1.sizes[0].second == Approx(500));
  // 47 plies every 6: plies 6, 12, ..., 42 and the end, 8 diagrams, six a page.
  const Run sheet = diagram({sample("seed-1.ghlog"), "--sheet", "--out", (dir / "sheet.pdf").string()});
  INFO(sheet.err);
  REQUIRE(sheet.exit_code == 0);
  CHECK(sheet.out == (dir / "sheet.pdf").string() + ": pdf sheet, 8 diagrams\n");
  const PdfPages p2 = pdf_pages(read_file(dir / "sheet.pdf"));
  CHECK(p2.pages == 2);
  REQUIRE(p2.sizes.size() == 2);
  for (const auto& [w, h] : p2.sizes) {
    CHECK(w == Approx(595.276).margin(0.01));  // A4: 210 x 297 mm
    CHECK(h == Approx(841.89).margin(0.01));
  }
  // Every 12 plies: 4 diagrams, one page.
  REQUIRE(diagram({sample("seed-1.ghlog"), "--sheet", "--every", "12", "--out", (dir / "twelve.pdf").string()})
              .exit_code == 0);
  CHECK(pdf_pages(read_file(dir / "twelve.pdf")).pages == 1);
}

TEST_CASE("diagram refuses bad options with a message naming them", "[unit]") {
  const auto dir = temp_dir("diagram-bad");
  const std::string log = sample("seed-1.ghlog");
  const std::string out = (dir / "x.svg").string();
  const Run fmt_bad = diagram({log, "--format", "gif", "--out", out});
  CHECK(fmt_bad.exit_code == 2);
  CHECK(fmt_bad.err == "gamehost: error: --format gif: give svg, pdf or png\n");
  const Run ext = diagram({log, "--out", (dir / "x.jpg").string()});
  CHECK(ext.exit_code == 2);
  CHECK(ext.err == "gamehost: error: --out " + (dir / "x.jpg").string() +
                       ": name a .svg, .pdf or .png file, or give --format\n");
  const Run overlay = diagram({log, "--overlay", "streets,bogus", "--out", out});
  CHECK(overlay.exit_code == 2);
  CHECK(overlay.err ==
        "gamehost: error: --overlay: alien_city has no overlay 'bogus' (it has: streets, legal, paths; or all, none)\n");
  const Run ply = diagram({log, "--ply", "48", "--out", out});
  CHECK(ply.exit_code == 1);
  CHECK(ply.err == "gamehost: error: --ply 48: " + log + " has plies 0 to 47\n");
  const Run size = diagram({log, "--size", "10x10", "--out", out});
  CHECK(size.exit_code == 2);
  // An unfinished game with hidden information: only as one seat sees it.
  const std::string cp = sample("city_planning-seed-1.ghlog");
  const gamehost::GameLog whole = gamehost::read_log(cp);
  const auto unfinished = dir / "unfinished.ghlog";
  write_file(unfinished, read_file(cp).substr(0, whole.ply_offsets[20]));
  const Run hidden = diagram({unfinished.string(), "--out", out});
  CHECK(hidden.exit_code == 2);
  CHECK(hidden.err == "gamehost: error: " + unfinished.string() +
                          ": an unfinished game with hidden information is drawn only as one seat sees it: add --as "
                          "SEAT\n");
  CHECK(diagram({unfinished.string(), "--as", "1", "--out", out}).exit_code == 0);
  const Run folder = diagram({log, "--out", (dir / "no" / "such" / "x.png").string()});
  CHECK(folder.exit_code == 1);
  CHECK(folder.err.find("cannot write the png diagram") != std::string::npos);
}

TEST_CASE("print mode keeps every piece apart in greyscale", "[unit]") {
  // Each kind of piece (guild colour x tower or dome) as a patch of the
  // greyscale image: a tower's west face, a dome's lower right.
  struct Patch {
    std::vector<Vec3> lab;
  };
  const auto dir = temp_dir("diagram-print");
  auto patches_of = [&](bool print) {
    std::map<std::string, Patch> kinds;
    for (const std::string name : {"seed-1.ghlog", "seed-2.ghlog", "seed-3.ghlog"}) {
      const std::string log = sample(name);
      auto session = viewer::ReplaySession::open(log, {});
      const int ply = session->plies();
      const auto out = dir / fmt::format("{}-{}.png", name, print);
      std::vector<std::string> args{log, "--size", kBoardSize, "--theme", "light", "--out", out.string()};
      if (print) args.push_back("--print");
      const Run r = diagram(args);
      INFO(r.err);
      REQUIRE(r.exit_code == 0);
      const sf::Image image = load(out);
      pb::Scene scene;
      session->render(ply, pb::ViewOptions(), scene);
      const ac::State s = core_state(log, ply);
      for (ac::Lot l : s.built()) {
        const ac::Piece piece = *s.piece_at(l);
        const std::string kind = std::string(ac::piece_name(piece));
        if (kinds.count(kind) || (ac::is_tower(piece) && s.claimed_by(l))) continue;  // no cap in the patch
        const bool tower = ac::is_tower(piece);
        Patch p;
        for (float dy = -0.12f; dy <= 0.12f; dy += 0.02f)
          for (float dx = 0; dx <= 0.24f; dx += 0.02f) {
            const sf::Vector2u at = lot_pixel(scene, {1280, 800}, l, tower ? dx - 0.42f : dx + 0.08f, tower ? dy : dy + 0.12f);
            const sf::Color c = image.getPixel(at.x - kBoardOrigin.x, at.y - kBoardOrigin.y);
            // The greyscale image: the pixel's own lightness, no hue.
            const double l_star = lab(c)[0];
            p.lab.push_back({l_star, 0, 0});
          }
        kinds[kind] = p;
      }
    }
    return kinds;
  };
  auto distance = [](const Patch& a, const Patch& b) {
    double sum = 0;
    for (std::size_t i = 0; i < a.lab.size(); ++i) sum += ciede2000(a.lab[i], b.lab[i]);
    return sum / static_cast<double>(a.lab.size());
  };
  auto closest = [&](const std::map<std::string, Patch>& kinds, std::string& pair) {
    double least = 1e9;
    for (auto a = kinds.begin(); a != kinds.end(); ++a)
      for (auto b = std::next(a); b != kinds.end(); ++b) {
        const double d = distance(a->second, b->second);
        if (d < least) least = d, pair = a->first + " vs " + b->first;
      }
    return least;
  };
  const auto printed = patches_of(true);
  CHECK(printed.size() == 7);  // red, blue, green towers; red, blue, green, black domes
  std::string pair;
  const double least = closest(printed, pair);
  INFO("print mode: closest pieces " << pair << ", mean CIEDE2000 " << least);
  CHECK(least >= 15);
  // In colour, the red and the blue pieces share their lightness: greyscale
  // alone would lose them (what print mode is for).
  const double colour = closest(patches_of(false), pair);
  INFO("colour mode in greyscale: closest pieces " << pair << ", mean CIEDE2000 " << colour);
  CHECK(colour < 15);
}

// Issue 43, item 15: the last move's corner brackets printed as a dashed
// dark line (their pink's hue as a dash) beside a hatched tower read as
// more hatching. In print they are solid black on a white halo.
TEST_CASE("print mode draws the last move's brackets solid on a white halo", "[unit]") {
  const std::string log = sample("seed-1.ghlog");
  auto session = viewer::ReplaySession::open(log, {});
  // The last ply whose move is on a lot (a decline or a pass has none).
  int ply = session->plies();
  pb::Scene scene;
  for (; ply > 0; --ply) {
    scene.Clear();
    session->render(ply, pb::ViewOptions(), scene);
    if (find_shape(scene, "last:0")) break;
  }
  REQUIRE(ply > 0);
  const auto out = temp_dir("diagram-brackets") / "print.png";
  const Run r = diagram({log, "--ply", std::to_string(ply), "--size", kBoardSize, "--theme", "light", "--print",
                         "--out", out.string()});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const sf::Image image = load(out);
  const viewer::BoardTransform t = viewer::board_transform(scene);
  const auto pixel = [&](sf::Vector2f p) {
    return image.getPixel(static_cast<unsigned>(p.x) - kBoardOrigin.x, static_cast<unsigned>(p.y) - kBoardOrigin.y);
  };
  int samples = 0;
  for (int i = 0; i < 4; ++i) {
    const pb::Shape* arm = find_shape(scene, "last:" + std::to_string(i));
    REQUIRE(arm);
    const float width = t.length(arm->outline_width());
    // The horizontal stroke, from its corner (point 1) to its end (point 2);
    // the lot lies on the side the vertical stroke goes to (point 0).
    const sf::Vector2f corner = t.map(arm->polyline().points(1)), end = t.map(arm->polyline().points(2));
    const float inward = t.map(arm->polyline().points(0)).y > corner.y ? 1.f : -1.f;
    const float halo = width / 2 + 0.5f * std::max(1.5f, width * 0.6f);
    for (float f = 0.3f; f <= 0.8f; f += 0.05f) {
      const sf::Vector2f on{corner.x + (end.x - corner.x) * f, corner.y};
      INFO("arm " << i << " at " << f << ": on the line " << describe(pixel(on)) << ", beside it "
                  << describe(pixel({on.x, on.y + inward * halo})));
      CHECK(lab(pixel(on))[0] < 30);                          // no gap of a dash
      CHECK(lab(pixel({on.x, on.y + inward * halo}))[0] > 85);  // the halo, not the piece's hatching
      ++samples;
    }
  }
  CHECK(samples >= 40);
}

// Issue 43, item 15: a bonus caption landed far from the tower it explains
// when every place near it covered a piece. Near its place over a piece
// (never over a text), as the viewer's captions go, before anywhere free.
TEST_CASE("a diagram's caption stays near its place, over a piece rather than far away", "[unit]") {
  namespace gd = gamehost::diagram;
  const gd::Box area{0, 0, 800, 800};
  const double lot = 50;
  // Pieces on every lot within five lots of (400, 400); a text right on it.
  std::vector<gd::Box> solids, texts{{370, 390, 60, 20}};
  for (int row = -5; row <= 5; ++row)
    for (int col = -5; col <= 5; ++col) solids.push_back({400 + col * lot - 20, 400 + row * lot - 20, 40, 40});
  bool free = true;
  const gd::Box at = gd::place_caption(400, 400, 90, 22, texts, solids, area, 3 * lot, 4, free);
  const double dx = at.x + at.w / 2 - 400, dy = at.y + at.h / 2 - 400;
  INFO("caption at " << at.x << "," << at.y);
  CHECK(std::hypot(dx, dy) <= 3 * lot);
  CHECK_FALSE(free);  // over a piece
  for (const gd::Box& t : texts) CHECK_FALSE(gd::overlaps(at, t));
  // With room near its place, the caption covers nothing.
  const gd::Box roomy = gd::place_caption(400, 400, 90, 22, texts, {}, area, 3 * lot, 4, free);
  CHECK(free);
  CHECK(std::hypot(roomy.x + roomy.w / 2 - 400, roomy.y + roomy.h / 2 - 400) <= lot);
}
