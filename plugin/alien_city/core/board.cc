#include "board.h"

#include <cctype>

namespace alien_city {

std::string lot_name(Lot lot) {
  std::string s(1, static_cast<char>('A' + col_of(lot)));
  s += std::to_string(row_of(lot) + 1);
  return s;
}

std::optional<Lot> parse_lot(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const int col = std::toupper(static_cast<unsigned char>(text[0])) - 'A';
  int row = 0;
  for (char ch : text.substr(1)) {
    if (!std::isdigit(static_cast<unsigned char>(ch))) return std::nullopt;
    row = row * 10 + (ch - '0');
  }
  if (text[1] == '0' || !on_board(col, row - 1)) return std::nullopt;
  return lot_at(col, row - 1);
}

std::string_view colour_name(Colour c) {
  static constexpr std::string_view kNames[] = {"red", "blue", "green", "black"};
  return kNames[static_cast<int>(c)];
}

std::optional<Colour> parse_colour_letter(char c) {
  switch (std::tolower(static_cast<unsigned char>(c))) {
    case 'r': return Colour::Red;
    case 'b': return Colour::Blue;
    case 'g': return Colour::Green;
    case 'k': return Colour::Black;
    default: return std::nullopt;
  }
}

std::string_view piece_code(Piece p) {
  static constexpr std::string_view kCodes[] = {"RT", "BT", "GT", "RD", "BD", "GD", "KD"};
  return kCodes[static_cast<int>(p)];
}

std::string piece_name(Piece p) {
  return std::string(colour_name(piece_colour(p))) + (is_tower(p) ? " tower" : " dome");
}

std::optional<Piece> parse_piece_code(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  const char a = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  const char b = static_cast<char>(std::toupper(static_cast<unsigned char>(text[1])));
  for (int i = 0; i < kPieceKinds; ++i) {
    const auto code = piece_code(static_cast<Piece>(i));
    if (code[0] == a && code[1] == b) return static_cast<Piece>(i);
  }
  return std::nullopt;
}

std::string_view player_name(Player p) { return p == Player::White ? "White" : "Black"; }

}  // namespace alien_city
