#include "playout.h"

#include <cassert>

#include "streets.h"

namespace alien_city {
namespace {

constexpr int kTriesBeforeListing = 12;

Action random_build(const State& s, Rng& rng) {
  const Player p = s.to_move();
  const Supply& supply = s.supply(p);
  std::array<Piece, kPieceKinds> kinds{};
  int n_kinds = 0;
  for (int k = 0; k < kPieceKinds; ++k)
    if (supply.pieces[k]) kinds[n_kinds++] = static_cast<Piece>(k);
  const LotSet streets = s.streets();
  std::array<Lot, kLots> lots{};
  int n_lots = 0;
  for (Lot lot : streets) lots[n_lots++] = lot;
  assert(n_kinds > 0 && n_lots > 0);
  for (int attempt = 0; attempt < kTriesBeforeListing; ++attempt) {
    const auto pick = rng.below(static_cast<std::uint32_t>(n_kinds * n_lots));
    const Action a = Action::build(kinds[pick / n_lots], lots[pick % n_lots]);
    if (!why_not_build(s, p, a.piece, a.lot)) return a;
  }
  const BuildLots legal = legal_builds(s, p);
  int total = 0;
  for (const LotSet& l : legal.lots) total += l.count();
  assert(total > 0);
  int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
  for (int k = 0; k < kPieceKinds; ++k) {
    for (Lot lot : legal.lots[k])
      if (pick-- == 0) return Action::build(static_cast<Piece>(k), lot);
  }
  assert(false);
  return Action::decline();
}

}  // namespace

Action random_action(const State& s, Rng& rng) {
  assert(!s.is_over());
  if (s.phase() == Phase::Build) return random_build(s, rng);
  const LotSet towers = s.unclaimed_towers();
  int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(towers.count() + 1)));
  for (Lot lot : towers)
    if (pick-- == 0) return Action::claim(lot);
  return Action::decline();
}

int random_playout(State& s, Rng& rng) {
  int plies = 0;
  while (!s.is_over()) {
    apply_unchecked(s, random_action(s, rng));
    ++plies;
  }
  return plies;
}

}  // namespace alien_city
