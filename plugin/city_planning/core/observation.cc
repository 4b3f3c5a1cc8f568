#include "observation.h"

#include <bit>

#include "chance.h"
#include "diagram.h"
#include "serialize.h"

namespace city_planning {

std::string observation_bytes(const State& s, std::optional<Player> viewer) {
  return serialize_observation(s, viewer);
}

std::string observation_text(const State& s, std::optional<Player> viewer) { return to_diagram(s, viewer); }

bool action_visible_to(const State& before, const Action& a, Player viewer) {
  return !(a.kind == Action::Kind::DrawCoin && is_chance(before) && coin_recipient(before) != viewer);
}

State sample_hidden(const State& s, Player viewer, Rng& rng) {
  State out = s;
  const Player them = other(viewer);
  const int n = s.hand_size(them);
  PieceMask unseen = s.coins_in(CoinPlace::Bag) | s.hand(them);
  for (PieceMask m = s.hand(them); m; m &= m - 1) out.move_coin(std::countr_zero(m), CoinPlace::Bag);
  for (int k = 0; k < n; ++k) {
    int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(std::popcount(unseen))));
    PieceMask m = unseen;
    while (pick-- > 0) m &= m - 1;
    const Coin c = std::countr_zero(m);
    unseen &= ~(PieceMask{1} << c);
    out.move_coin(c, hand_place(them));
  }
  return out;
}

}  // namespace city_planning
