// The engine, live, on the board (docs/viewer.md, "The engine, live"): its
// best moves as numbered discs at their lots, drawn in the picture, a click
// on disc 1 playing that move, the discs gone when the position changes or
// the engine is off, in every game; --analysis-threads (and `gamehost
// analyze --live --threads`) refused outside 1..the machine's cores; the
// search using at most that many threads.
#include <catch2/catch.hpp>

#include <dirent.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <map>
#include <thread>

#include "viewer/analysis/analysis_input.h"
#include "analysis_test_support.h"
#include "viewer/export/headless.h"
#include "viewer_test_support.h"

using namespace viewer_test;
namespace pb = gamehost::v1;
namespace fs = std::filesystem;

namespace {

sf::Event ctrl_l() {
  sf::Event e;
  e.type = sf::Event::KeyPressed;
  e.key = {sf::Keyboard::L, false, true, false, false};
  return e;
}

// Polls as the window's frames do until `done` or `seconds` pass.
template <typename Done>
bool poll(viewer::AnalysisControls& controls, double seconds, Done done) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < end) {
    controls.sync(1);
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// The picture at 1280x800 (one pixel per logical pixel): the board, then
// the analysis board's discs and panel, as the window draws them.
sf::Image picture(viewer::ReplayView& view, viewer::AnalysisControls& controls) {
  viewer::Offscreen off({1280, 800});
  off.render(view);
  controls.sync(1);
  controls.draw(off.texture());
  off.texture().display();
  return off.texture().getTexture().copyToImage();
}

sf::Color pixel(const sf::Image& image, sf::Vector2f p) {
  return image.getPixel(static_cast<unsigned>(p.x), static_cast<unsigned>(p.y));
}

bool near_point(sf::Vector2f a, sf::Vector2f b) { return std::abs(a.x - b.x) < 1 && std::abs(a.y - b.y) < 1; }

int threads_now() {
  int n = 0;
  for (const auto& e : fs::directory_iterator("/proc/self/task")) n += e.is_directory();
  return n;
}

}  // namespace

TEST_CASE("engine on the board: numbered discs at a proved endgame's best moves; a click on disc 1 plays it",
          "[pixels][analysis]") {
  require_display();
  const std::string log = fresh_copy("seed-1.ghlog", "engine-board");
  auto session = viewer::ReplaySession::open(log, {});
  viewer::ReplayView view(*session, test_font());
  viewer::AnalysisControls controls(*session, view, test_font());
  view.go_to(44, false);
  const sf::Vector2f a2 = area_centre(*session, controls, "A2"), a4 = area_centre(*session, controls, "A4");
  const sf::Image before = picture(view, controls);
  REQUIRE(controls.handle(ctrl_l(), {}));
  // Proved by the solver (analysis_test.cc): KD@A2 +49 first, KD@A4 +36.
  REQUIRE(poll(controls, 5, [&] { return controls.engine_update().exact; }));
  controls.sync(1);  // the frame after the proof
  const std::vector<viewer::EngineMarker> markers = controls.engine_markers().markers();
  REQUIRE(markers.size() == 2);
  CHECK(markers[0].rank == 1);
  CHECK(near_point(markers[0].centre, a2));
  CHECK(markers[1].rank == 2);
  CHECK(near_point(markers[1].centre, a4));
  // In the picture: each disc's dark fill beside its digit, its rank's
  // outline at its rim; neither was there before.
  const sf::Image shown = picture(view, controls);
  for (const auto& m : markers) {
    const sf::Vector2f fill{m.centre.x + m.radius * 0.75f, m.centre.y};
    const sf::Vector2f rim{m.centre.x + m.radius + 1, m.centre.y};
    INFO("disc " << m.rank << ": fill " << describe(pixel(shown, fill)) << ", rim " << describe(pixel(shown, rim)));
    CHECK(near(pixel(shown, fill), viewer::kEngineMarkerFill, 24));
    CHECK(near(pixel(shown, rim), viewer::engine_marker_outline(m.rank), 24));
    CHECK(!near(pixel(before, rim), viewer::engine_marker_outline(m.rank), 24));
  }
  // A click on disc 1 plays KD@A2, the recorded move: the board follows
  // the game; the old discs are gone (the engine searches ply 45 now).
  REQUIRE(controls.handle(left_click(), a2));
  CHECK(controls.board().current() == controls.board().tree().game_node(45));
  CHECK(!view.off_game());
  controls.sync(1);
  for (const auto& m : controls.engine_markers().markers()) CHECK(!near_point(m.centre, a2));
  // Off: no discs, in the model or the picture.
  REQUIRE(controls.handle(ctrl_l(), {}));
  CHECK(!controls.engine_on());
  controls.board().go_to(controls.board().tree().game_node(44), false);
  CHECK(controls.engine_markers().markers().empty());
  const sf::Image off = picture(view, controls);
  const sf::Vector2f rim{a2.x + markers[0].radius + 1, a2.y};
  CHECK(!near(pixel(off, rim), viewer::engine_marker_outline(1), 24));
}

TEST_CASE("engine on the board: every game's suggestions get discs at their clickable areas",
          "[pixels][analysis]") {
  require_display();
  for (const auto& [name, ply] : std::vector<std::pair<std::string, int>>{
           {"connect_four-seed-1.ghlog", 4}, {"seed-2.ghlog", 10}, {"city_planning-seed-1.ghlog", 21}}) {
    INFO(name << " ply " << ply);
    auto session = viewer::ReplaySession::open(sample(name), {});
    viewer::ReplayView view(*session, test_font());
    viewer::AnalysisControls controls(*session, view, test_font());
    view.go_to(ply, false);
    controls.set_engine(true);
    REQUIRE(poll(controls, 5, [&] {
      const auto u = controls.engine_update();
      return !u.problem.empty() || !u.top.empty();
    }));
    controls.sync(1);
    const auto update = controls.engine_shown();
    REQUIRE(update.problem.empty());
    const auto& markers = controls.engine_markers().markers();
    REQUIRE(!markers.empty());
    for (const auto& m : markers) {
      REQUIRE(m.rank >= 1);
      REQUIRE(m.rank <= static_cast<int>(update.top.size()));
      CHECK(m.action == update.top[static_cast<std::size_t>(m.rank - 1)].action);
      // The disc lies on the area a click plays that move from.
      pb::ViewOptions v;
      v.set_hit_actions(true);
      pb::Scene scene;
      session->render(ply, v, scene);
      const pb::HitArea* target = viewer::hit_area_at(scene, m.centre);
      REQUIRE(target != nullptr);
      CHECK(std::count(target->actions().begin(), target->actions().end(), m.action) == 1);
    }
  }
}

// Issue 43, item 12: a column is one clickable area, so a disc at its
// centre lay mid-column over the discs and the last-move brackets. Each
// drop's disc goes on the empty cell the drop fills (HitArea.mark_at).
TEST_CASE("engine on the board: Connect Four's discs sit on the cell each drop fills, clear of the discs",
          "[unit][analysis]") {
  auto session = viewer::ReplaySession::open(sample("connect_four-seed-1.ghlog"), {});
  const int ply = std::min(16, session->plies() - 1);  // render fills in the last move
  pb::ViewOptions v;
  v.set_hit_actions(true);
  pb::Scene scene;
  session->render(ply, v, scene);
  const viewer::BoardTransform t = viewer::board_transform(scene);
  // The discs on the board and the tallest column's height.
  std::vector<std::pair<sf::Vector2f, float>> discs;
  std::map<std::string, int> height;
  for (const auto& layer : scene.layers())
    for (const auto& shape : layer.shapes())
      if (shape.id().rfind("disc:", 0) == 0) {
        discs.push_back({t.map(shape.circle().center()), t.length(shape.circle().radius())});
        ++height[shape.id().substr(5, 1)];
      }
  REQUIRE(std::any_of(height.begin(), height.end(), [](const auto& h) { return h.second >= 3; }));
  int checked = 0;
  for (const auto& hit : scene.hits())
    for (const std::uint32_t action : hit.actions()) {
      gamehost::review::Suggestion s;
      s.action = action;
      const auto markers = viewer::place_engine_markers(scene, {s});
      REQUIRE(markers.size() == 1);
      const viewer::EngineMarker& m = markers.front();
      const std::string column = hit.hover();
      INFO("column " << column << " holding " << height[column] << " discs; marker at " << m.centre.x << ","
                     << m.centre.y);
      // The centre of the cell the drop fills (row height + 1, 1 at the bottom).
      const sf::Vector2f cell = t.map(hit.rect().x() + 0.5f, 6 - height[column] - 0.5f);
      CHECK(std::abs(m.centre.x - cell.x) < 1);
      CHECK(std::abs(m.centre.y - cell.y) < 1);
      for (const auto& [centre, radius] : discs) {
        const sf::Vector2f d = m.centre - centre;
        CHECK(std::sqrt(d.x * d.x + d.y * d.y) >= radius + m.radius);
      }
      ++checked;
    }
  CHECK(checked == 7 - static_cast<int>(std::count_if(height.begin(), height.end(),
                                                      [](const auto& h) { return h.second == 6; })));
}

TEST_CASE("engine threads: --analysis-threads and analyze --live --threads outside 1..cores are refused",
          "[cli][analysis]") {
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  for (const std::string n : {"0", "99999"}) {
    const Run r = run_viewer({sample("seed-1.ghlog"), "--analysis-threads", n, "--dump-panel", "-"});
    CHECK(r.exit_code == 2);
    CHECK(r.err == "replay-viewer: --analysis-threads " + n + ": give 1 to " + std::to_string(cores) +
                       " (this machine's cores)\n");
    const Run g = run(GAMEHOST_BIN, {"analyze", sample("seed-1.ghlog"), "--ply", "44", "--live", "--threads", n});
    CHECK(g.exit_code == 2);
    CHECK(g.err.find("--threads " + n + ": give 1 to " + std::to_string(cores) + " (this machine's cores)") !=
          std::string::npos);
  }
  const Run ok = run_viewer({sample("seed-1.ghlog"), "--analysis-threads", std::to_string(cores), "--dump-panel", "-"});
  CHECK(ok.exit_code == 0);
  const Run help = run_viewer({"--help"});
  CHECK(help.out.find("--analysis-threads") != std::string::npos);
}

TEST_CASE("engine threads: the live search runs on at most N threads", "[unit][analysis]") {
  auto session = viewer::ReplaySession::open(sample("connect_four-seed-1.ghlog"), {});
  const int base = threads_now();
  for (int n : {1, 2}) {
    INFO(n << " search threads");
    gamehost::review::LiveAnalysis live(session->plugin(), session->state(4), n);
    // Until every thread runs and a result is out (up to 10 s: the search is
    // niced, and a sanitizer build on a loaded machine is slow), then a
    // while longer: never more than N.
    int most = 0;
    for (int i = 0; i < 1000 && (most < n || live.latest().iterations == 0); ++i) {
      most = std::max(most, threads_now() - base);
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    for (int i = 0; i < 30; ++i) {
      most = std::max(most, threads_now() - base);
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    CHECK(most == n);
    CHECK(live.latest().iterations > 0);
  }
}
