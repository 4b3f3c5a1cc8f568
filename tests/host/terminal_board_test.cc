// The terminal board (docs/gamehost.md, "The terminal board") through the
// real gamehost binary and plugins: exact text without colour, exact ANSI
// escapes with it, the last move marked, --color/--no-color/NO_COLOR, and
// the board read back as a diagram.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <regex>
#include <set>
#include <sstream>

#include "alien_city/core/diagram.h"
#include "alien_city/core/serialize.h"
#include "city_planning/core/diagram.h"
#include "city_planning/core/serialize.h"
#include "gamehost/base/error.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/text/terminal_board.h"
#include "test_support.h"

namespace {

const std::string kAlienCity = std::string(SOURCE_DIR) + "/games/samples/seed-1.ghlog";
const std::string kCityPlanning = std::string(SOURCE_DIR) + "/games/samples/city_planning-seed-1.ghlog";

// Lines first..last (from 1) of `text`, each with its newline.
std::string lines(const std::string& text, int first, int last) {
  std::istringstream in(text);
  std::string line, out;
  for (int n = 1; std::getline(in, line); ++n)
    if (n >= first && n <= last) out += line + "\n";
  return out;
}

std::string without_sgr(const std::string& text) { return std::regex_replace(text, std::regex("\x1b\\[[0-9;]*m"), ""); }

// Sets an environment variable for one scope (the child gamehost inherits it).
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old, had_ = true;
    if (value) setenv(name, value, 1);
    else unsetenv(name);
  }
  ~ScopedEnv() {
    if (had_) setenv(name_, old_.c_str(), 1);
    else unsetenv(name_);
  }

 private:
  const char* name_;
  std::string old_;
  bool had_ = false;
};

// Alien City after ply 10 of seed-1: Black built the blue tower E2, then
// claimed the red tower D8 (its cap ● on D8): both lots between brackets.
constexpr const char* kAlienCityPlain = R"(to-move: White build
White: RT2 BT2 GT1 RD3 BD3 GD3 KD3 caps2
Black: RT1 BT2 GT1 RD3 BD3 GD3 KD3 caps2
     A    B    C    D    E    F    G    H
10  g... g... g... g... b... b*.. g... g...
 9  g*.. g... g*.. g... b... b... g... g*..
 8  r... r*.. r...[r.R●]g... g... k*.. k...
 7  r... r... r... r*.. g... g*.. k... k...
 6  r... r*.. g... g*.. r... r*.. b... b...
 5  r... r... g... g... r... r... b*.. b...
 4  k... k... k... k... r... r... k... k...
 3  k.G. k*.. k... k*.. r*.. r... k.G. k*..
 2  k... k.R○ b... b...[b.B.]b... b*.. b...
 1  k*.. k... b... b*.. b... b*.. b... b...
     A    B    C    D    E    F    G    H
Legend: tiles r red b blue g green k black, * icon lot; towers R B G, domes r b g k; caps ○ White ● Black; [ ] the last move
)";

// City Planning after ply 20 of seed-1: B placed R H9, R K7, R L6 and Zone
// A1 on K11, which removed Zone S2 (C12) and covered the Population on K10;
// then a tile was turned up (chance, part of the move).
constexpr const char* kCityPlanningPlain = R"(phase: A stones
turn: 2
passes: 0
score: A 0 B -1
hand A: S4 M1 A3
hand B: C4 S3 M0
face-up: A2+2 S3+1 M5+0
returned: S2
stack: 19 unseen
bag: 18
    A  B  C  D  E  F  G  H  J  K  L  M  N  O  P  Q  R  S  T
19  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
18  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
17  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
16  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
15  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
14  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
13  .  .  .  .  .  . [.  .  . ].  .  .  .  .  .  .  .  .  .
12  .  .  .  .  .  . [.  .  A1 A1 A1].  .  .  .  .  .  .  .
11  .  .  .  .  .  . [.  .  A1 A1 A1].  .  .  .  .  .  .  .
10  .  .  .  .  .  .  .  . [A1 A1 A1].  .  .  .  .  .  .  .
 9  .  .  .  .  .  .  . [X ].  O  O  .  .  .  .  .  .  .  .
 8  .  .  .  .  .  .  .  .  .  O  .  .  .  .  .  .  .  .  .
 7  .  .  .  .  .  .  .  .  . [X ].  .  .  .  .  .  .  .  .
 6  .  .  .  .  .  .  .  .  .  . [X ].  .  .  .  .  .  .  .
 5  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 4  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 3  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 2  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 1  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
    A  B  C  D  E  F  G  H  J  K  L  M  N  O  P  Q  R  S  T
Legend: O Population, X Resource, M3 a point of Zone M3, m4 Development M4 unincorporated; suits C Residential S Agricultural M Commercial A Industrial; [ ] the last move
)";

}  // namespace

TEST_CASE("Alien City's terminal board: exact text, plain and in colour", "[cli][board]") {
  const auto plain = test::run_gamehost({"show", kAlienCity, "--ply", "10", "--color", "never"});
  REQUIRE(plain.exit_code == 0);
  CHECK(lines(plain.out, 1, 1) == "Position after ply 10 of 47\n");
  CHECK(lines(plain.out, 2, 17) == kAlienCityPlain);
  CHECK(lines(plain.out, 18, 19) == "\nScore:\n");
  CHECK(plain.out.find('\x1b') == std::string::npos);

  const auto color = test::run_gamehost({"show", kAlienCity, "--ply", "10", "--color", "always"});
  REQUIRE(color.exit_code == 0);
  // Tiles in their colour, towers bold, caps bold white and grey, marks bold yellow.
  CHECK(lines(color.out, 8, 8) ==
        " 8  \x1b[31mr.\x1b[0m.. \x1b[31mr*\x1b[0m.. \x1b[31mr.\x1b[0m..\x1b[1;33m[\x1b[0m\x1b[31mr.\x1b[0m\x1b[1;31mR"
        "\x1b[0m\x1b[1;90m●\x1b[0m\x1b[1;33m]\x1b[0m\x1b[32mg.\x1b[0m.. \x1b[32mg.\x1b[0m.. \x1b[90mk*\x1b[0m.. \x1b[90mk."
        "\x1b[0m..\n");
  CHECK(lines(color.out, 14, 14) ==
        " 2  \x1b[90mk.\x1b[0m.. \x1b[90mk.\x1b[0m\x1b[1;31mR\x1b[0m\x1b[1;97m○\x1b[0m \x1b[34mb.\x1b[0m.. \x1b[34mb.\x1b[0m.."
        "\x1b[1;33m[\x1b[0m\x1b[34mb.\x1b[0m\x1b[1;34mB\x1b[0m.\x1b[1;33m]\x1b[0m\x1b[34mb.\x1b[0m.. \x1b[34mb*\x1b[0m.. "
        "\x1b[34mb.\x1b[0m..\n");
  CHECK(lines(color.out, 17, 17) ==
        "Legend: tiles \x1b[31mr\x1b[0m red \x1b[34mb\x1b[0m blue \x1b[32mg\x1b[0m green \x1b[90mk\x1b[0m black, * icon "
        "lot; towers \x1b[1;31mR\x1b[0m \x1b[1;34mB\x1b[0m \x1b[1;32mG\x1b[0m, domes \x1b[31mr\x1b[0m \x1b[34mb\x1b[0m "
        "\x1b[32mg\x1b[0m \x1b[90mk\x1b[0m; caps \x1b[1;97m○\x1b[0m White \x1b[1;90m●\x1b[0m Black; \x1b[1;33m[ ]\x1b[0m "
        "the last move\n");
  // Colour only wraps glyphs: without the escapes it is the plain board.
  CHECK(without_sgr(color.out) == plain.out);

  // The board reads back as a diagram of the same position.
  const auto log = gamehost::read_log(kAlienCity);
  const auto read = alien_city::parse_diagram(kAlienCityPlain);
  REQUIRE(read.ok());
  CHECK(alien_city::serialize(*read) == alien_city::serialize(test::core_replay(log, 10)));
}

TEST_CASE("City Planning's terminal board: exact text, plain and in colour", "[cli][board]") {
  const auto plain = test::run_gamehost({"show", kCityPlanning, "--ply", "20", "--no-color"});
  REQUIRE(plain.exit_code == 0);
  CHECK(lines(plain.out, 1, 1) == "Position after ply 20 of 117\n");
  CHECK(lines(plain.out, 2, 33) == kCityPlanningPlain);
  CHECK(plain.out.find('\x1b') == std::string::npos);

  const auto color = test::run_gamehost({"show", kCityPlanning, "--ply", "20", "--color", "always"});
  REQUIRE(color.exit_code == 0);
  // Zones tinted by suit (A magenta), Population bold white, Resources bold grey.
  CHECK(lines(color.out, 20, 20) ==
        "12  .  .  .  .  .  . \x1b[1;33m[\x1b[0m.  .  \x1b[35mA1\x1b[0m \x1b[35mA1\x1b[0m \x1b[35mA1\x1b[0m\x1b[1;33m]"
        "\x1b[0m.  .  .  .  .  .  .  .\n");
  CHECK(lines(color.out, 23, 23) ==
        " 9  .  .  .  .  .  .  . \x1b[1;33m[\x1b[0m\x1b[1;90mX\x1b[0m \x1b[1;33m]\x1b[0m.  \x1b[1;97mO\x1b[0m  "
        "\x1b[1;97mO\x1b[0m  .  .  .  .  .  .  .  .\n");
  CHECK(lines(color.out, 33, 33) ==
        "Legend: \x1b[1;97mO\x1b[0m Population, \x1b[1;90mX\x1b[0m Resource, M3 a point of Zone M3, m4 Development M4 "
        "unincorporated; suits \x1b[32mC\x1b[0m Residential \x1b[33mS\x1b[0m Agricultural \x1b[36mM\x1b[0m Commercial "
        "\x1b[35mA\x1b[0m Industrial; \x1b[1;33m[ ]\x1b[0m the last move\n");
  CHECK(without_sgr(color.out) == plain.out);

  // As A sees it: B's hand hidden, the same grid and marks.
  const auto as_a = test::run_gamehost({"show", kCityPlanning, "--ply", "20", "--as", "A"});
  REQUIRE(as_a.exit_code == 0);
  std::string seen = kCityPlanningPlain;
  seen.replace(seen.find("hand B: C4 S3 M0"), 16, "hand B: ? ? ?");
  CHECK(lines(as_a.out, 2, 33) == seen);

  // Read back: the same position.
  const auto read = city_planning::parse_diagram(kCityPlanningPlain);
  REQUIRE(read.ok());
  const auto replayed = test::run_gamehost({"show", kCityPlanning, "--ply", "20", "--no-color"});
  CHECK(city_planning::to_diagram(*read) ==
        city_planning::to_diagram(*city_planning::parse_diagram(lines(replayed.out, 2, 33))));
}

TEST_CASE("colour: off when piped, --color always outranks NO_COLOR, bad values refused", "[cli][board]") {
  const auto piped = test::run_gamehost({"show", kAlienCity, "--ply", "10"});
  REQUIRE(piped.exit_code == 0);
  CHECK(piped.out.find('\x1b') == std::string::npos);
  {
    const ScopedEnv no_color("NO_COLOR", "1");
    const auto forced = test::run_gamehost({"show", kAlienCity, "--ply", "10", "--color", "always"});
    CHECK(forced.out.find("\x1b[1;33m[\x1b[0m") != std::string::npos);
    const auto automatic = test::run_gamehost({"show", kAlienCity, "--ply", "10", "--color", "auto"});
    CHECK(automatic.out == piped.out);
  }
  const auto bad = test::run_gamehost({"show", kAlienCity, "--color", "sometimes"});
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("--color: sometimes not in {auto,always,never}"));
  const auto both = test::run_gamehost({"show", kAlienCity, "--color", "always", "--no-color"});
  CHECK(both.exit_code == 2);
  CHECK_THAT(both.err, Catch::Contains("--color excludes --no-color"));
}

TEST_CASE("colour on a terminal follows NO_COLOR and TERM", "[board]") {
  using gamehost::ColorChoice;
  const ScopedEnv term("TERM", "xterm-256color");
  {
    const ScopedEnv no_color("NO_COLOR", nullptr);
    CHECK(gamehost::color_enabled(ColorChoice::Auto, true));
    CHECK_FALSE(gamehost::color_enabled(ColorChoice::Auto, false));
    CHECK_FALSE(gamehost::color_enabled(ColorChoice::Never, true));
    CHECK(gamehost::color_enabled(ColorChoice::Always, false));
  }
  {
    const ScopedEnv no_color("NO_COLOR", "");  // empty: as if unset (no-color.org)
    CHECK(gamehost::color_enabled(ColorChoice::Auto, true));
  }
  {
    const ScopedEnv no_color("NO_COLOR", "1");
    CHECK_FALSE(gamehost::color_enabled(ColorChoice::Auto, true));
    CHECK(gamehost::color_enabled(ColorChoice::Always, true));
  }
  const ScopedEnv dumb("TERM", "dumb");
  CHECK_FALSE(gamehost::color_enabled(ColorChoice::Auto, true));
}

TEST_CASE("styled text: spans become SGR sequences, bad spans are ignored", "[board]") {
  gamehost::v1::StyledText t;
  t.set_text("ab○d");  // ○ is bytes 2..4
  auto span = [&](std::uint32_t b, std::uint32_t e, gamehost::v1::Tint tint, bool bold = false, bool under = false) {
    auto& s = *t.add_spans();
    s.set_begin(b), s.set_end(e), s.set_tint(tint), s.set_bold(bold), s.set_underline(under);
  };
  span(2, 5, gamehost::v1::TINT_CYAN, true, true);
  span(0, 1, gamehost::v1::TINT_RED);
  span(0, 2, gamehost::v1::TINT_BLUE);   // overlaps the red span: ignored
  span(3, 4, gamehost::v1::TINT_GREEN);  // inside the UTF-8 character: ignored
  span(5, 9, gamehost::v1::TINT_GREEN);  // past the end: ignored
  CHECK(gamehost::styled_text(t, true) == "\x1b[31ma\x1b[0mb\x1b[1;4;36m○\x1b[0md");
  CHECK(gamehost::styled_text(t, false) == "ab○d");
}

TEST_CASE("a human's board marks the opponent's last move", "[cli][board][human]") {
  const auto dir = test::temp_dir("board-human");
  const auto log_path = (dir / "h.ghlog").string();
  // Black (human) builds and declines; White (random) moves; then quit.
  const auto r = test::run_gamehost({"play", "alien_city", "--seed", "9", "--player1", "human", "--player2",
                                     "random:seed=4", "--out", log_path},
                                    "RT@A1\ndecline\nquit\n");
  const auto log = gamehost::read_log(log_path);
  REQUIRE(log.record.plies_size() >= 3);
  // The third prompt's board: every lot White's plies changed, and only those, in brackets.
  const std::size_t third = r.out.find("Ply " + std::to_string(log.record.plies_size() + 1) + ": Black to move");
  REQUIRE(third != std::string::npos);
  const std::size_t start = r.out.rfind("to-move:", third);
  const std::string board = r.out.substr(start, third - start);
  const std::set<std::string> marked = test::marked_cells(board, "ABCDEFGH", 4);
  std::set<std::string> moved;
  for (int k = 2; k < log.record.plies_size(); ++k) {
    const std::string n = log.record.plies(k).notation();
    if (n != "decline") moved.insert(n.substr(n.find('@') + 1));
  }
  CHECK(marked == moved);
  CHECK_THAT(board, Catch::Contains("Legend: tiles r red"));
  REQUIRE(alien_city::parse_diagram(board).ok());
  CHECK(alien_city::serialize(*alien_city::parse_diagram(board)) ==
        alien_city::serialize(test::core_replay(log, log.record.plies_size())));
}

TEST_CASE("the board through the interface: Apply marks its action, Query its board_before, Observe the same",
          "[plugin][board]") {
  namespace pb = gamehost::v1;
  auto plugin = gamehost::Plugin::load(ALIEN_CITY_PLUGIN);
  pb::NewGameRequest start;
  start.set_seed(11);
  start.mutable_flags()->set_board(true);
  const auto started = plugin->new_game(start);
  CHECK(started.info().board().board().text().find('[') == std::string::npos);  // no move yet
  CHECK_THAT(started.info().board().legend().text(), Catch::StartsWith("Legend: tiles "));

  pb::QueryFlags flags;
  flags.set_board(true);
  flags.set_legal_details(true);
  const auto info = plugin->query(started.state(), flags);
  // The first legal build, e.g. RT@A1: its lot alone is bracketed.
  const std::string notation = info.legal(0).notation();
  const std::string lot = notation.substr(notation.find('@') + 1);
  pb::ApplyResponse applied;
  plugin->apply(started.state(), info.legal(0).id(), flags, applied);
  const std::string& board = applied.info().board().board().text();
  REQUIRE(board.find('[') != std::string::npos);
  CHECK(board.find('[') == board.rfind('['));
  const int row = std::stoi(lot.substr(1)), col = lot[0] - 'A';
  const std::string row_label = (row < 10 ? " " : "") + std::to_string(row) + " ";
  const std::size_t line = board.find("\n" + row_label) + 1;
  CHECK(board[line + 3 + static_cast<std::size_t>(col) * 5] == '[');

  // Query with the state before: the same board, spans and legend.
  pb::QueryRequest q;
  q.set_state(applied.state());
  q.mutable_flags()->set_board(true);
  q.set_board_before(started.state());
  pb::QueryResponse queried;
  plugin->call(pb::METHOD_QUERY, q, queried);
  CHECK(queried.info().board().SerializeAsString() == applied.info().board().SerializeAsString());
  // Observe (perfect information): every seat sees that board.
  CHECK(gamehost::seat_board_text(*plugin, applied.state(), started.state(), 1, true) ==
        gamehost::board_text(*plugin, applied.state(), started.state(), true));
  // A board_before that is no state is refused, naming the field.
  q.set_board_before("garbage");
  try {
    plugin->call(pb::METHOD_QUERY, q, queried);
    FAIL("accepted a bad board_before");
  } catch (const gamehost::CallError& e) {
    CHECK(e.status() == pb::BAD_STATE);
    CHECK_THAT(e.what(), Catch::StartsWith("board_before: "));
  }
}

// The final board of `play` is the board `show` prints at the log's end:
// the last seat's move stands between brackets (its legend says so).
TEST_CASE("play's final board marks the last move, as show does", "[cli][board]") {
  const auto dir = test::temp_dir("board-final");
  for (const std::string game : {"alien_city", "city_planning"}) {
    const auto log_path = (dir / (game + ".ghlog")).string();
    const auto played = test::run_gamehost({"play", game, "--seed", "3", "--player1", "random:seed=1", "--player2",
                                            "random:seed=2", "--out", log_path});
    REQUIRE(played.exit_code == 0);
    const auto shown = test::run_gamehost({"show", log_path});
    REQUIRE(shown.exit_code == 0);
    const auto board_of = [](const std::string& out) {
      const std::size_t legend = out.find("\nLegend:");
      const std::size_t start = out.rfind("\n\n", legend);  // play: a blank line before the board
      return out.substr(start == std::string::npos ? 0 : start + 2, legend - start);
    };
    const std::string final_board = board_of(played.out);
    CHECK(final_board.find('[') != std::string::npos);
    const std::string shown_board = shown.out.substr(shown.out.find('\n') + 1);
    CHECK(final_board == shown_board.substr(0, final_board.size()));
  }
}

// -q: the game's first line, its result and its log; no line per ply, no
// board, no score breakdown (issue 43: it printed the board and every route).
TEST_CASE("play -q prints the result and the log only", "[cli][board]") {
  const auto dir = test::temp_dir("play-quiet");
  const auto log_path = (dir / "quiet.ghlog").string();
  std::filesystem::remove(log_path);
  const auto played = test::run_gamehost({"play", "alien_city", "--seed", "3", "--player1", "random:seed=1",
                                          "--player2", "random:seed=2", "--out", log_path, "-q"});
  REQUIRE(played.exit_code == 0);
  const gamehost::GameLog log = gamehost::read_log(log_path);
  const std::string first = played.out.substr(0, played.out.find('\n') + 1);
  CHECK(first.rfind("Alien City ", 0) == 0);
  CHECK(played.out == first + "Result: " + log.record.result().result() + " after " +
                          std::to_string(log.record.plies_size()) + " plies\nLog: " + log_path + "\n");
}

// Connect Four draws the same kind of board: a grid, colours, the last disc
// in brackets, a legend (issue 32: it printed its plain diagram before).
TEST_CASE("Connect Four's terminal board: exact text, plain and in colour", "[cli][board]") {
  const std::string sample = std::string(SOURCE_DIR) + "/games/samples/connect_four-seed-1.ghlog";
  const auto plain = test::run_gamehost({"show", sample, "--ply", "9", "--no-color"});
  REQUIRE(plain.exit_code == 0);
  CHECK_THAT(plain.out, Catch::StartsWith("Position after ply 9 of 35\n"
                                          "    a b c d e f g\n"
                                          " 6  . . . . . . .\n"
                                          " 5  . . .[X]. . .\n"
                                          " 4  . . . O . . .\n"
                                          " 3  . . . O . . .\n"
                                          " 2  . . . X X . .\n"
                                          " 1  X O . X O . .\n"
                                          "    a b c d e f g\n"
                                          "Yellow (O) to move\n"
                                          "Legend: X Red, O Yellow; [ ] the last move\n"));
  const auto color = test::run_gamehost({"show", sample, "--ply", "9", "--color", "always"});
  CHECK_THAT(color.out, Catch::Contains(" 5  . . .\x1b[1;33m[\x1b[0m\x1b[1;31mX\x1b[0m\x1b[1;33m]\x1b[0m. . .\n"));
  CHECK_THAT(color.out, Catch::Contains(" 4  . . . \x1b[1;33mO\x1b[0m . . .\n"));
}

// --color-scheme light: the tints a white background swallows (bright white,
// yellow) become black and dark yellow; nothing else changes.
TEST_CASE("the light colour scheme (--color-scheme light) draws white pieces black and the brackets dark yellow", "[cli][board]") {
  const auto dark = test::run_gamehost({"show", kAlienCity, "--ply", "10", "--color", "always"});
  const auto light =
      test::run_gamehost({"show", kAlienCity, "--ply", "10", "--color", "always", "--color-scheme", "light"});
  REQUIRE(light.exit_code == 0);
  CHECK_THAT(dark.out, Catch::Contains("\x1b[1;97m○\x1b[0m"));
  CHECK_THAT(light.out, Catch::Contains("\x1b[1;30m○\x1b[0m"));
  CHECK_THAT(light.out, Catch::Contains("\x1b[1;38;5;136m[\x1b[0m"));
  CHECK_THAT(light.out, !Catch::Contains("97m") && !Catch::Contains("\x1b[1;33m"));
  CHECK(without_sgr(light.out) == without_sgr(dark.out));
  const auto bad = test::run_gamehost({"show", kAlienCity, "--color-scheme", "sepia"});
  CHECK(bad.exit_code == 2);
}
