// City Planning as readable as Alien City at 1280x800: the board fills the
// board area, no text is under 12 px, zone names stay inside their zones,
// and the panel explains why it scores (the status line and the move list
// are checked with every panel in layout_test.cc).
#include <catch2/catch.hpp>

#include <fmt/core.h>

#include <algorithm>
#include <set>

#include "viewer/export/headless.h"
#include "viewer/view/replay_view.h"
#include "viewer/view/side_panel.h"
#include "viewer_test_support.h"

using namespace viewer_test;
namespace pb = gamehost::v1;

namespace {

bool inside(const sf::FloatRect& inner, const sf::FloatRect& outer) {
  return inner.left >= outer.left && inner.top >= outer.top && inner.left + inner.width <= outer.left + outer.width &&
         inner.top + inner.height <= outer.top + outer.height;
}

}  // namespace

TEST_CASE("City Planning fills its board area with text of 12 px or more and zone names inside their zones",
          "[pixels][cp-view]") {
  require_display();
  int zones = 0;
  for (const std::string name : {"city_planning-seed-1.ghlog", "city_planning-seed-7.ghlog"}) {
    auto session = viewer::ReplaySession::open(sample(name), {});
    viewer::ReplayView view(*session, test_font());
    view.set_overlays(every_overlay(view.scene()));
    for (int ply = 0; ply <= session->plies(); ++ply) {
      view.go_to(ply, false);
      INFO(name << " ply " << ply);
      const viewer::PreparedScene& scene = view.prepared();
      const viewer::PreparedShape* wood = scene.find("wood");
      REQUIRE(wood);
      // Was 455 of 672 pixels; now the board is the area's width.
      CHECK(wood->bounds.width >= 0.98f * viewer::kBoardArea.width);
      CHECK(inside(wood->bounds, viewer::kBoardArea));
      for (const auto& layer : scene.layers())
        for (const auto& shape : layer.shapes) {
          if (shape.text < 0) continue;
          INFO(shape.source->id() << " \"" << shape.source->text().content() << "\"");
          CHECK(scene.transform().length(shape.source->text().size()) >= 12.f);
        }
      for (const auto& layer : scene.layers())
        for (const auto& shape : layer.shapes) {
          const std::string& id = shape.source->id();
          if (id.rfind("zone:", 0) != 0 || id.find(':', 5) != std::string::npos) continue;
          ++zones;
          for (const char* part : {":label", ":type"}) {
            const viewer::PreparedShape* text = scene.find(id + part);
            REQUIRE(text);
            INFO(id << part);
            CHECK(inside(text->bounds, shape.bounds));
          }
        }
    }
  }
  CHECK(zones > 300);  // zone-plies seen
}

TEST_CASE("City Planning's board reaches both edges of the board area in pixels", "[pixels][cp-view]") {
  require_display();
  auto session = viewer::ReplaySession::open(sample("city_planning-seed-7.ghlog"), {});
  viewer::ReplayView view(*session, test_font());
  view.go_to(session->plies(), false);
  viewer::Offscreen off({1280, 800});
  const sf::Image image = off.render(view);
  const sf::Color wood(0xdc, 0xb3, 0x5c);
  // The wood's margins left of column A and right of column T, at row 10.
  const sf::Vector2f left = view.prepared().transform().map(-0.2f, 10.5f);
  const sf::Vector2f right = view.prepared().transform().map(19.5f, 10.5f);
  CHECK(left.x < 20);
  CHECK(right.x > 660);
  CHECK(near(image.getPixel(static_cast<unsigned>(left.x), static_cast<unsigned>(left.y)), wood));
  CHECK(near(image.getPixel(static_cast<unsigned>(right.x), static_cast<unsigned>(right.y)), wood));
}

TEST_CASE("City Planning's panel says why it scores: each Zone's capacity and neighbours, the best Developments",
          "[unit][cp-view]") {
  auto session = viewer::ReplaySession::open(sample("city_planning-seed-7.ghlog"), {});
  pb::Scene scene;
  session->render(session->plies(), pb::ViewOptions(), scene);
  const std::string dump = viewer::dump_panel(*session, scene, session->plies());
  // C2 (Residential 2 on J6) touches A2 (Industrial), whose best
  // Development A2 would cost the next Residential Development there 2 (C14).
  CHECK_THAT(dump, Catch::Contains("Why it scores\tzone.C2\t2\t C2 Residential 2 on J6: no Development, 2 of 2 left\n"));
  CHECK_THAT(dump, Catch::Contains("Why it scores\twhy.zone.C2\t-2\tnext Development here: its value up to 2, −2 from "
                                   "A2 (Industrial) (C14)\n"));
  CHECK_THAT(dump, Catch::Contains("Why it scores\twhy.zone.A2\t0\tbuilt out: no more Developments (C14)\n"));
  CHECK_THAT(dump, Catch::Contains("Why it scores\twhy.best.A2\tA2\tA2 is its best: it counts for the next "
                                   "Development on each neighbour, −2 on C2\n"));
  CHECK_THAT(dump, Catch::Contains("Why it scores\twhy.unincorporated\t12\t"));
  // The status is the whole result line (the panel wraps it).
  CHECK_THAT(dump, Catch::Contains("\tstatus\tB wins 34 to 33: a coin had to come from an empty bag (C17)\t"));
}

TEST_CASE("every game marks its last move the same way: pink corner brackets", "[unit][cp-view]") {
  for (const std::string name : {"seed-1.ghlog", "city_planning-seed-7.ghlog", "connect_four-seed-1.ghlog"}) {
    INFO(name);
    auto session = viewer::ReplaySession::open(sample(name), {});
    pb::Scene scene;
    session->render(session->plies() - 1, pb::ViewOptions(), scene);
    const pb::Shape* last = find_shape(scene, "last");
    CHECK((last == nullptr || !last->has_circle()));  // no ring
    for (int i = 0; i < 4; ++i) {
      const pb::Shape* arm = find_shape(scene, "last:" + std::to_string(i));
      REQUIRE(arm);
      CHECK(arm->has_polyline());
      CHECK(arm->polyline().points_size() == 3);
      CHECK(arm->outline() == 0xff5fd7ffu);  // kit::kLastMove
    }
  }
}

// Issue 43, item 9: a new player clicked blind ("ruling C5 (rule 3.3): D9
// is not adjacent to any stone"). The "legal" overlay (L) dots exactly the
// points a click plays something from, for the player to decide; off, as
// Alien City's, until asked for.
TEST_CASE("City Planning's legal overlay dots the points a click plays from, and no other", "[unit][cp-view]") {
  auto session = viewer::ReplaySession::open(sample("city_planning-seed-1.ghlog"), {});
  pb::Scene plain;
  session->render(0, pb::ViewOptions(), plain);
  const auto overlay = std::find_if(plain.overlays().begin(), plain.overlays().end(),
                                    [](const pb::Overlay& o) { return o.key() == "legal"; });
  REQUIRE(overlay != plain.overlays().end());
  CHECK(overlay->shortcut() == "L");
  CHECK(!overlay->default_on());
  int dotted_plies = 0, dots = 0;
  for (int ply = 0; ply < session->plies(); ++ply) {
    INFO("ply " << ply);
    pb::ViewOptions v;
    v.set_hit_actions(true);
    for (const char* o : {"legal", "hand-A", "hand-B"}) v.add_overlays(o);
    pb::Scene scene;
    session->render(ply, v, scene);
    std::set<std::string> clickable, dotted;
    for (const auto& hit : scene.hits())
      if (hit.actions_size() > 0) clickable.insert(hit.hover());
    for (const auto& layer : scene.layers())
      for (const auto& shape : layer.shapes())
        if (shape.id().rfind("legal:", 0) == 0) dotted.insert(shape.id().substr(6));
    CHECK(dotted == clickable);
    dotted_plies += !dotted.empty();
    dots += static_cast<int>(dotted.size());
    // Without the overlay: no dot.
    pb::Scene off;
    session->render(ply, pb::ViewOptions(), off);
    CHECK(find_shape(off, "legal:" + (clickable.empty() ? std::string("A1") : *clickable.begin())) == nullptr);
  }
  CHECK(dotted_plies > session->plies() / 3);  // stones, Zones and Developments alike
  CHECK(dots > 100);
}
