// Alien City's terminal board (docs/gamehost.md, "The terminal board"): the
// diagram's lots with the claims drawn as ○ (White) and ● (Black), so that
// "B" only ever means blue, each glyph tinted by its colour, and the lots the
// last move changed between brackets.
#include "gamehost/kit/terminal_board.h"

#include <cctype>

#include "alien_city/core/diagram.h"
#include "game_adapter.h"

namespace alien_city::plugin {
namespace {

using gamehost::kit::Glyph;
using gamehost::kit::Style;

pb::Tint tint_of(Colour c) {
  switch (c) {
    case Colour::Red: return pb::TINT_RED;
    case Colour::Blue: return pb::TINT_BLUE;
    case Colour::Green: return pb::TINT_GREEN;
    default: return pb::TINT_GREY;  // black, still visible on a dark terminal
  }
}

constexpr const char* kWhiteCap = "○";
constexpr const char* kBlackCap = "●";

std::vector<Glyph> lot_glyphs(const State& s, Lot lot) {
  const Colour tile = s.tile_colour_of(lot);
  std::vector<Glyph> out;
  out.push_back({std::string(1, colour_letter(tile)) + (s.is_icon_lot(lot) ? '*' : '.'), {tint_of(tile)}});
  if (const auto piece = s.piece_at(lot)) {
    const char c = colour_letter(piece_colour(*piece));
    out.push_back({std::string(1, is_tower(*piece) ? static_cast<char>(std::toupper(c)) : c),
                   {tint_of(piece_colour(*piece)), /*bold=*/is_tower(*piece)}});
  } else {
    out.push_back({".", {}});
  }
  if (const auto owner = s.claimed_by(lot))
    out.push_back(*owner == Player::White ? Glyph{kWhiteCap, {pb::TINT_WHITE, true}}
                                          : Glyph{kBlackCap, {pb::TINT_GREY, true}});
  else
    out.push_back({".", {}});
  return out;
}

bool changed(const State& a, const State& b, Lot lot) {
  return a.piece_at(lot) != b.piece_at(lot) || a.claimed_by(lot) != b.claimed_by(lot);
}

void legend(gamehost::kit::StyledWriter w) {
  w.add("Legend: tiles ");
  w.add("r", {pb::TINT_RED}).add(" red ").add("b", {pb::TINT_BLUE}).add(" blue ");
  w.add("g", {pb::TINT_GREEN}).add(" green ").add("k", {pb::TINT_GREY}).add(" black, * icon lot; towers ");
  w.add("R", {pb::TINT_RED, true}).add(" ").add("B", {pb::TINT_BLUE, true}).add(" ");
  w.add("G", {pb::TINT_GREEN, true}).add(", domes ");
  w.add("r", {pb::TINT_RED}).add(" ").add("b", {pb::TINT_BLUE}).add(" ").add("g", {pb::TINT_GREEN}).add(" ");
  w.add("k", {pb::TINT_GREY}).add("; caps ").add(kWhiteCap, {pb::TINT_WHITE, true}).add(" White ");
  w.add(kBlackCap, {pb::TINT_GREY, true}).add(" Black; ").add("[ ]", {pb::TINT_YELLOW, true});
  w.add(" the last move\n");
}

}  // namespace

void draw_board(const State& s, const State* before, std::optional<int>, pb::TerminalBoard& out) {
  gamehost::kit::StyledWriter w(*out.mutable_board());
  w.add(diagram_header(s));
  gamehost::kit::Grid grid;
  for (char c = 'A'; c < 'A' + kCols; ++c) grid.columns.emplace_back(1, c);
  grid.rows = kRows;
  grid.cell_width = 4;
  grid.cell = [&](int col, int row) { return lot_glyphs(s, lot_at(col, row)); };
  if (before) grid.marked = [&](int col, int row) { return changed(*before, s, lot_at(col, row)); };
  gamehost::kit::draw_grid(w, grid);
  legend(gamehost::kit::StyledWriter(*out.mutable_legend()));
}

}  // namespace alien_city::plugin
