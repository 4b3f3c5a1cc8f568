#include "chance.h"

#include <bit>
#include <cassert>

namespace city_planning {

ChanceKind chance_kind(const State& s) {
  assert(is_chance(s));
  if (s.phase() == Phase::DrawTile) return ChanceKind::RevealTile;
  if (s.phase() == Phase::DrawCoin) return ChanceKind::DrawCoin;
  if (s.face_up_count() < kFaceUpSlots && s.unseen_tiles() != 0) return ChanceKind::RevealTile;
  if (s.hand_size(Player::A) < kHandSize || s.hand_size(Player::B) < kHandSize) return ChanceKind::DrawCoin;
  return ChanceKind::FirstPlayer;
}

Player coin_recipient(const State& s) {
  if (s.phase() == Phase::DrawCoin) return s.to_move();
  return s.hand_size(Player::A) < kHandSize ? Player::A : Player::B;
}

std::vector<ChanceOutcome> chance_outcomes(const State& s) {
  std::vector<ChanceOutcome> out;
  if (!is_chance(s)) return out;
  switch (chance_kind(s)) {
    case ChanceKind::RevealTile: {
      const double p = 1.0 / std::popcount(s.unseen_tiles());
      for (PieceMask m = s.unseen_tiles(); m; m &= m - 1) out.push_back({Action::reveal_tile(std::countr_zero(m)), p});
      break;
    }
    case ChanceKind::DrawCoin: {
      const PieceMask bag = s.coins_in(CoinPlace::Bag);
      const double p = 1.0 / std::popcount(bag);
      for (PieceMask m = bag; m; m &= m - 1) out.push_back({Action::draw_coin(std::countr_zero(m)), p});
      break;
    }
    case ChanceKind::FirstPlayer:
      out.push_back({Action::first_player(Player::A), 0.5});
      out.push_back({Action::first_player(Player::B), 0.5});
      break;
  }
  return out;
}

namespace {
int nth_bit(PieceMask m, int n) {
  while (n-- > 0) m &= m - 1;
  return std::countr_zero(m);
}
}  // namespace

Action sample_chance(const State& s, Rng& rng) {
  assert(is_chance(s));
  switch (chance_kind(s)) {
    case ChanceKind::RevealTile: {
      const PieceMask m = s.unseen_tiles();
      return Action::reveal_tile(nth_bit(m, static_cast<int>(rng.below(std::popcount(m)))));
    }
    case ChanceKind::DrawCoin: {
      const PieceMask m = s.coins_in(CoinPlace::Bag);
      return Action::draw_coin(nth_bit(m, static_cast<int>(rng.below(std::popcount(m)))));
    }
    default: return Action::first_player(rng.below(2) == 0 ? Player::A : Player::B);
  }
}

}  // namespace city_planning
