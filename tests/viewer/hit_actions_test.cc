// Clickable moves (docs/interface.md, "Clickable moves") through the real
// plugins: with ViewOptions.hit_actions every legal action a click can
// reach is in exactly one hit area, the rest are the game's off-board
// moves (decline, pass, chance), and an area with nothing legal names the
// ruling. Without the option the areas carry nothing.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "viewer/session/replay_session.h"
#include "viewer_test_support.h"

using namespace viewer_test;
namespace pb = gamehost::v1;

namespace {

pb::ViewOptions clickable() {
  pb::ViewOptions v;
  v.set_hit_actions(true);
  return v;
}

struct Targets {
  std::map<std::uint32_t, std::string> on_board;  // action -> the area's hover value
  std::set<std::uint32_t> off_board;              // legal, in no area
  std::map<std::string, const pb::HitArea*> by_hover;
};

// Every legal action of the state after `ply`, sorted into the areas that
// hold it; REQUIREs that no action is in two areas and every area's action
// is legal.
Targets targets(viewer::ReplaySession& session, int ply, pb::Scene& scene) {
  session.render(ply, clickable(), scene);
  pb::QueryFlags flags;
  flags.set_legal_ids(true);
  const pb::StateInfo info = session.plugin().query(session.state(ply), flags);
  const std::set<std::uint32_t> legal(info.legal_ids().begin(), info.legal_ids().end());
  Targets t;
  for (const pb::HitArea& hit : scene.hits()) {
    t.by_hover[hit.hover()] = &hit;
    CHECK((hit.action_labels_size() == 0 || hit.action_labels_size() == hit.actions_size()));
    for (std::uint32_t id : hit.actions()) {
      INFO("action " << id << " in " << hit.hover());
      CHECK(legal.count(id) == 1);
      CHECK(t.on_board.emplace(id, hit.hover()).second);
    }
    if (hit.actions_size() > 0) CHECK(hit.refusal().empty());
  }
  for (std::uint32_t id : legal)
    if (!t.on_board.count(id)) t.off_board.insert(id);
  return t;
}

}  // namespace

TEST_CASE("Alien City: a lot carries the pieces legal there, a tower its claim; decline stays off the board",
          "[unit][analysis]") {
  auto session = viewer::ReplaySession::open(sample("seed-1.ghlog"), {});
  pb::Scene scene;
  for (int ply = 0; ply <= session->plies(); ++ply) {
    INFO("ply " << ply);
    const Targets t = targets(*session, ply, scene);
    const alien_city::State s = core_state(sample("seed-1.ghlog"), ply);
    if (s.is_over()) {
      CHECK(t.on_board.empty());
      CHECK(t.by_hover.at("A1")->refusal_code() == "R6");
    } else if (s.phase() == alien_city::Phase::Build) {
      CHECK(t.off_board.empty());
      CHECK(!t.on_board.empty());
    } else {
      // The claim decision: decline (id 640) is the only move off the board.
      CHECK(t.off_board == std::set<std::uint32_t>{640});
    }
  }
  // Ply 0 (Black builds first): exact targets on two lots.
  targets(*session, 0, scene);
  const pb::HitArea* e3 = nullptr;
  const pb::HitArea* a1 = nullptr;
  for (const auto& hit : scene.hits()) {
    if (hit.hover() == "E3") e3 = &hit;
    if (hit.hover() == "A1") a1 = &hit;
  }
  REQUIRE(e3);
  REQUIRE(a1);
  std::vector<std::string> labels(e3->action_labels().begin(), e3->action_labels().end());
  INFO("E3 offers " << labels.size());
  for (const auto& l : labels) CHECK((l.find("tower") != std::string::npos || l.find("dome") != std::string::npos));
  // Every id on E3 is a build on E3 (piece * 80 + lot, E3 = lot 20 + 4 = 24).
  const int e3_lot = 2 * 8 + 4;
  for (std::uint32_t id : e3->actions()) CHECK(static_cast<int>(id % 80) == e3_lot);
  CHECK((e3->actions_size() > 0 || !e3->refusal().empty()));
  // No area carries anything without the option.
  session->render(0, pb::ViewOptions(), scene);
  for (const auto& hit : scene.hits()) {
    CHECK(hit.actions_size() == 0);
    CHECK(hit.refusal().empty());
  }
}

TEST_CASE("Connect Four: a column carries its drop, a full column says so", "[unit][analysis]") {
  auto session = viewer::ReplaySession::open(sample("connect_four-seed-1.ghlog"), {});
  pb::Scene scene;
  bool saw_full = false;
  for (int ply = 0; ply <= session->plies(); ++ply) {
    INFO("ply " << ply);
    const Targets t = targets(*session, ply, scene);
    CHECK(t.off_board.empty());
    for (const auto& [id, hover] : t.on_board) CHECK(hover == std::string(1, static_cast<char>('a' + id)));
    for (const auto& [hover, hit] : t.by_hover)
      if (hit->refusal_code() == "full") {
        saw_full = true;
        CHECK(hit->refusal() == "column " + hover + " is full");
      }
    if (ply == session->plies()) {
      CHECK(t.on_board.empty());
      CHECK(t.by_hover.at("d")->refusal_code() == "over");
    }
  }
  // Ply 0: all seven columns, each one drop.
  const Targets start = targets(*session, 0, scene);
  CHECK(start.on_board.size() == 7);
  (void)saw_full;
}

TEST_CASE("City Planning: stones, Zones and Developments on their points; pass and chance off the board",
          "[unit][analysis]") {
  auto session = viewer::ReplaySession::open(sample("city_planning-seed-1.ghlog"), {});
  pb::Scene scene;
  int stones = 0, mains = 0, chance = 0;
  for (int ply = 0; ply <= session->plies(); ++ply) {
    INFO("ply " << ply);
    const Targets t = targets(*session, ply, scene);
    pb::QueryFlags flags;
    const pb::StateInfo info = session->plugin().query(session->state(ply), flags);
    if (info.to_move() == -1) {
      ++chance;
      CHECK(t.on_board.empty());  // chance outcomes are never on the board
    } else if (info.phase().find("stone") != std::string::npos) {
      ++stones;
      CHECK(t.off_board.empty());
      CHECK(!t.on_board.empty());
    } else if (!info.terminal()) {
      ++mains;
      CHECK(t.off_board == std::set<std::uint32_t>{722});  // pass
    }
  }
  CHECK(stones > 0);
  CHECK(mains > 0);
  CHECK(chance > 0);
}
