#include "pieces.h"

#include <cctype>

namespace city_planning {

std::string_view type_name(Suit s) {
  constexpr std::string_view names[] = {"Residential", "Agricultural", "Commercial", "Industrial"};
  return names[static_cast<int>(s)];
}

std::optional<Suit> parse_suit_letter(char c) {
  switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'C': return Suit::Crowns;
    case 'S': return Suit::Suns;
    case 'M': return Suit::Moons;
    case 'A': return Suit::Arms;
    default: return std::nullopt;
  }
}

std::string piece_name(int piece) {
  return std::string(1, suit_letter(suit_of(piece))) + std::to_string(value_of(piece));
}

std::optional<int> parse_piece(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  const auto suit = parse_suit_letter(text[0]);
  if (!suit) return std::nullopt;
  const char v = static_cast<char>(std::tolower(static_cast<unsigned char>(text[1])));
  int value = -1;
  if (v >= '0' && v <= '5') value = v - '0';
  if (v == 'a') value = 1;
  if (v == 'b' || v == 'n') value = 0;
  if (value < 0) return std::nullopt;
  return piece_id(*suit, value);
}

std::optional<Player> parse_player(std::string_view text) {
  if (text.size() != 1) return std::nullopt;
  const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  if (c == 'A') return Player::A;
  if (c == 'B') return Player::B;
  return std::nullopt;
}

}  // namespace city_planning
