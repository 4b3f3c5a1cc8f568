// The scene through the plugin boundary and the viewer's pieces that need
// no display: what RenderScene draws agrees with the rules core (legal lots,
// routes, scores), view options are honoured, the panel dump, overlay
// parsing and tessellation.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "alien_city/core/rules.h"
#include "alien_city/core/scoring.h"
#include "gamehost/records/game_log.h"
#include "viewer/export/headless.h"
#include "viewer/render/mesh.h"
#include "viewer/session/replay_session.h"
#include "viewer/view/side_panel.h"
#include "viewer_test_support.h"

using namespace viewer_test;
namespace ac = alien_city;
namespace pb = gamehost::v1;

namespace {

pb::ViewOptions view(const std::vector<std::string>& overlays, const std::string& select = "") {
  pb::ViewOptions v;
  for (const auto& o : overlays) v.add_overlays(o);
  v.set_selected(select);
  return v;
}

const pb::Layer* layer(const pb::Scene& s, const std::string& id) {
  for (const auto& l : s.layers())
    if (l.id() == id) return &l;
  return nullptr;
}

}  // namespace

TEST_CASE("the legality overlay marks exactly the legal lots, and says why not on the others", "[unit]") {
  const std::string log = sample("seed-2.ghlog");
  auto session = viewer::ReplaySession::open(log, {});
  for (int ply : {0, 7, 20, 33}) {
    INFO("ply " << ply);
    const ac::State s = core_state(log, ply);
    const ac::Player mover = s.phase() == ac::Phase::Build ? s.to_move() : s.next_builder();
    ac::State builder = s;
    builder.set_turn(mover, ac::Phase::Build, mover);
    const ac::BuildLots lots = ac::legal_builds(builder, mover);
    ac::LotSet legal;
    for (const auto& l : lots.lots) legal |= l;
    pb::Scene scene;
    session->render(ply, view({"streets", "legal"}), scene);
    const pb::Layer* overlay = layer(scene, "legal");
    REQUIRE(overlay);
    ac::LotSet marked, explained;
    for (const auto& shape : overlay->shapes()) {
      if (shape.id().rfind("legal:", 0) != 0) continue;
      const ac::Lot l = *ac::parse_lot(shape.id().substr(6));
      if (shape.fill()) marked.insert(l);
      else explained.insert(l);
      if (!shape.fill()) {
        // The words are the core's own reason.
        const auto why = ac::why_not_lot(builder, l);
        REQUIRE(why);
        CHECK(shape.tooltip() == why->message);
      }
    }
    CHECK(marked == legal);
    CHECK(explained == s.streets() - legal);
    // Without the overlay, no such layer.
    session->render(ply, view({"streets"}), scene);
    CHECK(layer(scene, "legal") == nullptr);
  }
}

TEST_CASE("the score panel matches the core's breakdown at every ply", "[unit]") {
  const std::string log = sample("seed-1.ghlog");
  auto session = viewer::ReplaySession::open(log, {});
  for (int ply = 0; ply <= session->plies(); ++ply) {
    const ac::ScoreBreakdown b = ac::score_breakdown(core_state(log, ply));
    pb::Scene scene;
    session->render(ply, view({"streets", "paths"}), scene);
    const std::string panel = viewer::dump_panel(*session, scene, ply);
    INFO("ply " << ply << "\n" << panel);
    CHECK_THAT(panel, Catch::Contains("\ttotal.White\t" + std::to_string(b.totals[0]) + "\t"));
    CHECK_THAT(panel, Catch::Contains("\ttotal.Black\t" + std::to_string(b.totals[1]) + "\t"));
    for (const auto& t : b.towers)
      CHECK_THAT(panel, Catch::Contains("\ttower." + ac::lot_name(t.lot) + "\t" + std::to_string(t.points) + "\t"));
    // Tab cycles the claimed towers, then the unclaimed green ones.
    CHECK(static_cast<std::size_t>(scene.cycle_size()) ==
          b.towers.size() + (core_state(log, ply).towers_of(ac::Colour::Green) - core_state(log, ply).claimed()).count());
  }
}

TEST_CASE("a selected tower's scene: customers, competitor and the counted route", "[unit]") {
  const std::string log = sample("seed-1.ghlog");
  auto session = viewer::ReplaySession::open(log, {});
  const ac::State s = core_state(log, session->plies());
  for (const ac::TowerScore& t : ac::score_breakdown(s).towers) {
    const std::string name = ac::lot_name(t.lot);
    INFO("tower " << name);
    pb::Scene scene;
    session->render(session->plies(), view({"streets", "paths"}, name), scene);
    const pb::Layer* sel = layer(scene, "selection");
    REQUIRE(sel);
    std::set<std::string> ids;
    for (const auto& shape : sel->shapes()) ids.insert(shape.id());
    CHECK(ids.count("sel:" + name));
    for (const auto& c : t.customers) CHECK(ids.count("cust:" + ac::lot_name(c.lot)));
    if (t.competitor == ac::kNoLot) continue;
    const pb::Path* route = nullptr;
    for (const auto& p : scene.paths())
      if (p.id() == "comp:" + name + ">" + ac::lot_name(t.competitor)) route = &p;
    REQUIRE(route);
    CHECK(route->progressive());
    // Tower, each street of the route counted 1..n, competitor.
    REQUIRE(route->points_size() == static_cast<int>(t.competitor_path.size()) + 2);
    REQUIRE(route->step_labels_size() == route->points_size());
    for (std::size_t i = 0; i < t.competitor_path.size(); ++i)
      CHECK(route->step_labels(static_cast<int>(i) + 1) == std::to_string(i + 1));
    CHECK(route->label() == name + ": " + std::to_string(t.customers.size()) + " × " + std::to_string(t.competitor_distance) +
                                " = " + std::to_string(t.points));
    // Paths off: no route drawn, the explanation stays in the panel.
    session->render(session->plies(), view({"streets"}, name), scene);
    CHECK(scene.paths_size() == 0);
    CHECK_THAT(viewer::dump_panel(*session, scene, session->plies()),
               Catch::Contains("\tselected.points\t" + std::to_string(t.points) + "\t"));
  }
}

TEST_CASE("structures keep their ids between plies, so steps animate", "[unit]") {
  const std::string log = sample("seed-3.ghlog");
  auto session = viewer::ReplaySession::open(log, {});
  pb::Scene a, b;
  session->render(10, view({"streets"}), a);
  session->render(11, view({"streets"}), b);
  std::set<std::string> ia, ib;
  for (const auto& l : a.layers())
    for (const auto& s : l.shapes()) CHECK(ia.insert(s.id()).second);  // unique within a scene
  for (const auto& l : b.layers())
    for (const auto& s : l.shapes()) CHECK(ib.insert(s.id()).second);
  std::size_t kept = 0;
  for (const auto& id : ia) kept += ib.count(id);
  CHECK(kept > ia.size() * 8 / 10);
}

TEST_CASE("overlay lists on the command line", "[unit]") {
  const std::string log = sample("seed-3.ghlog");
  auto session = viewer::ReplaySession::open(log, {});
  pb::Scene offered;
  session->render(0, pb::ViewOptions(), offered);
  CHECK(viewer::parse_overlays("all", offered) == std::vector<std::string>{"streets", "legal", "paths"});
  CHECK(viewer::parse_overlays("none", offered).empty());
  CHECK(viewer::parse_overlays("paths,streets", offered) == std::vector<std::string>{"paths", "streets"});
  CHECK_THROWS_WITH(viewer::parse_overlays("streets,roads", offered),
                    "unknown overlay 'roads' (this game offers: streets, legal, paths, or all, none)");
}

TEST_CASE("tessellation covers exactly the shape's area", "[unit]") {
  auto area = [](const std::vector<sf::Vertex>& v) {
    double a = 0;
    for (std::size_t i = 0; i + 2 < v.size(); i += 3) {
      const auto p = v[i].position, q = v[i + 1].position, r = v[i + 2].position;
      a += std::abs((q.x - p.x) * (r.y - p.y) - (r.x - p.x) * (q.y - p.y)) / 2;
    }
    return a;
  };
  std::vector<sf::Vertex> out;
  // A non-convex "L" of area 3.
  viewer::fill_polygon({{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}, sf::Color::Red, out);
  CHECK(area(out) == Approx(3));
  out.clear();
  viewer::fill_polygon({{0, 2}, {1, 2}, {1, 1}, {2, 1}, {2, 0}, {0, 0}}, sf::Color::Red, out);  // other winding
  CHECK(area(out) == Approx(3));
  out.clear();
  viewer::fill_convex(viewer::circle_points({0, 0}, 100), sf::Color::Red, out);
  CHECK(area(out) == Approx(3.14159 * 100 * 100).epsilon(0.01));
  out.clear();
  viewer::stroke_closed(viewer::rounded_rect_points({0, 0, 100, 50}, 0), 4, true, sf::Color::Red, out);
  CHECK(area(out) == Approx(100 * 50 - 92 * 42));
}

// In the board editor (ViewOptions.edit) a click on a tower edits its lot:
// the tooltip says so, not "click to see how it scores" (issue 43).
TEST_CASE("Alien City's tower tooltips say what a click does, in the editor too", "[unit]") {
  auto session = viewer::ReplaySession::open(sample("seed-1.ghlog"), {});
  for (const bool editing : {false, true}) {
    gamehost::v1::ViewOptions view;
    view.set_edit(editing);
    gamehost::v1::Scene scene;
    session->render_state(session->state(session->plies()), std::nullopt, view, scene);
    int towers = 0;
    for (const auto& layer : scene.layers())
      for (const auto& shape : layer.shapes()) {
        if (shape.id().rfind("piece:", 0) != 0 || shape.tooltip().find("tower") == std::string::npos) continue;
        ++towers;
        CAPTURE(editing, shape.tooltip());
        CHECK((shape.tooltip().find("(click to see how it scores)") != std::string::npos) == !editing);
        CHECK((shape.tooltip().find("(click to edit this lot)") != std::string::npos) == editing);
      }
    CHECK(towers > 0);
  }
}
