// The board editor (docs/viewer.md, "Position editor") driven with real
// sf::Events in-process, as the window hands them over: clicks on the lots
// and on the strip under the board open the plugin's pickers of edits, and
// a click on a row makes the edit. The rules' scoring example is built so
// from the empty city of a sample and scores 89-66; a split-streets city
// is built, saved (Ctrl+S), reopened with --position and scored with its
// warning. Also the window itself: Ctrl+E, a click, a picker row, Ctrl+S
// through XTest.
#include <catch2/catch.hpp>

#include <filesystem>

#include "alien_city/core/diagram.h"
#include "alien_city/core/serialize.h"
#include "viewer/analysis/analysis_board.h"
#include "analysis_test_support.h"
#include "viewer/analysis/position_editor.h"
#include "viewer/export/headless.h"
#include "viewer_test_support.h"

// Xlib last: its macros (Status, Bool) clash with protobuf's headers.
#include "x11_window.h"
#include <X11/keysym.h>
#include <unistd.h>

using namespace viewer_test;
namespace pb = gamehost::v1;
namespace fs = std::filesystem;
namespace ac = alien_city;

namespace {

std::string panel_value(const pb::Scene& scene, const std::string& key) {
  for (const auto& section : scene.panel())
    for (const auto& line : section.lines())
      if (line.key() == key) return line.value();
  return "(no " + key + ")";
}

sf::Event ctrl_key(sf::Keyboard::Key code) {
  sf::Event e;
  e.type = sf::Event::KeyPressed;
  e.key = {code, false, true, false, false};
  return e;
}

// The centre of the shown scene's hit area `hover` (a lot, or "editor
// turn" and the like on the strip), in logical coordinates.
sf::Vector2f area(const viewer::ReplayView& view, const std::string& hover) {
  for (const auto& hit : view.scene().hits())
    if (hit.hover() == hover) {
      const auto& r = hit.rect();
      return viewer::board_transform(view.scene()).map(r.x() + r.width() / 2, r.y() + r.height() / 2);
    }
  FAIL("no hit area " << hover);
  return {};
}

// A click on `hover`, then on the picker's row `label`, as a person would.
void edit(viewer::ReplayView& view, viewer::PositionEditor& editor, const std::string& hover,
          const std::string& label) {
  INFO(hover << ": " << label);
  REQUIRE(editor.handle(left_click(), area(view, hover)));
  const auto row = editor.picker_row(label);
  REQUIRE(row);
  REQUIRE(editor.handle(left_click(), *row));
  REQUIRE(editor.picker().empty());
  CHECK(editor.message().empty());
}

ac::State shown(const viewer::PositionEditor& editor) {
  auto s = ac::deserialize(editor.state());
  REQUIRE(s.ok());
  return *s;
}

// Every tile, icon, structure and cap of the diagram `file`, set by clicks.
void build(viewer::ReplayView& view, viewer::PositionEditor& editor, const std::string& file) {
  const auto target = ac::parse_diagram(read_file(file));
  REQUIRE(target.ok());
  for (int t = 0; t < ac::kTiles; ++t) {
    const ac::Lot sw = ac::tile_lot(t, ac::Corner::SouthWest);
    const ac::Colour c = target->tile_colour_of(sw);
    if (shown(editor).tile_colour_of(sw) != c) edit(view, editor, ac::lot_name(sw), "tile: " + std::string(ac::colour_name(c)));
    for (int corner = 0; corner < 4; ++corner) {
      const ac::Lot l = ac::tile_lot(t, static_cast<ac::Corner>(corner));
      if (target->is_icon_lot(l) && !shown(editor).is_icon_lot(l)) edit(view, editor, ac::lot_name(l), "the tile's icon here");
    }
  }
  for (ac::Lot l = 0; l < ac::kLots; ++l)
    if (const auto p = target->piece_at(l)) edit(view, editor, ac::lot_name(l), ac::piece_name(*p));
  for (ac::Lot l = 0; l < ac::kLots; ++l)
    if (const auto o = target->claimed_by(l))
      edit(view, editor, ac::lot_name(l), *o == ac::Player::White ? "White's cap" : "Black's cap");
}

// The board rows of a diagram (its header lines left out).
std::string board_rows(const ac::State& s) {
  const std::string d = ac::to_diagram(s);
  return d.substr(d.find("     A"));
}

}  // namespace

TEST_CASE("the editor builds the rules' scoring example by clicks from an empty city: 89-66",
          "[pixels][editor]") {
  require_display();
  const std::string log = fresh_copy("seed-1.ghlog", "editor-scoring");
  auto session = viewer::ReplaySession::open(log, {});
  viewer::ReplayView view(*session, test_font());
  viewer::PositionEditor editor(*session, view, test_font());
  REQUIRE(editor.available());
  const fs::path saved = fs::path(log).parent_path() / "scoring.txt";
  editor.start(session->state(0), saved);
  CHECK(view.off_game());
  const std::string example = std::string(SOURCE_DIR) + "/games/positions/seed-scoring.txt";
  build(view, editor, example);
  CHECK(board_rows(shown(editor)) == board_rows(*ac::parse_diagram(read_file(example))));
  CHECK(panel_value(view.scene(), "total.White") == "89");
  CHECK(panel_value(view.scene(), "total.Black") == "66");
  CHECK(panel_value(view.scene(), "tower.E3") == "38");  // tower C, 19 streets from C5
  CHECK(panel_value(view.scene(), "warning.1") == "(no warning.1)");
  // The strip under the board: both supplies emptied, the game over.
  edit(view, editor, "the city", "empty both supplies");
  CHECK(shown(editor).is_over());
  REQUIRE(editor.handle(ctrl_key(sf::Keyboard::S), {}));
  CHECK(editor.message() == "saved to " + saved.string());
  const Run dump = run_viewer({"--position", saved.string(), "--game", "alien_city", "--dump-panel", "-"});
  CHECK(dump.exit_code == 0);
  CHECK_THAT(dump.out, Catch::Contains("Score (final)\ttotal.White\t89\t"));
  CHECK_THAT(dump.out, Catch::Contains("Score (final)\ttotal.Black\t66\t"));
  // Undo, and leaving the editor, come back to the game's ply.
  REQUIRE(editor.undo());
  CHECK_FALSE(shown(editor).is_over());
  sf::Event esc = ctrl_key(sf::Keyboard::Escape);
  esc.key.control = false;
  REQUIRE(editor.handle(esc, {}));
  CHECK_FALSE(editor.active());
  CHECK_FALSE(view.off_game());
}

TEST_CASE("the editor: a split-streets city warns, saves, reopens with --position and scores with its warning",
          "[pixels][editor][split]") {
  require_display();
  const std::string log = fresh_copy("seed-1.ghlog", "editor-split");
  auto session = viewer::ReplaySession::open(log, {});
  viewer::ReplayView view(*session, test_font());
  viewer::PositionEditor editor(*session, view, test_font());
  const fs::path saved = fs::path(log).parent_path() / "split.txt";
  editor.start(session->state(0), saved);
  build(view, editor, std::string(SOURCE_DIR) + "/games/positions/split-streets.txt");
  // Not forbidden: warned, and scored as ruling R17 says.
  CHECK(panel_value(view.scene(), "warning.1") == "ruling R8 (rule 4)");
  CHECK(panel_value(view.scene(), "total.White") == "16");
  CHECK(panel_value(view.scene(), "total.Black") == "8");
  CHECK(panel_value(view.scene(), "tower.F3") == "0");
  // A turn the position cannot have is refused with the game's reason.
  REQUIRE(editor.handle(left_click(), area(view, "the turn")));
  REQUIRE(editor.handle(left_click(), *editor.picker_row("to move: White build")));
  CHECK_THAT(editor.message(), Catch::Contains("the streets break rule 4, so no build can follow: the game is over (ruling R17)"));
  REQUIRE(editor.handle(ctrl_key(sf::Keyboard::S), {}));
  REQUIRE(fs::exists(saved));
  const Run dump = run_viewer({"--position", saved.string(), "--game", "alien_city", "--dump-panel", "-"});
  CHECK(dump.exit_code == 0);
  CHECK_THAT(dump.out, Catch::Contains("\tstatus\tGame over: White wins, White 16, Black 8\t"));
  CHECK_THAT(dump.out, Catch::Contains("\twarning.1\truling R8 (rule 4)\truling R8 (rule 4): the streets are split "
                                       "into 2 networks, not one: "));
  CHECK_THAT(dump.out, Catch::Contains("Score (final)\ttower.F3\t0\t"));
  // The saved file is the diagram `gamehost show --position` reads.
  const auto back = ac::parse_diagram(read_file(saved));
  REQUIRE(back.ok());
  CHECK(ac::serialize(*back) == editor.state());
}

// Issue 43, item 10: the editor's bar half hid the move list's last row,
// its picker let the list show through, the strip's city read "tiles,
// empty it…" and its picker "Edit editor city".
TEST_CASE("the editor's bar hides panel rows whole, its picker is opaque, its strip names what it edits",
          "[pixels][editor]") {
  require_display();
  auto session = viewer::ReplaySession::open(sample("seed-1.ghlog"), {});
  viewer::ReplayView view(*session, test_font());
  viewer::PositionEditor editor(*session, view, test_font());
  int cut_before = 0;
  for (const int ply : {0, 10, 20, 30, 40}) {
    view.go_to(ply, false);
    editor.start(session->state(ply), temp_dir("editor-bar") / "p.txt");
    const sf::FloatRect bar = editor.bar_rect();
    for (const sf::FloatRect& b : view.panel().item_boxes()) {
      if (b.left >= bar.left + bar.width || b.left + b.width <= bar.left) continue;
      INFO("ply " << ply << ": a panel item at y " << b.top << ".." << b.top + b.height << ", the bar from " << bar.top);
      CHECK((b.top + b.height <= bar.top + 2 || b.top >= bar.top));  // above it, or under it whole
      cut_before += b.top < 740 && b.top + b.height > 740;  // the bar's old top
    }
    editor.stop();
  }
  CHECK(cut_before > 0);  // the rows the old bar cut are there to be covered
  // The strip's areas are named by what they edit; its values are whole.
  editor.start(session->state(40), temp_dir("editor-bar") / "p.txt");
  for (const char* name : {"the turn", "White's supply", "Black's supply", "the city"}) area(view, name);
  const pb::Shape* city = find_shape(view.scene(), "edit:city:value");
  REQUIRE(city);
  CHECK(city->text().content() == "layout · empty");
  // The picker over the list: its box is its fill, whatever lies under it.
  REQUIRE(editor.handle(left_click(), area(view, "the city")));
  REQUIRE(editor.picker().size() > 5);
  viewer::Offscreen off({1280, 800});
  off.render(view);
  editor.draw(off.texture(), 1);
  off.texture().display();
  const sf::Image image = off.texture().getTexture().copyToImage();
  const auto first = editor.picker_row(editor.picker().front().label);
  const auto last = editor.picker_row(editor.picker().back().label);
  REQUIRE(first);
  REQUIRE(last);
  int looked = 0;
  // The right end of each row, where no label reaches.
  for (float y = first->y - 8; y <= last->y + 8; y += 3)
    for (float x = 1236; x < 1256; x += 4) {
      const sf::Color c = image.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y));
      INFO("(" << x << ", " << y << "): " << describe(c));
      CHECK(near(c, viewer::kEditorPickerFill, 1));
      ++looked;
    }
  CHECK(looked > 100);
}

TEST_CASE("replay-viewer --position: a bad file or a missing --game is named", "[cli][editor]") {
  const auto dir = temp_dir("editor-cli");
  write_file(dir / "bad.txt", "to-move: Purple build\n");
  const Run bad = run_viewer({"--position", (dir / "bad.txt").string(), "--game", "alien_city", "--dump-panel", "-"});
  CHECK(bad.exit_code == 1);
  CHECK_THAT(bad.err, Catch::StartsWith("replay-viewer: error: " + (dir / "bad.txt").string() + ": "));
  const Run no_game = run_viewer({"--position", (dir / "bad.txt").string(), "--dump-panel", "-"});
  CHECK(no_game.exit_code == 2);
  CHECK(no_game.err == "replay-viewer: --position needs --game GAME\n");
}

namespace {

// A click at logical point `p` of the 1280x800 window (logical = pixels
// there) through XTest.
void click_window(Display* d, Window w, const FakeInput& input, sf::Vector2f p) {
  click_in_window(d, input, w, p, 300000);
  usleep(500000);
}

void ctrl_press(Display* d, const FakeInput& input, KeySym sym) {
  const unsigned ctrl = XKeysymToKeycode(d, XK_Control_L), k = XKeysymToKeycode(d, sym);
  input.key(d, ctrl, True, 0);
  input.key(d, k, True, 0);
  input.key(d, k, False, 0);
  input.key(d, ctrl, False, 0);
  XFlush(d);
  usleep(500000);
}

}  // namespace

TEST_CASE("the window: Ctrl+E edits the shown ply; a click, a picker row and Ctrl+S save it beside the log",
          "[cli][window][editor]") {
  Display* d = XOpenDisplay(nullptr);
  REQUIRE(d);  // under Xvfb (tests/with_xvfb.sh)
  const FakeInput input = load_fake_input();
  const fs::path log = fresh_copy("seed-1.ghlog", "editor-window");
  const auto dir = log.parent_path();
  // Where E3 and the picker's "red tower" row are: the same editor in-process.
  auto session = viewer::ReplaySession::open(log, {});
  viewer::ReplayView view(*session, test_font());
  viewer::PositionEditor probe(*session, view, test_font());
  probe.start(session->state(0), dir / "probe.txt");
  const sf::Vector2f lot = area(view, "E3");
  REQUIRE(probe.handle(left_click(), lot));
  const auto row = probe.picker_row("red tower");
  REQUIRE(row);

  const int pid = spawn(VIEWER_BIN, {log.string()}, dir / "out.txt", dir / "err.txt");
  const Window w = find_window(d);
  REQUIRE(w != 0);
  {  // the pointer into the window (the keys go where it is)
    int x = 0, y = 0;
    Window child;
    XTranslateCoordinates(d, w, DefaultRootWindow(d), 0, 0, &x, &y, &child);
    input.motion(d, -1, x + 640, y + 400, 0);
    XFlush(d);
    usleep(300000);
  }
  ctrl_press(d, input, XK_e);
  click_window(d, w, input, lot);
  click_window(d, w, input, *row);
  ctrl_press(d, input, XK_s);
  const fs::path saved = dir / "seed-1-ply0.position.txt";
  for (int i = 0; i < 50 && !fs::exists(saved); ++i) usleep(100000);
  const unsigned q = XKeysymToKeycode(d, XK_q);
  input.key(d, q, True, 0);
  input.key(d, q, False, 0);
  XFlush(d);
  const int status = wait_for(pid, 5);
  XCloseDisplay(d);
  INFO("stderr: " << read_file(dir / "err.txt"));
  CHECK(status == 0);
  REQUIRE(fs::exists(saved));
  const auto s = ac::parse_diagram(read_file(saved));
  REQUIRE(s.ok());
  CHECK(s->piece_at(*ac::parse_lot("E3")) == ac::Piece::RedTower);
  CHECK(s->built().count() == 1);
}

TEST_CASE("a game whose plugin offers no editor has none (Connect Four)", "[cli][editor]") {
  const std::string log = fresh_copy("connect_four-seed-1.ghlog", "editor-none");
  auto session = viewer::ReplaySession::open(log, {});
  REQUIRE(session->has_scenes());
  viewer::ReplayView view(*session, test_font());
  viewer::PositionEditor editor(*session, view, test_font());
  CHECK_FALSE(editor.available());
  CHECK_THROWS_WITH(editor.start(session->state(0), "x.txt"), "Connect Four has no board editor");
  CHECK_FALSE(editor.active());
}

// Issue 43, item 10: a reopened position was titled "seed-1-ply0.position.ghlog"
// (no such file) with "players: Black = Black, White = White".
TEST_CASE("replay-viewer --position: the panel names the position's own file and no players", "[cli][editor]") {
  const std::string file = std::string(SOURCE_DIR) + "/games/positions/seed-scoring.txt";
  const Run dump = run_viewer({"--position", file, "--game", "alien_city", "--dump-panel", "-"});
  REQUIRE(dump.exit_code == 0);
  const auto at = dump.out.find("\tfile\t");
  REQUIRE(at != std::string::npos);
  const std::string line = dump.out.substr(at, dump.out.find('\n', at) - at);
  CHECK_THAT(line, Catch::EndsWith("/seed-scoring.txt"));
  CHECK(line.find(".ghlog") == std::string::npos);
  CHECK(dump.out.find("Record\tplayers") == std::string::npos);
  CHECK_THAT(dump.out, Catch::Contains("Record\tsource\t\tsource: position " + file + "\n"));
}
