// Real pixels (under Xvfb, tests/with_xvfb.sh): known plies of the shipped sample
// games and of the seed's scoring position rendered offscreen exactly as
// `replay-viewer --screenshot` does, then read back at computed lot centres.
// Expected colours come from two sides: the rules core says what stands on
// each lot (a red tower must look red), the scene says the exact colour it
// asked for (the road, a tile, an icon, a lit route lot).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "alien_city/core/diagram.h"
#include "alien_city/core/scoring.h"
#include "viewer/render/environment.h"
#include "gamehost/records/game_log.h"
#include "viewer/export/headless.h"
#include "viewer/view/replay_view.h"
#include "viewer/view/side_panel.h"
#include "viewer_test_support.h"

using namespace viewer_test;
namespace ac = alien_city;
namespace pb = gamehost::v1;

namespace {

struct Rendered {
  sf::Image image;
  pb::Scene scene;
  std::vector<sf::Vector2f> lit;  // logical centres of lit route markers
};

Rendered render(const std::string& log, int ply, const std::string& select, const std::vector<std::string>& overlays,
                sf::Vector2u size = {1280, 800}) {
  require_display();
  auto session = viewer::ReplaySession::open(log, {});
  viewer::ReplayView view(*session, test_font());
  view.set_overlays(overlays);
  view.select(select, false);
  view.go_to(ply, false);
  viewer::Offscreen off(size);
  Rendered r;
  r.image = off.render(view);
  r.scene = view.scene();
  r.lit = view.paths().lit_markers();
  return r;
}

const pb::Shape* shape(const pb::Scene& scene, const std::string& id) { return find_shape(scene, id); }

char letter(ac::Colour c) { return "rbgk"[static_cast<int>(c)]; }

// Checks every lot of the rendered position against the core's state.
void check_every_lot(const Rendered& r, const ac::State& s) {
  const pb::Shape* road = nullptr;
  for (ac::Lot l = 0; l < ac::kLots && !road; ++l) road = shape(r.scene, "street:" + ac::lot_name(l));
  // The last move's lot has a highlight around its edge.
  ac::Lot last = ac::kNoLot;
  if (const pb::Shape* h = shape(r.scene, "last")) {
    const auto& box = h->rect().rect();
    last = ac::lot_at(static_cast<int>(box.x() + 0.5f), 9 - static_cast<int>(box.y() + 0.5f));
  }
  for (ac::Lot l = 0; l < ac::kLots; ++l) {
    const std::string name = ac::lot_name(l);
    INFO("lot " << name);
    const auto piece = s.piece_at(l);
    if (piece) {
      const char want = letter(ac::piece_colour(*piece));
      // A tower's north face; a dome off its highlight.
      const sf::Color c = ac::is_tower(*piece) ? at_lot(r.image, r.scene, l, 0, -0.26f) : at_lot(r.image, r.scene, l, 0.14f, 0.14f);
      INFO(ac::piece_name(*piece) << " shows " << describe(c));
      CHECK(hue_of(c) == want);
      // Around it, the ground is its tile's colour, exactly as the scene says.
      if (l == last) continue;
      const pb::Shape* tile = shape(r.scene, "tile:" + std::to_string(ac::tile_of(l)));
      REQUIRE(tile);
      const sf::Color ground = at_lot(r.image, r.scene, l, -0.4f, 0);
      INFO("ground " << describe(ground) << ", tile " << describe(rgba(tile->fill())));
      CHECK(near(ground, rgba(tile->fill())));
      continue;
    }
    REQUIRE(road);
    if (!s.is_icon_lot(l)) {
      const sf::Color c = at_lot(r.image, r.scene, l);
      INFO("street shows " << describe(c) << ", road is " << describe(rgba(road->fill())));
      CHECK(near(c, rgba(road->fill())));
      continue;
    }
    // An empty icon lot shows its guild's symbol in the symbol's colour.
    const ac::Colour tile = s.tile_colour_of(l);
    const pb::Shape* icon = shape(r.scene, "icon:" + name);
    REQUIRE(icon);
    const bool ring = tile == ac::Colour::Blue;
    const float probe = ring ? icon->circle().radius() : 0;
    const sf::Color c = at_lot(r.image, r.scene, l, probe, 0);
    const sf::Color want = rgba(ring ? icon->outline() : icon->fill());
    INFO("icon shows " << describe(c) << ", symbol is " << describe(want));
    CHECK(near(c, want));
    CHECK(hue_of(c) == letter(tile));
  }
}

// With `tower` selected, the lots of its route to the competitor (as the
// rules core computes it) are lit, and no other street lot is.
void check_route(const Rendered& r, const ac::State& s, const std::vector<ac::Lot>& route) {
  const pb::Path* path = nullptr;
  for (const auto& p : r.scene.paths())
    if (p.marker_size() > 0 && p.id().rfind("comp:", 0) == 0) path = &p;
  REQUIRE(path);
  const sf::Color lit = rgba(path->marker_fill());
  const std::set<ac::Lot> on(route.begin(), route.end());
  for (ac::Lot l : s.streets()) {
    const sf::Color c = at_lot(r.image, r.scene, l, -0.28f, 0.28f);
    INFO("street " << ac::lot_name(l) << " shows " << describe(c) << (on.count(l) ? " (on the route)" : ""));
    CHECK(near(c, lit, 4) == (on.count(l) == 1));
  }
  // The viewer lit exactly one marker per route lot, at its centre.
  const viewer::BoardTransform t = viewer::board_transform(r.scene);
  REQUIRE(r.lit.size() == route.size());
  for (std::size_t i = 0; i < route.size(); ++i) {
    const sf::Vector2f c = t.map(route[i] % 8 + 0.5f, 9 - route[i] / 8 + 0.5f);
    CHECK(std::abs(r.lit[i].x - c.x) < 0.5f);
    CHECK(std::abs(r.lit[i].y - c.y) < 0.5f);
  }
}

}  // namespace

TEST_CASE("sample games: each lot shows its structure, street or icon", "[pixels]") {
  for (const char* name : {"seed-1.ghlog", "seed-3.ghlog", "piecepack-seed-4.ghlog"}) {
    const std::string log = sample(name);
    const int plies = gamehost::read_log(log).record.plies_size();
    for (int ply : {0, plies / 3, plies}) {
      INFO(name << " ply " << ply);
      const Rendered r = render(log, ply, "", {"streets"});
      check_every_lot(r, core_state(log, ply));
    }
  }
}

TEST_CASE("the board keeps its proportions in any window shape", "[pixels]") {
  const std::string log = sample("seed-2.ghlog");
  const ac::State s = core_state(log, 30);
  for (sf::Vector2u size : {sf::Vector2u{640, 400}, sf::Vector2u{900, 900}, sf::Vector2u{1600, 700}}) {
    INFO("size " << size.x << "x" << size.y);
    const Rendered r = render(log, 30, "", {"streets"}, size);
    REQUIRE(r.image.getSize() == size);
    check_every_lot(r, s);
  }
}

TEST_CASE("a selected claimed tower lights exactly the lots of its route", "[pixels]") {
  for (const char* name : {"seed-1.ghlog", "seed-2.ghlog"}) {
    const std::string log = sample(name);
    const int plies = gamehost::read_log(log).record.plies_size();
    const ac::State s = core_state(log, plies);
    const ac::ScoreBreakdown b = ac::score_breakdown(s);
    REQUIRE(!b.towers.empty());
    for (const ac::TowerScore& t : b.towers) {
      if (t.competitor == ac::kNoLot) continue;
      INFO(name << ": tower " << ac::lot_name(t.lot) << " to " << ac::lot_name(t.competitor));
      const Rendered r = render(log, plies, ac::lot_name(t.lot), {"streets", "paths"});
      check_route(r, s, t.competitor_path);
    }
  }
}

TEST_CASE("stepping animates and never queues a backlog", "[pixels]") {
  require_display();
  const std::string log = sample("seed-1.ghlog");
  auto session = viewer::ReplaySession::open(log, {});
  viewer::ReplayView view(*session, test_font());
  // The first build after ply 8: where it goes.
  int ply = 9;
  while ((core_state(log, ply).built() - core_state(log, ply - 1).built()).empty()) ++ply;
  const ac::State after = core_state(log, ply);
  const ac::LotSet built = after.built() - core_state(log, ply - 1).built();
  REQUIRE(built.count() == 1);
  const ac::Lot lot = built.first();
  view.go_to(ply - 1, false);
  viewer::Offscreen off({1280, 800});
  view.step(+1);
  CHECK(view.animating());
  view.update(0.02f);
  off.draw(view);
  const sf::Image early = off.texture().getTexture().copyToImage();
  const char want = letter(ac::piece_colour(*after.piece_at(lot)));
  const float dy = ac::is_tower(*after.piece_at(lot)) ? -0.26f : 0.14f;
  const float dx = ac::is_tower(*after.piece_at(lot)) ? 0 : 0.14f;
  // 20 ms in, the new structure has barely begun to grow.
  CHECK(hue_of(at_lot(early, view.scene(), lot, dx, dy)) != want);
  // Two more steps at once: each finishes the running animation first.
  view.step(+1);
  view.step(+1);
  CHECK(view.ply() == ply + 2);
  view.update(0.3f);
  CHECK_FALSE(view.animating());
  view.step(-1);
  view.step(-1);
  view.update(0.3f);
  off.draw(view);
  const sf::Image done = off.texture().getTexture().copyToImage();
  CHECK(hue_of(at_lot(done, view.scene(), lot, dx, dy)) == want);
}

TEST_CASE("the seed's scoring position: E3's 19-street route to C5, 89 to 66", "[pixels][seed]") {
  const auto dir = temp_dir("seed");
  const auto log = (dir / "seed-scoring.ghlog").string();
  write_position_log(seed_position_file(), log);
  auto parsed = ac::parse_diagram(read_file(seed_position_file()));
  REQUIRE(parsed.ok());
  const ac::State& s = *parsed;
  const ac::ScoreBreakdown b = ac::score_breakdown(s);
  const ac::TowerScore* e3 = nullptr;
  for (const auto& t : b.towers)
    if (t.lot == *ac::parse_lot("E3")) e3 = &t;
  REQUIRE(e3);
  REQUIRE(e3->competitor == *ac::parse_lot("C5"));
  REQUIRE(e3->competitor_path.size() == 19);
  const Rendered r = render(log, 0, "E3", {"streets", "paths"});
  check_every_lot(render(log, 0, "", {"streets"}), s);
  check_route(r, s, e3->competitor_path);
  // The panel: what --dump-panel prints for this view.
  auto session = viewer::ReplaySession::open(log, {});
  const std::string panel = viewer::dump_panel(*session, r.scene, 0);
  CHECK_THAT(panel, Catch::Contains("\ttotal.White\t89\t"));
  CHECK_THAT(panel, Catch::Contains("\ttotal.Black\t66\t"));
  CHECK_THAT(panel, Catch::Contains("\ttower.E3\t38\t"));
  CHECK_THAT(panel, Catch::Contains("\tselected.distance\t19\t"));
  CHECK(b.totals[static_cast<int>(ac::Player::White)] == 89);
  CHECK(b.totals[static_cast<int>(ac::Player::Black)] == 66);
}
