// Alien City as numbers: 35 planes of 10 rows x 8 columns (row 0 is rank 1,
// column 0 is file A, as in the lot numbering), each documented in
// docs/python.md. Seats are the interface's (0 = Black, 1 = White); both see
// the same tensor, as the game hides nothing.
//   0-6    a structure of that kind on the lot (RT BT GT RD BD GD KD)
//   7, 8   a tower claimed by seat 0 / seat 1
//   9      a street (an empty lot)
//   10-13  the lot's tile colour (red, blue, green, black)
//   14     the tile's icon lot
//   15, 16 seat 0 / seat 1 to move (every cell; both 0 when over)
//   17, 18 the build / claim phase (every cell; both 0 when over)
//   19-26  seat 0's supply: pieces of each kind, then caps (every cell)
//   27-34  seat 1's supply, the same way
#include "game_adapter.h"
#include "gamehost/kit/tensor.h"

namespace alien_city::plugin {

namespace {

constexpr int kPlanes = 35;
constexpr int kCells = kRows * kCols;

Player player_of_seat(int seat) { return seat == 0 ? Player::Black : Player::White; }

void supply_planes(const Supply& supply, int first, gamehost::kit::TensorWriter& t) {
  for (int k = 0; k < kPieceKinds; ++k) t.fill_plane(first + k, kCells, supply.pieces[k]);
  t.fill_plane(first + kPieceKinds, kCells, supply.caps);
}

}  // namespace

void observation_tensor(const State& s, int, pb::ObservationTensorResponse& out) {
  gamehost::kit::TensorWriter t(out, {kPlanes, kRows, kCols});
  for (Lot lot = 0; lot < kLots; ++lot) {
    const int row = row_of(lot), col = col_of(lot);
    auto cell = [&](int plane) -> float& { return t.at(plane, row, col, kRows, kCols); };
    if (const auto piece = s.piece_at(lot)) cell(static_cast<int>(*piece)) = 1;
    else cell(9) = 1;
    if (const auto owner = s.claimed_by(lot)) cell(7 + seat_of(*owner)) = 1;
    cell(10 + static_cast<int>(s.tile_colour_of(lot))) = 1;
    if (s.is_icon_lot(lot)) cell(14) = 1;
  }
  if (!s.is_over()) {
    t.fill_plane(15 + seat_of(s.to_move()), kCells, 1);
    t.fill_plane(s.phase() == Phase::Build ? 17 : 18, kCells, 1);
  }
  supply_planes(s.supply(player_of_seat(0)), 19, t);
  supply_planes(s.supply(player_of_seat(1)), 27, t);
}

}  // namespace alien_city::plugin
