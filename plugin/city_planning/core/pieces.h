// The pieces (rulings C2, C4): stones, the piecepack's 24 tiles (Zones) and
// 24 coins (Developments), their suits as zone types with the requirement
// table of rule 4.3 and the neighbour table of rule 5.2.4, and the players.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace city_planning {

// Stones come from an unlimited pool (C2).
enum class Stone : std::uint8_t { Population, Resource };  // white, black
constexpr char stone_letter(Stone s) { return s == Stone::Population ? 'P' : 'R'; }

// Suits and the zone/development types they stand for (C4).
enum class Suit : std::uint8_t { Crowns, Suns, Moons, Arms };
inline constexpr int kSuits = 4;
// Residential, Agricultural, Commercial, Industrial.
std::string_view type_name(Suit s);
constexpr char suit_letter(Suit s) { return "CSMA"[static_cast<int>(s)]; }
std::optional<Suit> parse_suit_letter(char c);

// A tile or a coin: id = suit * 6 + value, value 0 (blank) .. 5, ace = 1.
// Tiles and coins use the same ids; each of the 48 pieces is unique.
using Tile = int;
using Coin = int;
inline constexpr int kValues = 6;
inline constexpr int kTiles = kSuits * kValues;  // 24
inline constexpr int kCoins = kSuits * kValues;  // 24
inline constexpr int kNone = -1;
constexpr Suit suit_of(int piece) { return static_cast<Suit>(piece / kValues); }
constexpr int value_of(int piece) { return piece % kValues; }
constexpr int piece_id(Suit s, int value) { return static_cast<int>(s) * kValues + value; }
// "M3" (Moons 3), "C0" (blank Crowns), "A1" (ace of Arms).
std::string piece_name(int piece);
// Case-insensitive "M3"; also "Ma"/"MA" (ace) and "Mb"/"MN" (blank).
std::optional<int> parse_piece(std::string_view text);

// What a point may supply towards a requirement (rule 4.3, C8, C13).
enum class Need : std::uint8_t { Population, Resource, Empty };
constexpr Need primary(Suit s) {
  constexpr Need t[] = {Need::Population, Need::Empty, Need::Population, Need::Resource};
  return t[static_cast<int>(s)];
}
constexpr Need secondary(Suit s) {
  constexpr Need t[] = {Need::Empty, Need::Population, Need::Resource, Need::Population};
  return t[static_cast<int>(s)];
}
// An unincorporated Development of suit d may count as d's Primary or d's
// Secondary (rule 4.4, C8): whether it can count as `need`.
constexpr bool development_counts_as(Suit d, Need need) {
  return primary(d) == need || secondary(d) == need;
}

// Rule 5.2.4's table: how a neighbouring Zone of type `neighbour` affects a
// Development placed on a Zone of type `placed`.
enum class Effect : std::int8_t { Detrimental = -1, Neutral = 0, Beneficial = 1 };
constexpr Effect neighbour_effect(Suit placed, Suit neighbour) {
  using E = Effect;
  // rows: placed C S M A; columns: neighbour C S M A
  constexpr E t[4][4] = {
      {E::Neutral, E::Neutral, E::Beneficial, E::Detrimental},         // Residential
      {E::Detrimental, E::Beneficial, E::Neutral, E::Detrimental},     // Agricultural
      {E::Beneficial, E::Neutral, E::Detrimental, E::Neutral},         // Commercial
      {E::Beneficial, E::Neutral, E::Beneficial, E::Neutral},          // Industrial
  };
  return t[static_cast<int>(placed)][static_cast<int>(neighbour)];
}

// The two players, A and B (seats); who starts is a chance event (C4).
enum class Player : std::uint8_t { A, B };
constexpr Player other(Player p) { return p == Player::A ? Player::B : Player::A; }
constexpr int index_of(Player p) { return static_cast<int>(p); }
constexpr char player_letter(Player p) { return p == Player::A ? 'A' : 'B'; }
std::optional<Player> parse_player(std::string_view text);

}  // namespace city_planning
