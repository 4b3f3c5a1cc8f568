// The board copied from its texture (board_cache.h) gives the very pixels
// of the board drawn live: at rest, after a hover (a new scene, live once),
// in a window of another shape (letterboxed), through the real renderer
// under Xvfb.
#include <catch2/catch.hpp>

#include "viewer/export/headless.h"
#include "viewer/view/replay_view.h"
#include "viewer_test_support.h"

using namespace viewer_test;

namespace {

struct Views {
  std::unique_ptr<viewer::ReplaySession> session = viewer::ReplaySession::open(sample("seed-2.ghlog"), {});
  viewer::ReplayView live{*session, test_font()}, cached{*session, test_font()};

  Views() {
    for (auto* v : {&live, &cached}) {
      v->set_overlays({"streets", "legal", "paths"});
      v->go_to(session->plies() * 2 / 3, false);
      v->select(v->scene().cycle(0), false);
    }
    cached.set_board_cache(true);
  }
  void hover(const std::string& lot) {
    live.hover(lot);
    cached.hover(lot);
  }
};

// Pixels that differ between two images of the same size.
int differing(const sf::Image& a, const sf::Image& b) {
  int n = 0;
  for (unsigned y = 0; y < a.getSize().y; ++y)
    for (unsigned x = 0; x < a.getSize().x; ++x) n += a.getPixel(x, y) != b.getPixel(x, y);
  return n;
}

}  // namespace

TEST_CASE("the board copied from its texture is pixel for pixel the board drawn live", "[pixels]") {
  require_display();
  for (const sf::Vector2u size : {sf::Vector2u{1280, 800}, sf::Vector2u{1000, 900}}) {
    INFO("size " << size.x << "x" << size.y);
    Views v;
    viewer::Offscreen off(size, 0);  // the copy has no multisampling, nor has this target
    const sf::Image want = off.render(v.live);
    CHECK(differing(off.render(v.cached), want) == 0);  // the scene's first frame: live
    CHECK(v.cached.board_copies() == 0);
    CHECK(differing(off.render(v.cached), want) == 0);  // built and copied
    CHECK(differing(off.render(v.cached), want) == 0);  // copied
    CHECK(v.cached.board_copies() == 2);

    v.hover("D5");  // a new scene: live once, then copied
    const sf::Image hovered = off.render(v.live);
    REQUIRE(differing(hovered, want) > 0);
    CHECK(differing(off.render(v.cached), hovered) == 0);
    CHECK(v.cached.board_copies() == 2);
    CHECK(differing(off.render(v.cached), hovered) == 0);
    CHECK(v.cached.board_copies() == 3);
  }
}
