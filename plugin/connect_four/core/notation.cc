#include "notation.h"

#include <cctype>

namespace connect_four {

std::string column_name(int col) { return std::string(1, static_cast<char>('a' + col)); }

Expected<int> parse_column(std::string_view text) {
  std::size_t a = 0, b = text.size();
  while (a < b && std::isspace(static_cast<unsigned char>(text[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(text[b - 1]))) --b;
  const std::string_view t = text.substr(a, b - a);
  if (t.size() == 1) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(t[0])));
    if (c >= 'a' && c < 'a' + kCols) return c - 'a';
  }
  return Error{"notation", "'" + std::string(text) + "' is not a column (a..g)"};
}

std::string result_line(const State& s) {
  switch (s.result()) {
    case Result::RedWins: return "Red wins: four in a line";
    case Result::YellowWins: return "Yellow wins: four in a line";
    case Result::Draw: return "Draw: the board is full";
    default: return "";
  }
}

std::string to_diagram(const State& s) {
  std::string out;
  for (int row = kRows - 1; row >= 0; --row) {
    out += std::to_string(row + 1);
    for (int col = 0; col < kCols; ++col) {
      const auto p = s.at(col, row);
      out += p ? (*p == Player::Red ? " X" : " O") : " .";
    }
    out += '\n';
  }
  out += " ";
  for (int col = 0; col < kCols; ++col) out += " " + column_name(col);
  out += '\n';
  if (s.is_over()) out += result_line(s) + '\n';
  else out += std::string(player_name(s.to_move())) + (s.to_move() == Player::Red ? " (X)" : " (O)") + " to move\n";
  return out;
}

}  // namespace connect_four
