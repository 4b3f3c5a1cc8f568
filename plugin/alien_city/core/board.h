// The city's geometry (ruling R1, R2): lots, their names, tiles and colours,
// the pieces and the two players. Small constexpr helpers only.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "lotset.h"

namespace alien_city {

// Lots: A1 = 0 (bottom-left), H1 = 7, A2 = 8, ..., H10 = 79 (R1).
using Lot = int;
inline constexpr Lot kNoLot = -1;

constexpr int col_of(Lot lot) { return lot % kCols; }
constexpr int row_of(Lot lot) { return lot / kCols; }
constexpr Lot lot_at(int col, int row) { return row * kCols + col; }
constexpr bool on_board(int col, int row) {
  return col >= 0 && col < kCols && row >= 0 && row < kRows;
}

// "A1".."H10".
std::string lot_name(Lot lot);
// Parses "a1".."H10" (case-insensitive); nullopt when it names no lot.
std::optional<Lot> parse_lot(std::string_view text);

// The eight lots round each lot, clockwise from north (N, NE, E, SE, S, SW,
// W, NW), with kLots standing for a place off the board.
using Ring = std::array<std::uint8_t, 8>;
namespace detail {
constexpr std::array<Ring, kLots> make_rings() {
  constexpr int kDc[8] = {0, 1, 1, 1, 0, -1, -1, -1};
  constexpr int kDr[8] = {1, 1, 0, -1, -1, -1, 0, 1};
  std::array<Ring, kLots> rings{};
  for (int lot = 0; lot < kLots; ++lot)
    for (int i = 0; i < 8; ++i) {
      const int c = col_of(lot) + kDc[i], r = row_of(lot) + kDr[i];
      rings[lot][i] = static_cast<std::uint8_t>(on_board(c, r) ? lot_at(c, r) : kLots);
    }
  return rings;
}
}  // namespace detail
inline constexpr std::array<Ring, kLots> kRings = detail::make_rings();

// Tiles: 2x2 lots, 4 across and 5 up; tile 0 holds A1 B1 A2 B2, tile 3 holds
// G1 H1 G2 H2, tile 19 holds G9 H9 G10 H10.
inline constexpr int kTilesAcross = 4;
inline constexpr int kTilesUp = 5;
inline constexpr int kTiles = kTilesAcross * kTilesUp;
constexpr int tile_of(Lot lot) { return (row_of(lot) / 2) * kTilesAcross + col_of(lot) / 2; }

// Every lot of the tiles that hold a lot of `lots`: each lot spreads to its
// partner across the tile (even column to the east, odd to the west), then
// up or down the same way.
namespace detail {
constexpr LotSet lots_where(bool (*keep)(int lot)) {
  LotSet s;
  for (int lot = 0; lot < kLots; ++lot)
    if (keep(lot)) s.insert(lot);
  return s;
}
inline constexpr LotSet kEvenCols = lots_where([](int lot) { return lot % kCols % 2 == 0; });
inline constexpr LotSet kEvenRows = lots_where([](int lot) { return lot / kCols % 2 == 0; });
}  // namespace detail
constexpr LotSet tile_lots_of(LotSet lots) {
  using detail::kEvenCols, detail::kEvenRows;
  const LotSet across = lots | (lots & kEvenCols).shift_east() | (lots - kEvenCols).shift_west();
  return across | (across & kEvenRows).shift_north() | (across - kEvenRows).shift_south();
}

// The corners of a tile, used for its icon lot.
enum class Corner : std::uint8_t { SouthWest, SouthEast, NorthWest, NorthEast };
constexpr Lot tile_lot(int tile, Corner corner) {
  const int c = static_cast<int>(corner);
  return lot_at((tile % kTilesAcross) * 2 + (c & 1), (tile / kTilesAcross) * 2 + (c >> 1));
}
namespace detail {
constexpr std::array<LotSet, kTiles> make_tile_lots() {
  std::array<LotSet, kTiles> table{};
  for (int tile = 0; tile < kTiles; ++tile)
    for (int c = 0; c < 4; ++c) table[tile].insert(tile_lot(tile, static_cast<Corner>(c)));
  return table;
}
inline constexpr std::array<LotSet, kTiles> kTileLots = make_tile_lots();
}  // namespace detail
constexpr LotSet tile_lots(int tile) { return detail::kTileLots[tile]; }

// Guild colours. Tiles have all four; towers only the first three.
enum class Colour : std::uint8_t { Red, Blue, Green, Black };
inline constexpr int kColours = 4;
constexpr char colour_letter(Colour c) { return "rbgk"[static_cast<int>(c)]; }
std::string_view colour_name(Colour c);
std::optional<Colour> parse_colour_letter(char c);

// The seven kinds of structure a supply holds (R4).
enum class Piece : std::uint8_t {
  RedTower, BlueTower, GreenTower, RedDome, BlueDome, GreenDome, BlackDome
};
inline constexpr int kPieceKinds = 7;
constexpr bool is_tower(Piece p) { return static_cast<int>(p) < 3; }
constexpr Colour piece_colour(Piece p) {
  return static_cast<Colour>(is_tower(p) ? static_cast<int>(p) : static_cast<int>(p) - 3);
}
constexpr Piece tower_of(Colour c) { return static_cast<Piece>(static_cast<int>(c)); }
constexpr Piece dome_of(Colour c) { return static_cast<Piece>(3 + static_cast<int>(c)); }
// "RT", "BT", "GT", "RD", "BD", "GD", "KD".
std::string_view piece_code(Piece p);
// "red tower", ..., "black dome".
std::string piece_name(Piece p);
std::optional<Piece> parse_piece_code(std::string_view text);

// Players: Black moves first (R4).
enum class Player : std::uint8_t { White, Black };
constexpr Player other(Player p) { return p == Player::White ? Player::Black : Player::White; }
constexpr int index_of(Player p) { return static_cast<int>(p); }
std::string_view player_name(Player p);

}  // namespace alien_city
