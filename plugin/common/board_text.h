// Reading a terminal board back as a diagram (gamehost/kit/terminal_board.h
// draws it): the last move's brackets become spaces and the legend line a
// blank line. Each game maps its own display glyphs after this.
#pragma once

#include <string>

namespace gamecore {

inline std::string without_board_marks(std::string line) {
  if (line.rfind("Legend:", 0) == 0) return "";
  for (char& c : line)
    if (c == '[' || c == ']') c = ' ';
  return line;
}

}  // namespace gamecore
