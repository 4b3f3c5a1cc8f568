// Drawing a terminal board (gamehost.proto, TerminalBoard): styled text
// appended piece by piece, and the square grid both games draw - column
// letters above and below, numbered rows from the top, each cell a fixed
// width, the cells of the last move between brackets. The glyphs and their
// tints stay in each game.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "gamehost.pb.h"

namespace gamehost::kit {

namespace pb = gamehost::v1;

struct Style {
  pb::Tint tint = pb::TINT_DEFAULT;
  bool bold = false;
  bool underline = false;
};

// Appends text to a StyledText, with a span for each styled piece.
class StyledWriter {
 public:
  explicit StyledWriter(pb::StyledText& out) : out_(out) {}
  StyledWriter& add(std::string_view text, Style style = {});

 private:
  pb::StyledText& out_;
};

// One styled piece of a cell ("R" in red, bold).
struct Glyph {
  std::string text;
  Style style;
};

struct Grid {
  std::vector<std::string> columns;  // the column letters, left to right
  int rows = 0;                      // numbered rows..1 from the top
  int cell_width = 0;                // display columns of a cell's glyphs
  // The glyphs of the cell at (col, row), row 0 at the bottom.
  std::function<std::vector<Glyph>(int col, int row)> cell;
  // Whether the last move changed the cell (drawn as "[cell]").
  std::function<bool(int col, int row)> marked;
};

// Each row reads "NN " then, per cell, " cell " or "[cell]".
void draw_grid(StyledWriter& w, const Grid& grid);

// Display columns of UTF-8 text (one per character: the boards use no wide
// characters).
int display_width(std::string_view utf8);

}  // namespace gamehost::kit
