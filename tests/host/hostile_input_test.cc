// Hostile input at the boundaries issue 31 left open (items 17 and 18): JSON
// that is not UTF-8, long JSON field names and values, long or escaped
// layout tiles and diagram lots quoted back by a plugin, long values CLI11
// cannot convert. Each through the real gamehost: the exact message, the
// exit status, and no file written.
#include <catch2/catch.hpp>
#include <fmt/core.h>

#include <algorithm>

#include "gamehost/text/input_checks.h"
#include "test_support.h"

namespace {

const std::string kSeed1Log = std::string(SOURCE_DIR) + "/games/samples/seed-1.ghlog";
const std::string kPosition = std::string(SOURCE_DIR) + "/games/positions/seed-scoring.txt";
const std::string kMiB(1u << 20, 'x');
const std::string kClippedMiB = std::string(40, 'x') + "... (1048576 bytes)";

// `text` with `what` put in place of the first `at`.
std::string replaced(std::string text, const std::string& at, const std::string& what) {
  const auto p = text.find(at);
  REQUIRE(p != std::string::npos);
  return text.replace(p, at.size(), what);
}

std::string sample_json() {
  const auto r = test::run_gamehost({"export", kSeed1Log});
  REQUIRE(r.exit_code == 0);
  return r.out;
}

}  // namespace

TEST_CASE("clipped_words: long words clipped inside their quotes, the rest made visible", "[trust][input][harden]") {
  using gamehost::clipped_words;
  const std::string word(300, 'x'), shown = std::string(40, 'x') + "... (300 bytes)";
  CHECK(clipped_words("A10 '" + word + "': bad\nline \x1b[2J") == "A10 '" + shown + "': bad\nline \\e[2J");
  CHECK(clipped_words("(header) " + word + ": Cannot find field.") == "(header) " + shown + ": Cannot find field.");
  CHECK(clipped_words("value \"" + word + "\".") == "value \"" + shown + "\".");
  CHECK(clipped_words(std::string(300, '\'')) == std::string(40, '\'') + "... (300 bytes)");
  CHECK(clipped_words(std::string(256, 'y') + " short") == std::string(256, 'y') + " short");
}

TEST_CASE("JSON import: a byte that is not UTF-8 is refused with its offset, before the parser sees it",
          "[trust][input][harden]") {
  const auto dir = test::temp_dir("hostile-json-utf8");
  const auto json = (dir / "game.json").string(), out = (dir / "game.ghlog").string();
  const std::string good = sample_json();
  for (const auto& text : {replaced(good, "\"header\": {", "\"header\": {\"event\": \"Club \xff night\","),
                           replaced(good, "\"notation\": \"", "\"notation\": \"\xff")}) {
    test::write_file(json, text);
    const auto r = test::run_gamehost({"import", json, "--out", out});
    CHECK(r.exit_code == 1);
    CHECK(r.err == fmt::format("gamehost: error: {}: not UTF-8 text (byte {})\n", json, text.find('\xff')));
    CHECK_FALSE(std::filesystem::exists(out));
  }
  // An Abstract Play record is JSON too.
  const std::string record = test::read_file(std::string(SOURCE_DIR) + "/tests/host/records/abstractplay-game.json");
  const std::string bad = replaced(record, "Alien City", "Alien \xff" "City");
  test::write_file(json, bad);
  const auto r = test::run_gamehost({"import", "--from", "abstractplay", json, "--out", out});
  CHECK(r.exit_code == 1);
  CHECK(r.err == fmt::format("gamehost: error: {}: not UTF-8 text (byte {})\n", json, bad.find('\xff')));
  CHECK_FALSE(std::filesystem::exists(out));
}

TEST_CASE("JSON import: long or escaped field names and values are echoed clipped and visible",
          "[trust][input][harden]") {
  const auto dir = test::temp_dir("hostile-json-clip");
  const auto json = (dir / "game.json").string(), out = (dir / "game.ghlog").string();
  const std::string good = sample_json();
  struct Case {
    std::string text, error;
  };
  for (const auto& c : std::vector<Case>{
           {replaced(good, "\"header\": {", "\"header\": {\"" + kMiB + "\": 1,"),
            "not a game record: (header) " + kClippedMiB + ": Cannot find field."},
           {replaced(good, "\"header\": {", "\"header\": {\"\x1b[2J\": 1,"),
            "not a game record: (header) \\e[2J: Cannot find field."},
           {replaced(good, "\"header\": {", "\"header\": {\"seed\": \"" + kMiB + "\","),
            "not a game record: (header.seed): invalid value \"" + kClippedMiB + "\" for type TYPE_UINT64"}}) {
    test::write_file(json, c.text);
    const auto r = test::run_gamehost({"import", json, "--out", out});
    CHECK(r.exit_code == 1);
    CHECK(r.err == fmt::format("gamehost: error: {}: {}\n", json, c.error));
    CHECK_FALSE(std::filesystem::exists(out));
  }
}

TEST_CASE("a plugin quoting a long or escaped layout tile or diagram lot is echoed clipped and visible",
          "[trust][input][harden]") {
  const auto dir = test::temp_dir("hostile-plugin-echo");
  const auto file = (dir / "input.txt").string(), log = (dir / "game.ghlog").string();
  const std::string rows = "r-nw b-ne g-sw k-se / r-nw b-ne g-sw k-se / r-nw b-ne g-sw k-se / r-nw b-ne g-sw k-se / ";
  const std::string tile_error = "gamehost: error: alien_city: option layout: layout tile 20 '{}' is not colour-corner "
                                 "such as 'r-ne' (colours r b g k, corners sw se nw ne)\n";
  test::write_file(file, rows + "r-nw b-ne g-sw " + kMiB);
  auto r = test::run_gamehost({"play", "alien_city", "--option-file", "layout=" + file, "--player1", "random",
                               "--player2", "random", "--out", log});
  CHECK(r.exit_code == 1);
  CHECK(r.err == fmt::format(fmt::runtime(tile_error), kClippedMiB));
  CHECK_FALSE(std::filesystem::exists(log));
  r = test::run_gamehost({"play", "alien_city", "--option", "layout=" + rows + "r-nw b-ne g-sw \x1b[2J", "--player1",
                          "random", "--player2", "random", "--out", log});
  CHECK(r.exit_code == 1);
  CHECK(r.err == fmt::format(fmt::runtime(tile_error), "\\e[2j"));  // the plugin reads tiles in lower case
  CHECK_FALSE(std::filesystem::exists(log));

  const std::string lot_error = "gamehost: error: {}: option position: diagram line {}: A10 '{}': a lot is tile "
                                "colour (r b g k), icon (* or .), structure, claim\n";
  const std::string position = test::read_file(kPosition);
  const auto row = position.find("\n10  ") + 5;
  const auto line = 1 + std::count(position.begin(), position.begin() + static_cast<long>(row), '\n');
  const auto svg = (dir / "d.svg").string();
  for (const auto& [lot, shown] : {std::pair{"b" + kMiB, std::string("b") + std::string(39, 'x') + "... (1048577 bytes)"},
                                   {std::string("b\x1b[2J"), std::string("b\\e")}}) {  // a cell is 4 bytes wide
    test::write_file(file, std::string(position).replace(row, 4, lot));
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"show", "--game", "alien_city", "--position", file},
             {"diagram", "--game", "alien_city", "--position", file, "--out", svg}}) {
      CAPTURE(args);
      r = test::run_gamehost(args);
      CHECK(r.exit_code == 1);
      CHECK(r.err == fmt::format(fmt::runtime(lot_error), file, line, shown));
      CHECK_FALSE(std::filesystem::exists(svg));
    }
  }
}

TEST_CASE("command-line values that do not convert, and --players, are echoed clipped", "[trust][input][harden]") {
  const auto dir = test::temp_dir("hostile-cli");
  const auto log = (dir / "game.ghlog").string(), moves = (dir / "moves.txt").string();
  const std::string long_arg(100000, 'x');  // under the kernel's 128 KiB limit of one argument
  const std::string shown = std::string(40, 'x') + "... (100000 bytes)";
  test::write_file(moves, "RT@B1\n");
  REQUIRE(test::run_gamehost({"enter", "alien_city", moves, "--seed", "0", "--out", log}).exit_code == 3);
  auto r = test::run_gamehost({"annotate", log, "--ply", long_arg, "note"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "Could not convert: --ply = " + shown + "\nRun with --help for more information.\n");
  r = test::run_gamehost({"review", log, "--jobs", long_arg});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "--jobs: Value " + shown + " not in range 1 to 256\nRun with --help for more information.\n");
  CHECK_FALSE(std::filesystem::exists(log + ".ghreview"));
  const auto other = (dir / "other.ghlog").string();
  r = test::run_gamehost({"enter", "alien_city", moves, "--seed", "0", "--out", other, "--players", long_arg + ",,b"});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: --players '" + std::string(40, 'x') + "... (100003 bytes)': name 2 is empty\n");
  CHECK_FALSE(std::filesystem::exists(other));
}

TEST_CASE("every error message reaches the terminal clipped and visible, whatever it quotes",
          "[trust][input][harden]") {
  const auto dir = test::temp_dir("hostile-any-message");
  const auto log = (dir / "game.ghlog").string(), moves = (dir / "moves.txt").string();
  test::write_file(moves, "RT@B1\n");
  REQUIRE(test::run_gamehost({"enter", "alien_city", moves, "--seed", "0", "--out", log}).exit_code == 3);
  const std::string long_arg(100000, 'x');
  const std::string shown = std::string(40, 'x') + "... (100000 bytes)";
  struct Case {
    std::vector<std::string> args;
    std::string error;
  };
  for (const auto& c : std::vector<Case>{
           {{"show", log, "--variation", "0:RT\xff@B1"}, "--variation 0:RT\\xff@B1: move 1 (RT\\xff@B1): not UTF-8 text (byte 2)"},
           {{"show", log, "--as", long_arg},
            "--as '" + shown + "': not a player of alien_city (seats 1..2, or a name: Black, White)"},
           {{"--call-timeout", long_arg, "games"}, "--call-timeout '" + shown + "': expected seconds above 0 (at most 86400)"},
           {{"play", "alien_city", "--player1", "random:" + long_arg + "=1", "--player2", "random", "--no-log"},
            "agent 'random:" + std::string(33, 'x') + "... (100009 bytes)': unknown parameter '" + shown +
                "' (random takes: seed)"}}) {
    CAPTURE(c.error);
    const auto r = test::run_gamehost(c.args);
    CHECK(r.exit_code == 1);
    CHECK(r.err == "gamehost: error: " + c.error + "\n");
  }
  const auto r = test::run_gamehost({"show", log, "--variation", "0:" + long_arg});
  CHECK(r.exit_code == 1);
  CHECK(r.err.rfind("gamehost: error: --variation 0:" + std::string(38, 'x') + "... (100002 bytes): move 1 (" + shown +
                        "): cannot read '" + shown + "' as a decision: ",
                    0) == 0);
  CHECK(r.err.size() < 500);
}

TEST_CASE("record import: metadata that is not UTF-8 is refused naming the file, and nothing written",
          "[trust][input][harden]") {
  const auto dir = test::temp_dir("hostile-record-meta");
  const auto ppn = (dir / "game.ppn").string(), out = (dir / "game.ghlog").string();
  const std::string club = test::read_file(std::string(SOURCE_DIR) + "/tests/host/records/club-game.ppn");
  for (const auto& [field, shown] : {std::pair{std::string("Event: "), std::string("event '\\xffPiecepack club night'")},
                                     {std::string("Round: "), std::string("round '\\xff2'")},
                                     {std::string("Date: "), std::string("date '\\xff2024-05-18'")}}) {
    test::write_file(ppn, replaced(club, field, field + "\xff"));
    const auto r = test::run_gamehost({"import", "--from", "ppn", ppn, "--out", out});
    CHECK(r.exit_code == 1);
    CHECK(r.err == "gamehost: error: " + ppn + ": " + shown + ": not UTF-8 text (byte 0)\n");
    CHECK_FALSE(std::filesystem::exists(out));
    CHECK_FALSE(std::filesystem::exists(std::filesystem::path(out).replace_extension(".ghnotes")));
  }
}
