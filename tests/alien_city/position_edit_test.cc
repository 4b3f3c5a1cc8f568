// The board editor's edits (core/position_edit.h, docs/diagram.md "The board
// editor"): each id makes its change, the turn gives way when the position
// no longer allows it, and what no position can be is refused.
#include <catch2/catch.hpp>

#include "alien_city/core/diagram.h"
#include "alien_city/core/position_edit.h"
#include "alien_city/core/setup.h"

using namespace alien_city;

TEST_CASE("edits place, cap, recolour and move icons; the turn follows; a fourth cap is refused", "[edit]") {
  const State empty(balanced_layout(1));
  const Lot e3 = *parse_lot("E3");
  auto s = apply_edits(empty, std::to_string(lot_edit(LotEdit::Piece, e3, 0)) + "," +
                                  std::to_string(lot_edit(LotEdit::CapWhite, e3)));
  REQUIRE(s.ok());
  CHECK(s->piece_at(e3) == Piece::RedTower);
  CHECK(s->claimed_by(e3) == Player::White);
  CHECK(s->supply(Player::White).caps == 2);  // the cap came from the supply
  CHECK(s->to_move() == Player::Black);
  // Tile colour and icon of E3's tile.
  auto t = apply_edits(*s, std::to_string(lot_edit(LotEdit::TileColour, e3, 3)) + "," +
                               std::to_string(lot_edit(LotEdit::Icon, e3)));
  REQUIRE(t.ok());
  CHECK(t->tile_colour_of(e3) == Colour::Black);
  CHECK(t->is_icon_lot(e3));
  // Three more White caps cannot be.
  State three = *s;
  for (const char* lot : {"A1", "C1"}) {
    auto next = apply_edits(three, std::to_string(lot_edit(LotEdit::Piece, *parse_lot(lot), 1)) + "," +
                                       std::to_string(lot_edit(LotEdit::CapWhite, *parse_lot(lot))));
    REQUIRE(next.ok());
    three = *next;
  }
  auto fourth = apply_edits(three, std::to_string(lot_edit(LotEdit::Piece, *parse_lot("H1"), 1)) + "," +
                                       std::to_string(lot_edit(LotEdit::CapWhite, *parse_lot("H1"))));
  REQUIRE_FALSE(fourth.ok());
  CHECK(fourth.error().message == "edit: White has 3 caps on the board already");
  CHECK_FALSE(apply_edits(empty, "12,x").ok());
  CHECK(apply_edits(empty, "99999").error().message == "edit: no edit 99999");
}

TEST_CASE("an edits line in a diagram is read apart from it", "[edit]") {
  std::string ids;
  const std::string text = without_edits_lines("to-move: over\nedits: 1, 2\nedits: 3\n", ids);
  CHECK(text == "to-move: over\n");
  CHECK(ids == "1,2,3");
}
