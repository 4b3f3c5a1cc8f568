// Connect Four's terminal board (docs/gamehost.md, "The terminal board"):
// the kit's grid with column letters and row numbers, Red's discs X in red,
// Yellow's O in yellow, the last disc dropped between brackets, who is to
// move or the result, and a legend.
#include <optional>
#include <string>
#include <vector>

#include "connect_four/core/notation.h"
#include "gamehost/kit/terminal_board.h"
#include "game_adapter.h"

namespace connect_four::plugin {
namespace {

using gamehost::kit::Glyph;

Glyph disc_glyph(const State& s, int col, int row) {
  const auto disc = s.at(col, row);
  if (!disc) return {".", {}};
  return *disc == Player::Red ? Glyph{"X", {pb::TINT_RED, true}} : Glyph{"O", {pb::TINT_YELLOW, true}};
}

}  // namespace

void draw_board(const State& s, const State* before, pb::TerminalBoard& out) {
  gamehost::kit::StyledWriter w(*out.mutable_board());
  gamehost::kit::Grid grid;
  for (char c = 'a'; c < 'a' + kCols; ++c) grid.columns.emplace_back(1, c);
  grid.rows = kRows;
  grid.cell_width = 1;
  grid.cell = [&](int col, int row) { return std::vector<Glyph>{disc_glyph(s, col, row)}; };
  if (before) grid.marked = [&](int col, int row) { return before->at(col, row) != s.at(col, row); };
  gamehost::kit::draw_grid(w, grid);
  // The last line of the text diagram: the result, or who is to move.
  const std::string diagram = to_diagram(s);
  w.add(diagram.substr(diagram.rfind('\n', diagram.size() - 2) + 1));
  gamehost::kit::StyledWriter legend(*out.mutable_legend());
  legend.add("Legend: ").add("X", {pb::TINT_RED, true}).add(" Red, ").add("O", {pb::TINT_YELLOW, true});
  legend.add(" Yellow; ").add("[ ]", {pb::TINT_YELLOW, true}).add(" the last move\n");
}

}  // namespace connect_four::plugin
