// Connect Four's text forms: an action is the letter of its column ("d"),
// and a position is drawn as a diagram for people:
//
//   6 . . . . . . .
//   5 . . . . . . .
//   4 . . . . . . .
//   3 . . . O . . .
//   2 . . . X O . .
//   1 . . X X O . .
//     a b c d e f g
//   Red (X) to move
//
// X is Red, O is Yellow.
#pragma once

#include <string>
#include <string_view>

#include "state.h"

namespace connect_four {

// "a".."g" for column 0..6.
std::string column_name(int col);
// The column a text names: "d", "D" or " d " (case and spaces do not
// matter); an Error quoting the text otherwise.
Expected<int> parse_column(std::string_view text);

// The diagram above, ending with who is to move or the result line.
std::string to_diagram(const State& s);
// "Red wins: four in a line", "Yellow wins: ...", "Draw: the board is full",
// or "" while the game goes on.
std::string result_line(const State& s);

}  // namespace connect_four
