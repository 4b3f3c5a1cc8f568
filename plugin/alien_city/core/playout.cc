#include "playout.h"

#include <bit>
#include <cassert>

#include "streets.h"

namespace alien_city {
namespace {

constexpr int kTriesBeforeListing = 12;

// The n-th lot (from 0, lowest first) of a set with more than n lots.
Lot nth_lot(LotSet set, int n) {
  const auto low = static_cast<std::uint64_t>(set.bits());
  const int in_low = std::popcount(low);
  if (n >= in_low) {
    set = LotSet::from_bits(set.bits() >> 64 << 64);
    n -= in_low;
  }
  while (n-- > 0) set.pop_first();
  return set.first();
}

Action random_build(const State& s, Rng& rng) {
  const Player p = s.to_move();
  const BuildCandidates candidates = build_candidates(s, p);
  assert(candidates.total > 0);
  for (int attempt = 0; attempt < kTriesBeforeListing; ++attempt) {
    int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(candidates.total)));
    int k = 0;
    while (pick >= candidates.lots[k].count()) pick -= candidates.lots[k++].count();
    const Action a = Action::build(static_cast<Piece>(k), nth_lot(candidates.lots[k], pick));
    if (build_is_legal(s, p, a.piece, a.lot, candidates.quick)) return a;
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
