// Colour-vision deficiencies (under Xvfb, tests/with_xvfb.sh): the shipped sample
// games, rendered by the real replay-viewer, must keep every pair of piece
// colours apart for people with protanopia, deuteranopia and tritanopia, and
// every piece must carry its guild's glyph so colour is never the only cue.
//
// Simulation: Machado, Oliveira & Fernandes, "A Physiologically-based Model
// for Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 2009, the
// published matrices for severity 1.0, applied to linear sRGB.
// Difference: CIEDE2000 as given by Sharma, Wu & Dalal, "The CIEDE2000
// Color-Difference Formula: Implementation Notes, Supplementary Test Data,
// and Mathematical Observations", Color Research & Application 30(1), 2005
// (checked below against rows of its test data).
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <map>

#include "viewer/session/replay_session.h"
#include "colour_difference.h"
#include "viewer_test_support.h"

using namespace viewer_test;
namespace ac = alien_city;
namespace pb = gamehost::v1;

namespace {

using Matrix = std::array<Vec3, 3>;

// Pairs of piece colours must stay at least this far apart (CIEDE2000).
constexpr double kMinDelta = 20;

struct Deficiency {
  const char* name;
  Matrix m;
};
const Deficiency kDeficiencies[] = {
    {"normal vision", {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}},
    {"protanopia",
     {{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}}},
    {"deuteranopia",
     {{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}}},
    {"tritanopia",
     {{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}}},
};

// sRGB pixel -> linear RGB seen with deficiency m (clamped to the gamut).
Vec3 simulate(sf::Color c, const Matrix& m) {
  const Vec3 l{linear(c.r), linear(c.g), linear(c.b)};
  Vec3 out{};
  for (int i = 0; i < 3; ++i) out[i] = std::clamp(m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2], 0.0, 1.0);
  return out;
}

// A lot's centre in the scene's board units (lot (col, row) covers
// [col, col+1] x [9-row, 10-row]).
pb::Point center_of(ac::Lot l) {
  pb::Point p;
  p.set_x(static_cast<float>(ac::col_of(l)) + 0.5f);
  p.set_y(static_cast<float>(ac::kRows - 1 - ac::row_of(l)) + 0.5f);
  return p;
}

// Where the glyph has ink, in lots from the piece's centre: the mean of a
// filled polygon's points, a point on a ring.
std::pair<float, float> glyph_probe(const pb::Shape& glyph, pb::Point centre) {
  if (glyph.has_circle())
    return {glyph.circle().center().x() + glyph.circle().radius() - centre.x(), glyph.circle().center().y() - centre.y()};
  float x = 0, y = 0;
  for (const auto& p : glyph.polygon().points()) {
    x += p.x();
    y += p.y();
  }
  const float n = static_cast<float>(glyph.polygon().points_size());
  return {x / n - centre.x(), y / n - centre.y()};
}

// Whether some pixel within 2 of `at` is near `want`.
bool ink_near(const sf::Image& image, sf::Vector2u at, sf::Color want) {
  for (int dy = -2; dy <= 2; ++dy)
    for (int dx = -2; dx <= 2; ++dx)
      if (near(image.getPixel(at.x + dx, at.y + dy), want, 24)) return true;
  return false;
}

}  // namespace

TEST_CASE("CIEDE2000 matches Sharma et al.'s test data", "[unit]") {
  // Pairs 1, 7, 13, 17, 25 and 34 of the paper's Table 1.
  struct Row {
    Vec3 a, b;
    double de;
  };
  const Row rows[] = {
      {{50.0000, 2.6772, -79.7751}, {50.0000, 0.0000, -82.7485}, 2.0425},
      {{50.0000, 0.0000, 0.0000}, {50.0000, -1.0000, 2.0000}, 2.3669},
      {{50.0000, 2.4900, -0.0010}, {50.0000, -2.4900, 0.0011}, 7.2195},
      {{50.0000, 2.5000, 0.0000}, {73.0000, 25.0000, -18.0000}, 27.1492},
      {{60.2574, -34.0099, 36.2677}, {60.4626, -34.1751, 39.4387}, 1.2644},
      {{22.7233, 20.0904, -46.6940}, {23.0331, 14.9730, -42.5619}, 2.0373},
  };
  for (const Row& r : rows) CHECK(ciede2000(r.a, r.b) == Approx(r.de).margin(1e-4));
}

TEST_CASE("piece colours stay apart under colour-vision deficiencies and carry their glyph", "[pixels]") {
  const sf::Vector2u size{1280, 800};
  // kind ('t' tower, 'd' dome) -> guild colour letter -> the rendered body.
  std::map<char, std::map<char, sf::Color>> bodies;
  int glyphs = 0;
  for (const std::string name : {"seed-1.ghlog", "seed-2.ghlog", "seed-3.ghlog"}) {
    const std::string log = sample(name);
    auto session = viewer::ReplaySession::open(log, {});
    const int ply = session->plies();
    const auto out = temp_dir("colour-vision") / (name + ".png");
    const Run r = run_viewer({log, "--ply", std::to_string(ply), "--screenshot", out.string()});
    REQUIRE(r.exit_code == 0);
    sf::Image image;
    REQUIRE(image.loadFromFile(out.string()));
    pb::ViewOptions view;
    view.add_overlays("streets");
    pb::Scene scene;
    session->render(ply, view, scene);
    const ac::State s = core_state(log, ply);
    for (ac::Lot l : s.built()) {
      const ac::Piece piece = *s.piece_at(l);
      const char colour = "rbgk"[static_cast<int>(ac::piece_colour(piece))];
      const char kind = ac::is_tower(piece) ? 't' : 'd';
      INFO(name << ": " << ac::piece_name(piece) << " on " << ac::lot_name(l));
      // A tower's west face, a dome's body clear of its glyph and shine.
      const sf::Color body = kind == 't' ? at_lot(image, scene, l, -0.25f, 0) : at_lot(image, scene, l, 0.2f, 0.1f);
      auto [it, fresh] = bodies[kind].emplace(colour, body);
      INFO("body " << describe(body) << ", first seen " << describe(it->second));
      CHECK(near(body, it->second, 3));  // the same colour wherever it stands
      const std::string id = "piece:" + ac::lot_name(l) + ":g";
      const pb::Shape* glyph = find_shape(scene, id);
      REQUIRE(glyph);
      const pb::Point c = center_of(l);
      const auto [dx, dy] = glyph_probe(*glyph, c);
      const sf::Color ink = rgba(glyph->has_circle() ? glyph->outline() : glyph->fill());
      const sf::Vector2u at = lot_pixel(scene, size, l, dx, dy);
      INFO("glyph " << id << " at (" << at.x << ", " << at.y << ") in " << describe(ink) << ", pixel "
                    << describe(image.getPixel(at.x, at.y)));
      CHECK(ink_near(image, at, ink));
      CHECK_FALSE(near(ink, body, 60));  // the glyph stands out of its piece
      ++glyphs;
    }
  }
  CHECK(glyphs > 60);
  for (char kind : {'t', 'd'}) {
    const auto& seen = bodies[kind];
    CHECK(seen.size() == (kind == 't' ? 3u : 4u));  // red, blue, green towers; domes also black
    for (const Deficiency& d : kDeficiencies)
      for (auto a = seen.begin(); a != seen.end(); ++a)
        for (auto b = std::next(a); b != seen.end(); ++b) {
          const double de = ciede2000(lab(simulate(a->second, d.m)), lab(simulate(b->second, d.m)));
          INFO(d.name << ": " << (kind == 't' ? "towers " : "domes ") << a->first << " " << describe(a->second)
                      << " vs " << b->first << " " << describe(b->second) << ": CIEDE2000 " << de);
          CHECK(de >= kMinDelta);
        }
  }
}
