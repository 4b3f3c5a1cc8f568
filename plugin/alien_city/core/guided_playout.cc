#include "guided_playout.h"

#include <cassert>

#include "playout.h"
#include "scoring.h"

namespace alien_city {
namespace {

// The mover's provisional margin after `a`.
int margin_after(const State& s, const Action& a, Player mover) {
  State next = s;
  apply_unchecked(next, a);
  const auto t = score_totals(next);
  const Player other = mover == Player::White ? Player::Black : Player::White;
  return t[index_of(mover)] - t[index_of(other)];
}

// Declining keeps the cap; a claim is taken only when it gains.
Action guided_claim(const State& s) {
  const Player p = s.to_move();
  Action best = Action::decline();
  int best_margin = margin_after(s, best, p);
  for (Lot lot : s.unclaimed_towers()) {
    const Action a = Action::claim(lot);
    const int m = margin_after(s, a, p);
    if (m > best_margin) best = a, best_margin = m;
  }
  return best;
}

}  // namespace

Action guided_action(const State& s, Rng& rng) {
  assert(!s.is_over());
  return s.phase() == Phase::Build ? random_action(s, rng) : guided_claim(s);
}

int guided_playout(State& s, Rng& rng) { return play_out(s, rng, guided_action); }

}  // namespace alien_city
