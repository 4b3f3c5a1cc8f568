// City Planning as numbers, as one seat sees it (C19): nothing here depends
// on the other hand's coins or the bag's, only on how many there are, so two
// states the seat cannot tell apart give the same tensor
// (python/tests/test_tensors.py). A flat array of 5122 values, each part
// documented in docs/python.md:
//   [0, 5054)  14 planes of 19 rows x 19 columns (row 0 is row 1, column 0
//              is column A, as in the point numbering):
//     0, 1     a Population / Resource stone
//     2        an empty point (no stone, Development or Zone)
//     3-6      covered by a Zone of suit Crowns, Suns, Moons, Arms
//     7        that Zone's tile value (0-5)
//     8-11     an unincorporated Development of suit C, S, M, A
//     12       that Development's value (0-5)
//     13       the developed value of the Zone covering the point
//   [5054, 5078)  the viewer's hand: 1 for each coin id (suit * 6 + value)
//   [5078, 5102)  the face-up tiles: 1 for each tile id
//   [5102, 5105)  the stones waiting on face-up slot 0, 1, 2
//   [5105, 5108)  the other hand's size, the bag's size, the stack's size
//   [5108, 5110)  seat 0's and seat 1's score
//   [5110, 5112)  seat 0 / seat 1 to decide (both 0 at chance or when over)
//   [5112, 5118)  the phase, one-hot: setup, stones, main, draw-tile,
//                 draw-coin, over
//   [5118, 5122)  turns completed, consecutive passes, stones placed this
//                 turn, the stone goal
#include <bit>

#include "game_adapter.h"
#include "gamehost/kit/tensor.h"

namespace city_planning::plugin {

namespace {

constexpr int kPlanes = 14;
constexpr std::size_t kBoardValues = kPlanes * kPoints;
constexpr std::size_t kHand = kBoardValues, kFaceUp = kHand + kCoins, kWaiting = kFaceUp + kTiles,
                      kCounts = kWaiting + kFaceUpSlots, kScores = kCounts + 3, kToMove = kScores + 2,
                      kPhase = kToMove + 2, kCounters = kPhase + kPhases, kValues = kCounters + 4;

void board_planes(const State& s, gamehost::kit::TensorWriter& t) {
  for (Point p = 0; p < kPoints; ++p) {
    auto cell = [&](int plane) -> float& { return t.at(plane, row_of(p), col_of(p), kSize, kSize); };
    if (const auto stone = s.stone_at(p)) cell(*stone == Stone::Population ? 0 : 1) = 1;
    if (s.is_empty(p)) cell(2) = 1;
    if (const Tile zone = s.zone_at(p); zone != kNone) {
      cell(3 + static_cast<int>(suit_of(zone))) = 1;
      cell(7) = static_cast<float>(value_of(zone));
      cell(13) = static_cast<float>(s.developed_value(zone));
    }
    if (const Coin coin = s.coin_at(p); coin != kNone) {
      cell(8 + static_cast<int>(suit_of(coin))) = 1;
      cell(12) = static_cast<float>(value_of(coin));
    }
  }
}

}  // namespace

void observation_tensor(const State& s, Player viewer, pb::ObservationTensorResponse& out) {
  gamehost::kit::TensorWriter t(out, {static_cast<std::uint32_t>(kValues)});
  board_planes(s, t);
  for (PieceMask h = s.hand(viewer); h; h &= h - 1) t[kHand + std::countr_zero(h)] = 1;
  for (int slot = 0; slot < kFaceUpSlots; ++slot) {
    const FaceUp& f = s.face_up()[slot];
    if (f.tile != kNone) t[kFaceUp + f.tile] = 1;
    t[kWaiting + slot] = f.stones;
  }
  t[kCounts] = static_cast<float>(s.hand_size(other(viewer)));
  t[kCounts + 1] = static_cast<float>(s.bag_size());
  t[kCounts + 2] = static_cast<float>(s.stack_size());
  t[kScores] = static_cast<float>(s.score(Player::A));
  t[kScores + 1] = static_cast<float>(s.score(Player::B));
  if (const auto p = player_to_decide(s)) t[kToMove + seat_of(*p)] = 1;
  t[kPhase + static_cast<int>(s.phase())] = 1;
  t[kCounters] = s.turn();
  t[kCounters + 1] = s.passes();
  t[kCounters + 2] = s.stones_placed();
  t[kCounters + 3] = s.stone_goal();
}

}  // namespace city_planning::plugin
