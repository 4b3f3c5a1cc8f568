// The analysis board (docs/viewer.md, "Analysis board") driven with real
// sf::Events in-process, as the window hands them over: a click on the
// board plays a move in each of the three games (a picker when several
// pieces fit, claim or decline after), illegal clicks name the ruling, the
// move box reads typed moves with `enter`'s errors, variations nest,
// promote, delete, are saved beside the log and found again; exact scores
// after a variation move in a hand-built Alien City position.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <thread>

#include "viewer/analysis/analysis_input.h"
#include "analysis_test_support.h"
#include "viewer/analysis/move_tree_panel.h"
#include "viewer/view/side_panel.h"
#include "viewer_test_support.h"

using namespace viewer_test;
namespace pb = gamehost::v1;
namespace fs = std::filesystem;

namespace {

sf::Event key(sf::Keyboard::Key code) {
  sf::Event e;
  e.type = sf::Event::KeyPressed;
  e.key = {code, false, false, false, false};
  return e;
}

void type(viewer::AnalysisControls& controls, const std::string& text) {
  for (char c : text) {
    sf::Event e;
    e.type = sf::Event::TextEntered;
    e.text.unicode = static_cast<unsigned char>(c);
    controls.handle(e, {});
  }
}

// Clicks the panel's clickable labelled `label` (a button, a picker row,
// a move of the tree) like a person would.
bool click_label(viewer::AnalysisControls& controls, const std::string& label) {
  controls.sync(1);
  for (const auto& c : controls.panel().clickables())
    if (c.label == label) {
      return controls.handle(left_click(), {c.rect.left + c.rect.width / 2, c.rect.top + c.rect.height / 2});
    }
  FAIL("nothing labelled " << label);
  return false;
}

std::string tower_id(const gamehost::VariationTree& tree, gamehost::VariationTree::NodeId node) {
  return tree.node(node).move.notation;
}

std::string panel_value(const pb::Scene& scene, const std::string& key) {
  for (const auto& section : scene.panel())
    for (const auto& line : section.lines())
      if (line.key() == key) return line.value();
  return "(no " + key + ")";
}

}  // namespace

TEST_CASE("Connect Four: a click on a column plays there, a full column says why, typed moves as enter reads them",
          "[pixels][analysis]") {
  require_display();
  const std::string log = fresh_copy("connect_four-seed-1.ghlog", "analysis-c4");
  auto session = viewer::ReplaySession::open(log, {});
  viewer::ReplayView view(*session, test_font());
  viewer::AnalysisControls controls(*session, view, test_font());
  const std::string recorded = session->moves()[0].notation;
  const std::string other = recorded == "a" ? "b" : "a";
  // Ply 0: a click on another column than the recorded first move.
  REQUIRE(controls.handle(left_click(), area_centre(*session, controls, other)));
  CHECK(view.off_game());
  CHECK(controls.board().tree().path_of(controls.board().current()) == "0:" + other);
  CHECK(fs::exists(log + ".ghvars"));
  // The move box: Enter, "h", Enter: enter's own error, nothing played.
  controls.handle(key(sf::Keyboard::Enter), {});
  type(controls, "h");
  controls.handle(key(sf::Keyboard::Enter), {});
  CHECK(controls.typing());
  CHECK(controls.board().message() == "'h' is not a column (a..g)");
  controls.handle(key(sf::Keyboard::BackSpace), {});
  type(controls, "c");
  controls.handle(key(sf::Keyboard::Enter), {});
  CHECK(!controls.typing());
  CHECK(controls.board().tree().path_of(controls.board().current()) == "0:" + other + ",c");
  // Fill column c (six discs in all) by clicks; the seventh is refused.
  for (int i = 0; i < 5; ++i) controls.handle(left_click(), area_centre(*session, controls, "c"));
  const auto before = controls.board().current();
  CHECK(controls.handle(left_click(), area_centre(*session, controls, "c")));
  CHECK(controls.board().current() == before);
  CHECK(controls.board().message() == "column c is full");
}

TEST_CASE("Alien City: a lot opens the picker of its pieces, then claim or decline; variations nest, promote, "
          "delete, and come back when the log is opened again", "[pixels][analysis]") {
  require_display();
  const std::string log = fresh_copy("seed-1.ghlog", "analysis-ac");
  std::string saved_tree;
  {
    auto session = viewer::ReplaySession::open(log, {});
    viewer::ReplayView view(*session, test_font());
    viewer::AnalysisControls controls(*session, view, test_font());
    // Ply 0, Black builds: a lot where several pieces fit opens the picker.
    std::string lot;
    for (const auto& name : {"E5", "D5", "E6", "D6", "C5", "F5"}) {
      const auto click = controls.board().click(area_centre(*session, controls, name));
      if (click.choices.size() > 1) {
        lot = name;
        break;
      }
    }
    REQUIRE(!lot.empty());
    REQUIRE(controls.handle(left_click(), area_centre(*session, controls, lot)));
    REQUIRE(controls.picking());
    // The picker's rows are the pieces' names; choose a tower.
    std::string tower;
    for (const auto& c : controls.panel().clickables())
      if (c.label.find("tower") != std::string::npos) tower = c.label;
    controls.sync(1);
    for (const auto& c : controls.panel().clickables())
      if (c.label.find("tower") != std::string::npos) tower = c.label;
    REQUIRE(!tower.empty());
    REQUIRE(click_label(controls, tower));
    CHECK(!controls.picking());
    CHECK(view.off_game());
    // Black may claim it: a click on the tower claims.
    REQUIRE(controls.handle(left_click(), area_centre(*session, controls, lot)));
    const auto claimed = controls.board().current();
    CHECK(controls.board().tree().node(claimed).move.notation == "claim@" + lot);
    // Back one move and decline instead: a variation nested in the variation.
    controls.handle(key(sf::Keyboard::Left), {});
    REQUIRE(click_label(controls, "decline"));
    const auto declined = controls.board().current();
    CHECK(controls.board().tree().node(declined).move.notation == "decline");
    const auto& tree = controls.board().tree();
    const auto build = tree.node(declined).parent;
    CHECK(tree.node(build).children == std::vector<gamehost::VariationTree::NodeId>{claimed, declined});
    // Promote: decline becomes the line's continuation.
    REQUIRE(click_label(controls, "promote"));
    CHECK(tree.node(build).children == std::vector<gamehost::VariationTree::NodeId>{declined, claimed});
    saved_tree = viewer::tree_text(tree, declined);
    // The variation under the first move, its nested claim under decline.
    CHECK(saved_tree.find("\n  1. " + tower_id(tree, build) + " [decline]\n    2. claim@" + lot + "\n") !=
          std::string::npos);
    // A second variation at ply 0, then deleted.
    REQUIRE(click_label(controls, "◀ back to the game"));
    CHECK(!view.off_game());
    controls.handle(key(sf::Keyboard::Enter), {});
    type(controls, "decline");
    controls.handle(key(sf::Keyboard::Enter), {});
    CHECK(controls.board().message().find("ruling R5") != std::string::npos);  // enter's words
    controls.handle(key(sf::Keyboard::Escape), {});
    CHECK(tree.leaves().size() == 2);
    // An illegal click at the start: the first lot where nothing may be
    // built says why in the game's ruling, and nothing is played.
    controls.board().go_to(tree.game_node(0), false);
    const auto nodes_before = tree.leaves();
    bool refused = false;
    for (int lot = 0; lot < 80 && !refused; ++lot) {
      const std::string name = std::string(1, static_cast<char>('A' + lot % 8)) + std::to_string(lot / 8 + 1);
      const auto click = controls.board().click(area_centre(*session, controls, name));
      if (!click.choices.empty() || click.refusal.empty()) continue;
      REQUIRE(controls.handle(left_click(), area_centre(*session, controls, name)));
      CHECK(controls.board().message() == click.refusal);
      CHECK(click.refusal.rfind("ruling R", 0) == 0);
      refused = true;
    }
    CHECK(refused);
    CHECK(tree.leaves() == nodes_before);
    CHECK(!view.off_game());
  }
  // Reopened: the same tree from LOG.ghvars, in the panel dump too.
  auto session = viewer::ReplaySession::open(log, {});
  viewer::ReplayView view(*session, test_font());
  viewer::AnalysisControls controls(*session, view, test_font());
  CHECK(controls.board().problem().empty());
  const auto& tree = controls.board().tree();
  REQUIRE(tree.leaves().size() == 2);
  const auto leaf = tree.leaves().back();
  CHECK(tree.node(leaf).move.notation == "decline");
  CHECK(viewer::tree_text(tree, leaf) == saved_tree);
  const Run dump = run_viewer({log, "--dump-panel", "-"});
  CHECK(dump.exit_code == 0);
  CHECK(dump.out.find("Analysis\tvariation\t0:") != std::string::npos);
}

TEST_CASE("City Planning: a point offers its stones, pass is a button", "[pixels][analysis]") {
  require_display();
  const std::string log = fresh_copy("city_planning-seed-1.ghlog", "analysis-cp");
  auto session = viewer::ReplaySession::open(log, {});
  viewer::ReplayView view(*session, test_font());
  viewer::AnalysisControls controls(*session, view, test_font());
  // The first ply where a player places stones.
  int ply = 0;
  pb::QueryFlags none;
  while (ply < session->plies() && session->plugin().query(session->state(ply), none).phase() != "stones") ++ply;
  REQUIRE(ply < session->plies());
  view.go_to(ply, false);
  // An empty point: both stones fit (a picker of two).
  REQUIRE(controls.handle(left_click(), area_centre(*session, controls, "K12")));
  REQUIRE(controls.picking());
  controls.sync(1);
  std::vector<std::string> labels;
  for (const auto& c : controls.panel().clickables())
    if (c.label.find("@K12") != std::string::npos) labels.push_back(c.label);
  CHECK(labels == std::vector<std::string>{"P@K12", "R@K12"});
  REQUIRE(click_label(controls, "R@K12"));
  CHECK(view.off_game());
  CHECK(controls.board().tree().node(controls.board().current()).move.notation == "R@K12");
  // The stone is drawn on K12 in the variation's scene.
  CHECK(find_shape(view.scene(), "stone:K12") != nullptr);
  // A click on it again: the point is taken, the ruling says so.
  const auto at = controls.board().current();
  controls.handle(left_click(), area_centre(*session, controls, "K12"));
  if (controls.board().current() == at) CHECK(controls.board().message().rfind("ruling C", 0) == 0);
  // A chance ply of the game: a seeded draw, or pick the outcome.
  int chance = 0;
  while (chance < session->plies() && session->plugin().query(session->state(chance), none).to_move() != -1) ++chance;
  REQUIRE(chance < session->plies());
  controls.board().go_to(controls.board().tree().game_node(chance), false);
  controls.sync(1);
  int outcomes = 0;
  for (const auto& c : controls.panel().clickables())
    if (c.hit.action && c.label != viewer::kRandomDraw) ++outcomes;
  CHECK(outcomes > 1);
  REQUIRE(click_label(controls, viewer::kRandomDraw));
  const auto drawn = controls.board().current();
  // (When the draw is the recorded outcome the board simply follows the game.)
  CHECK(controls.board().tree().node(drawn).ply == chance + 1);
  // The same draw every time at this position.
  controls.board().go_to(controls.board().tree().game_node(chance), false);
  REQUIRE(click_label(controls, viewer::kRandomDraw));
  CHECK(controls.board().current() == drawn);
}

TEST_CASE("a damaged sidecar is named in the panel and ignored; the log opens", "[pixels][analysis]") {
  require_display();
  const std::string log = fresh_copy("connect_four-seed-1.ghlog", "analysis-damaged");
  write_file(log + ".ghvars", "not variations at all");
  auto session = viewer::ReplaySession::open(log, {});
  viewer::ReplayView view(*session, test_font());
  viewer::AnalysisControls controls(*session, view, test_font());
  CHECK(controls.board().problem() == log + ".ghvars: byte 0: not a gamehost variations file (wrong magic) "
                                            "(ignored; the log opens without them)");
  CHECK(!controls.board().tree().has_variations());
  const Run dump = run_viewer({log, "--dump-panel", "-"});
  CHECK(dump.exit_code == 0);
  CHECK(dump.out.find("Analysis\tproblem\t\t" + log + ".ghvars: byte 0:") != std::string::npos);
  // Playing a variation keeps the damaged file aside, never over it.
  controls.handle(left_click(), area_centre(*session, controls, session->moves()[0].notation == "a" ? "b" : "a"));
  CHECK(read_file(log + ".ghvars.damaged") == "not variations at all");
  CHECK(fs::exists(log + ".ghvars"));
}

TEST_CASE("exact scores after a variation move in a hand-built Alien City position", "[pixels][analysis]") {
  require_display();
  // The rules' scoring example with the black dome on D3 not built yet:
  // Black has it in hand, D3 is a street.
  std::string diagram = read_file(seed_position_file());
  diagram.replace(diagram.find("to-move: over"), 13, "to-move: Black build");
  diagram.replace(diagram.find("Black: RT0 BT0 GT0 RD0 BD0 GD0 KD0 caps0"), 40,
                  "Black: RT0 BT0 GT0 RD0 BD0 GD0 KD1 caps0");
  const std::string row3 = " 3  g.g. g... k.k. k.k. g.GW";
  REQUIRE(diagram.find(row3) != std::string::npos);
  diagram.replace(diagram.find(row3), row3.size(), " 3  g.g. g... k.k. k... g.GW");
  const auto dir = temp_dir("analysis-scores");
  write_file(dir / "open-d3.txt", diagram);
  const fs::path log = dir / "open-d3.ghlog";
  fs::remove(log.string() + ".ghvars");
  write_position_log((dir / "open-d3.txt").string(), log);
  auto session = viewer::ReplaySession::open(log, {});
  viewer::ReplayView view(*session, test_font());
  viewer::AnalysisControls controls(*session, view, test_font());
  // Before: tower C on E3 reaches its competitor A4 in 6 streets through
  // D3; White 75, Black 60.
  CHECK(panel_value(view.scene(), "tower.E3") == "24");
  CHECK(panel_value(view.scene(), "tower.H4") == "18");
  CHECK(panel_value(view.scene(), "total.White") == "75");
  CHECK(panel_value(view.scene(), "total.Black") == "60");
  // One legal piece on D3: a click builds it at once.
  REQUIRE(controls.handle(left_click(), area_centre(*session, controls, "D3")));
  CHECK(!controls.picking());
  CHECK(controls.board().tree().path_of(controls.board().current()) == "0:KD@D3");
  // After: the 19-street route to C5, 2 x 19 = 38; the game is over, 89-66.
  CHECK(panel_value(view.scene(), "tower.E3") == "38");
  CHECK(panel_value(view.scene(), "tower.H4") == "24");
  CHECK(panel_value(view.scene(), "total.White") == "89");
  CHECK(panel_value(view.scene(), "total.Black") == "66");
  // The same through --dump-panel --variation, from the sidecar.
  const Run dump = run_viewer({log.string(), "--variation", "0:KD@D3", "--dump-panel", "-"});
  CHECK(dump.exit_code == 0);
  CHECK(dump.out.find("\ttotal.White\t89\t") != std::string::npos);
  CHECK(dump.out.find("Analysis\tnode\t0:KD@D3\ta variation\n") != std::string::npos);
}

TEST_CASE("the engine, live: Ctrl+L searches the shown position, a proved endgame's best move is exact and "
          "plays by a click", "[pixels][analysis]") {
  require_display();
  const std::string log = fresh_copy("seed-1.ghlog", "analysis-engine");
  auto session = viewer::ReplaySession::open(log, {});
  viewer::ReplayView view(*session, test_font());
  viewer::AnalysisControls controls(*session, view, test_font());
  view.go_to(44, false);
  sf::Event ctrl_l = key(sf::Keyboard::L);
  ctrl_l.key.control = true;
  REQUIRE(controls.handle(ctrl_l, {}));
  REQUIRE(controls.engine_on());
  // Proved within 2 s (the solver; polled as the window's frames do).
  for (int i = 0; i < 40 && !controls.engine_update().exact; ++i) {
    controls.sync(1);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  REQUIRE(controls.engine_update().exact);
  REQUIRE(click_label(controls, "1. KD@A2  +49.0  100%  exact"));
  // The recorded move: the board follows the game, the engine the board.
  CHECK(controls.board().current() == controls.board().tree().game_node(45));
  CHECK(!view.off_game());
  controls.sync(1);
  CHECK(controls.engine_on());
  REQUIRE(controls.handle(ctrl_l, {}));
  CHECK(!controls.engine_on());
}

// The panel's header says where a variation is (issue 43: it kept "Ply 0 of
// 35" however deep the line went): the game's ply it leaves from, the
// moves played since, and the depth of a line inside a line.
TEST_CASE("a variation's panel header: the ply it leaves from, its moves, its depth", "[pixels][analysis]") {
  require_display();
  const std::string log = fresh_copy("connect_four-seed-1.ghlog", "analysis-header");
  auto session = viewer::ReplaySession::open(log, {});
  viewer::ReplayView view(*session, test_font());
  viewer::AnalysisControls controls(*session, view, test_font());
  CHECK(view.panel_state().position.empty());  // on the game: "Ply N of M"
  const std::string recorded = session->moves()[0].notation;
  const std::string other = recorded == "a" ? "b" : "a";
  REQUIRE(controls.handle(left_click(), area_centre(*session, controls, other)));
  CHECK(view.panel_state().position == "Variation: ply 0 + 1 move");
  for (const char* column : {"c", "d", "e"}) controls.handle(left_click(), area_centre(*session, controls, column));
  CHECK(controls.board().tree().path_of(controls.board().current()) == "0:" + other + ",c,d,e");
  CHECK(view.panel_state().position == "Variation: ply 0 + 4 moves");
  // Back one move, another reply: a line inside the variation.
  controls.board().step(-1);
  controls.handle(left_click(), area_centre(*session, controls, "g"));
  CHECK(view.panel_state().position == "Variation: ply 0 + 4 moves (depth 2)");
  controls.board().back_to_game();
  CHECK(view.panel_state().position.empty());
}

// The engine's list is ranked by visits (the search's choice), not by the
// margin it shows: each row says its visits, so "2. +14.8" above "3. +15.1"
// reads as what it is (issue 43).
TEST_CASE("the live engine's rows show the visits they are ranked by", "[unit][analysis]") {
  gamehost::review::Suggestion second{1, "GT@G10", 14.8, 0.61, 120, false};
  gamehost::review::Suggestion third{2, "GT@F8", 15.1, 0.62, 95, false};
  CHECK(viewer::engine_row_label(second, 2) == "2. GT@G10  +14.8  61%  120 visits");
  CHECK(viewer::engine_row_label(third, 3) == "3. GT@F8  +15.1  62%  95 visits");
  gamehost::review::Suggestion proved{3, "KD@A2", 49, 1, 0, true};
  CHECK(viewer::engine_row_label(proved, 1) == "1. KD@A2  +49.0  100%  exact");
}

// City Planning's picker (issue 43): its title ran over the box's border and
// its rows had no numbers, though the keys 1-9 choose them.
TEST_CASE("the picker: numbered rows as the keys choose them, the title inside its box", "[pixels][analysis]") {
  require_display();
  const std::string log = fresh_copy("city_planning-seed-1.ghlog", "analysis-picker");
  auto session = viewer::ReplaySession::open(log, {});
  viewer::ReplayView view(*session, test_font());
  viewer::AnalysisControls controls(*session, view, test_font());
  int ply = 0;
  pb::QueryFlags none;
  while (ply < session->plies() && session->plugin().query(session->state(ply), none).phase() != "stones") ++ply;
  REQUIRE(ply < session->plies());
  view.go_to(ply, false);
  REQUIRE(controls.handle(left_click(), area_centre(*session, controls, "K12")));
  REQUIRE(controls.picking());
  controls.sync(1);
  std::vector<std::string> shown;
  for (const auto& c : controls.panel().clickables())
    if (c.label.find("@K12") != std::string::npos) shown.push_back(c.shown);
  CHECK(shown == std::vector<std::string>{"1  P@K12", "2  R@K12"});
  const sf::FloatRect box = controls.panel().picker_box();
  CHECK(box.left + 10 + controls.panel().picker_title_width() <= box.left + box.width - 10);
  // Key 2 plays the second row.
  REQUIRE(controls.handle(key(sf::Keyboard::Num2), {}));
  CHECK(controls.board().tree().node(controls.board().current()).move.notation == "R@K12");
}
