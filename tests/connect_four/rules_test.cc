// Connect Four's rules core, position by position: wins in a row, a column
// and both diagonals, a full-board draw, refusals with their messages, the
// text forms and the state bytes.
#include <catch2/catch.hpp>

#include <string>

#include "connect_four/core/notation.h"
#include "connect_four/core/serialize.h"

namespace cf = connect_four;

namespace {

// Plays the columns of `moves` ("abab..."), each of which must be legal.
cf::State play(const std::string& moves) {
  cf::State s;
  for (char c : moves) {
    const auto e = s.drop(c - 'a');
    INFO("column " << c << " of " << moves);
    REQUIRE_FALSE(e.has_value());
  }
  return s;
}

cf::Bitboard cells(std::initializer_list<std::pair<int, int>> list) {
  cf::Bitboard b = 0;
  for (auto [col, row] : list) b |= cf::cell_bit(col, row);
  return b;
}

}  // namespace

TEST_CASE("four in a row wins", "[rules]") {
  // Red a1 b1 c1 d1; Yellow a2 b2 c2.
  const cf::State s = play("aabbccd");
  CHECK(s.result() == cf::Result::RedWins);
  CHECK(s.winner() == cf::Player::Red);
  CHECK(s.winning_cells() == cells({{0, 0}, {1, 0}, {2, 0}, {3, 0}}));
  CHECK(cf::result_line(s) == "Red wins: four in a line");
  CHECK(s.plies() == 7);
}

TEST_CASE("four in a column wins", "[rules]") {
  // Yellow e1..e4 while Red plays a, b, a, g.
  const cf::State s = play("aebeaege");
  CHECK(s.result() == cf::Result::YellowWins);
  CHECK(s.winning_cells() == cells({{4, 0}, {4, 1}, {4, 2}, {4, 3}}));
  CHECK(cf::result_line(s) == "Yellow wins: four in a line");
}

TEST_CASE("four on the rising diagonal wins", "[rules]") {
  // Red a1 b2 c3 d4.
  const cf::State s = play("abbccdcddgd");
  CHECK(s.result() == cf::Result::RedWins);
  CHECK(s.winning_cells() == cells({{0, 0}, {1, 1}, {2, 2}, {3, 3}}));
}

TEST_CASE("four on the falling diagonal wins", "[rules]") {
  // Red g1 f2 e3 d4 (the mirror image of the rising one).
  const cf::State s = play("gffeededdad");
  CHECK(s.result() == cf::Result::RedWins);
  CHECK(s.winning_cells() == cells({{6, 0}, {5, 1}, {4, 2}, {3, 3}}));
}

TEST_CASE("three in a line, or four broken by the edge, do not win", "[rules]") {
  CHECK(play("aabbc").result() == cf::Result::Ongoing);  // a1 b1 c1
  // No line wraps from one column's top, or a row's end, into the next.
  CHECK_FALSE(cf::has_four(cells({{4, 0}, {5, 0}, {6, 0}, {0, 1}})));
  CHECK_FALSE(cf::has_four(cells({{0, 3}, {0, 4}, {0, 5}, {1, 0}})));
}

TEST_CASE("a full board without four is a draw", "[rules]") {
  // A random game (seed 3 of a search for draws) that fills all 42 cells.
  const std::string drawn = "abffacdcadefdgedfgccccdaebgbaefabbbeedfggg";
  cf::State s;
  for (std::size_t ply = 0; ply < drawn.size(); ++ply) {
    INFO("ply " << ply << " column " << drawn[ply]);
    REQUIRE_FALSE(s.is_over());
    REQUIRE_FALSE(s.drop(drawn[ply] - 'a').has_value());
  }
  CHECK(s.plies() == 42);
  CHECK(s.result() == cf::Result::Draw);
  CHECK_FALSE(s.winner().has_value());
  CHECK(s.winning_cells() == 0);
  CHECK(cf::result_line(s) == "Draw: the board is full");
  for (int col = 0; col < cf::kCols; ++col) CHECK_FALSE(s.can_drop(col));
}

TEST_CASE("illegal drops are refused with the reason", "[rules]") {
  cf::State s = play("aaaaaa");
  const auto full = s.drop(0);
  REQUIRE(full.has_value());
  CHECK(full->code == "full");
  CHECK(full->message == "column a is full");
  CHECK(s.plies() == 6);  // unchanged
  CHECK(s.drop(7)->message == "there is no column 7 (a..g)");
  const cf::State won = play("aabbccd");
  cf::State after = won;
  CHECK(after.drop(4)->message == "the game is over");
}

TEST_CASE("notation: column letters in, column letters out", "[text]") {
  CHECK(*cf::parse_column("d") == 3);
  CHECK(*cf::parse_column(" G ") == 6);
  CHECK(cf::parse_column("h").error().message == "'h' is not a column (a..g)");
  CHECK(cf::parse_column("d4").error().message == "'d4' is not a column (a..g)");
  CHECK(cf::parse_column("").error().message == "'' is not a column (a..g)");
  CHECK(cf::column_name(0) == "a");
  CHECK(cf::to_diagram(play("ddc")) ==
        "6 . . . . . . .\n"
        "5 . . . . . . .\n"
        "4 . . . . . . .\n"
        "3 . . . . . . .\n"
        "2 . . . O . . .\n"
        "1 . . X X . . .\n"
        "  a b c d e f g\n"
        "Yellow (O) to move\n");
}

TEST_CASE("state bytes round-trip and bad bytes are refused with the offset", "[serialize]") {
  const cf::State s = play("ddcbe");
  const std::string bytes = cf::serialize(s);
  REQUIRE(bytes.size() == 15);
  const auto back = cf::deserialize(bytes);
  REQUIRE(back.ok());
  CHECK(cf::serialize(*back) == bytes);
  CHECK(back->plies() == 5);
  CHECK(back->to_move() == cf::Player::Yellow);
  CHECK(cf::deserialize("xy").error().message == "not a Connect Four state: 2 bytes, expected 15");
  std::string v = bytes;
  v[0] = 9;
  CHECK(cf::deserialize(v).error().message == "not a Connect Four state: byte 0: format version 9, expected 1");
  std::string tall = bytes;
  tall[1] = 7;
  CHECK(cf::deserialize(tall).error().message == "not a Connect Four state: byte 1: column height 7 is above 6");
  std::string floating = bytes;
  floating[2] = 0x10;  // a yellow disc at a5 over an empty column
  CHECK(cf::deserialize(floating).error().message ==
        "not a Connect Four state: byte 2: a disc above the top of its column");
  std::string counts = cf::serialize(play(""));
  counts[1] = 2;  // two red discs in column a, no yellow
  CHECK(cf::deserialize(counts).error().message ==
        "not a Connect Four state: 2 red and 0 yellow discs (Red moves first, then they alternate)");
}
