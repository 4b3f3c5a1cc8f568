// Labels that never collide (viewer/render/label_layout.h) and panels that never
// overlap, over real scenes of every shipped sample: every ply, every
// overlay on, each of the game's selections in turn. The boxes are the
// viewer's own, known before drawing (texts need the font's glyphs, so the
// test runs under Xvfb, tests/with_xvfb.sh).
#include <catch2/catch.hpp>

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <memory>

#include "viewer/render/label_layout.h"
#include "viewer/view/replay_view.h"
#include "viewer_test_support.h"

using namespace viewer_test;
namespace pb = gamehost::v1;

namespace {

std::string describe(const sf::FloatRect& r) {
  return fmt::format("({:.1f}, {:.1f}, {:.1f} x {:.1f})", r.left, r.top, r.width, r.height);
}

std::vector<std::string> samples() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(std::string(SOURCE_DIR) + "/games/samples"))
    if (e.path().extension() == ".ghlog") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

// The first pair of `boxes` closer than `gap` (negative: may overlap by
// that much), described, or "".
std::string first_overlap(const std::vector<sf::FloatRect>& boxes, float gap = 0) {
  for (std::size_t i = 0; i < boxes.size(); ++i)
    for (std::size_t j = i + 1; j < boxes.size(); ++j)
      if (viewer::boxes_overlap(boxes[i], boxes[j], 0.5f - gap))
        return describe(boxes[i]) + " and " + describe(boxes[j]);
  return "";
}

// The boxes of the scene's solid shapes that are marks of the board, not
// pieces: Alien City's tiles' icon marks ("icon:A1").
std::vector<sf::FloatRect> icon_marks(const viewer::ReplayView& view) {
  std::vector<sf::FloatRect> out;
  for (const auto& layer : view.prepared().layers())
    for (const auto& shape : layer.shapes)
      if (shape.source->solid() && shape.source->id().rfind("icon:", 0) == 0) out.push_back(shape.bounds);
  return out;
}

// Captions that could find no place off every icon mark (counted over the
// walk: on a board too full, a caption covers the least of them).
int captions_over_marks = 0;

// Checks the board's labels of the view as shown; returns the number of
// route numbers the tooltip was tried over.
int check_board(const viewer::ReplayView& view, const std::string& where) {
  INFO(where);
  const auto texts = view.text_boxes();
  const auto pieces = view.pieces();  // icon marks included
  const auto marks = icon_marks(view);
  CHECK(first_overlap(texts) == "");
  auto is_mark = [&](const sf::FloatRect& p) { return std::find(marks.begin(), marks.end(), p) != marks.end(); };
  // The scene's own texts stay off pieces and icon marks; captions off
  // pieces, and off icon marks wherever the board leaves room.
  for (const sf::FloatRect& t : viewer::free_text_boxes(view.prepared()))
    for (const sf::FloatRect& p : pieces) {
      INFO("text " << describe(t) << " covers piece or mark " << describe(p));
      CHECK_FALSE(viewer::boxes_overlap(t, p));
    }
  for (const sf::FloatRect& c : view.paths().caption_boxes()) {
    bool over_mark = false;
    for (const sf::FloatRect& p : pieces) {
      if (!viewer::boxes_overlap(c, p)) continue;
      over_mark = over_mark || is_mark(p);
      INFO("caption " << describe(c) << " covers piece " << describe(p));
      CHECK(is_mark(p));
    }
    captions_over_marks += over_mark;
  }
  // Route numbers are pinned to their lots: off every piece, but an empty
  // icon lot on a route shows its number.
  for (const sf::FloatRect& n : view.paths().label_boxes())
    for (const sf::FloatRect& p : pieces) {
      if (is_mark(p)) continue;
      INFO("route number " << describe(n) << " covers piece " << describe(p));
      CHECK_FALSE(viewer::boxes_overlap(n, p));
    }
  // A tooltip for the pointer on a route number covers no text and no piece.
  int tried = 0;
  for (const sf::FloatRect& n : view.paths().label_boxes()) {
    const sf::Vector2f at(n.left + n.width / 2, n.top + n.height / 2);
    const sf::FloatRect tip = view.tooltip_box(at, {300, 40});
    for (const auto* set : {&texts, &pieces})
      for (const sf::FloatRect& b : *set) {
        INFO("tooltip " << describe(tip) << " for the pointer at a route number covers " << describe(b));
        CHECK_FALSE(viewer::boxes_overlap(tip, b));
      }
    ++tried;
  }
  return tried;
}

// Seed-1 at `ply` with `select` selected, its paths drawn in full.
struct Shown {
  std::unique_ptr<viewer::ReplaySession> session;
  std::unique_ptr<viewer::ReplayView> view;
};
Shown seed_1_at(int ply, const std::string& select) {
  Shown s;
  s.session = viewer::ReplaySession::open(sample("seed-1.ghlog"), {});
  s.view = std::make_unique<viewer::ReplayView>(*s.session, test_font());
  s.view->go_to(ply, false);
  s.view->select(select, false);
  s.view->finish();
  return s;
}

}  // namespace

TEST_CASE("no label overlaps another or covers a piece, at every ply of every sample, every selection",
          "[pixels][layout][long]") {
  require_display();
  int positions = 0, captions = 0, tooltips = 0;
  for (const std::string& log : samples()) {
    auto session = viewer::ReplaySession::open(log, {});
    if (!session->has_scenes()) continue;
    viewer::ReplayView view(*session, test_font());
    view.set_overlays(every_overlay(view.scene()));
    for (int ply = 0; ply <= session->plies(); ++ply) {
      view.select("", false);
      view.go_to(ply, false);
      const std::string name = std::filesystem::path(log).filename().string();
      check_board(view, fmt::format("{} ply {} no selection", name, ply));
      ++positions;
      const auto cycle = view.scene().cycle();
      for (const std::string& sel : cycle) {
        view.select(sel, false);
        view.finish();
        captions += static_cast<int>(view.paths().caption_boxes().size());
        tooltips += check_board(view, fmt::format("{} ply {} selected {}", name, ply, sel));
        ++positions;
      }
    }
  }
  // The walk saw routes and captions (a walk over nothing proves nothing).
  // (On the samples of this commit: 1587 positions, 1370 captions, 5402
  // tooltips.)
  CHECK(positions >= 1587);
  CHECK(captions >= 1370);
  CHECK(tooltips >= 5402);
  // Only where the board is full (every overlay on): seed-3 from ply 35,
  // D10's caption "blue A10: tie, no bonus" over the top of B8's icon.
  CHECK(captions_over_marks == 9);
}

TEST_CASE("the two bonus captions of green tower A3 (seed-1, ply 11) stand apart, off the route numbers",
          "[pixels][layout]") {
  require_display();
  const Shown shown = seed_1_at(11, "A3");
  const viewer::ReplayView& view = *shown.view;
  const auto captions = view.paths().caption_boxes();
  REQUIRE(captions.size() == 2);
  CHECK_FALSE(viewer::boxes_overlap(captions[0], captions[1]));
  for (const sf::FloatRect& n : view.paths().label_boxes())
    for (const sf::FloatRect& c : captions) CHECK_FALSE(viewer::boxes_overlap(n, c));
}

TEST_CASE("a caption stays off the tiles' icon marks: B2's \"3 × 4 = 12\" off A1's icon (seed-1, ply 20)",
          "[pixels][layout]") {
  require_display();
  const Shown shown = seed_1_at(20, "B2");
  const viewer::ReplayView& view = *shown.view;
  const auto captions = view.paths().caption_boxes();
  REQUIRE(captions.size() == 1);
  const viewer::PreparedShape* a1 = view.prepared().find("icon:A1");
  REQUIRE(a1);
  CHECK(a1->source->solid());
  CHECK_FALSE(viewer::boxes_overlap(captions[0], a1->bounds));
  for (const sf::FloatRect& mark : icon_marks(view)) {
    INFO("caption " << describe(captions[0]) << " covers icon mark " << describe(mark));
    CHECK_FALSE(viewer::boxes_overlap(captions[0], mark));
  }
}

TEST_CASE("place_box keeps the preferred place when it is free and takes the nearest free one otherwise",
          "[unit][layout]") {
  const sf::FloatRect area{0, 0, 200, 100};
  CHECK(viewer::place_box({50, 50}, {20, 10}, {}, area) == sf::FloatRect(40, 45, 20, 10));
  // Blocked in the middle (a block 40 wide, 20 high): 4 steps of 4 pixels
  // up (cost 2 x 4²) beat 8 sideways (8²); up before down.
  const std::vector<sf::FloatRect> block{{30, 40, 40, 20}};
  const sf::FloatRect moved = viewer::place_box({50, 50}, {20, 10}, block, area);
  CHECK(moved == sf::FloatRect(40, 29, 20, 10));
  // A tall narrow block is passed sideways: 4 steps (left before right).
  const std::vector<sf::FloatRect> tall{{45, 0, 10, 100}};
  CHECK(viewer::place_box({50, 50}, {20, 10}, tall, area) == sf::FloatRect(24, 45, 20, 10));
  // Nowhere free: the least overlap, still inside the area.
  const sf::FloatRect full = viewer::place_box({50, 50}, {20, 10}, {{0, 0, 200, 100}}, area);
  CHECK(full.left >= 0);
  CHECK(full.left + full.width <= 200);
}

TEST_CASE("the side panel's texts never overlap, at 800x500, 1280x800 and 1920x1200", "[pixels][layout]") {
  require_display();
  struct Case {
    std::string log;
    int ply;
    std::string select;
  };
  const std::vector<Case> cases = {{"seed-1.ghlog", 11, "A3"}, {"seed-1.ghlog", 20, ""}, {"seed-2.ghlog", 30, "D6"},
                                   {"seed-3.ghlog", -1, ""},   {"city_planning-seed-7.ghlog", -1, ""},
                                   {"city_planning-seed-1.ghlog", 40, ""}};
  for (const sf::Vector2u size : {sf::Vector2u(800, 500), sf::Vector2u(1280, 800), sf::Vector2u(1920, 1200)}) {
    for (const Case& c : cases) {
      auto session = viewer::ReplaySession::open(sample(c.log), {});
      viewer::ReplayView view(*session, test_font());
      view.set_overlays(every_overlay(view.scene()));
      view.set_pixel_scale(viewer::pixel_scale_for(size));
      view.go_to(c.ply < 0 ? session->plies() : c.ply, false);
      if (!c.select.empty()) view.select(c.select, false);
      INFO(c.log << " ply " << c.ply << " at " << size.x << "x" << size.y);
      const auto boxes = view.panel().item_boxes();
      REQUIRE(boxes.size() > 40);
      // At least a pixel between any two (columns and spans never touch).
      CHECK(first_overlap(boxes, 1) == "");
      for (const sf::FloatRect& b : boxes) {
        INFO(describe(b) << " leaves the panel");
        CHECK(b.left >= viewer::kPanelArea.left);
        CHECK(b.left + b.width <= viewer::kPanelArea.left + viewer::kPanelArea.width);
      }
    }
  }
}
