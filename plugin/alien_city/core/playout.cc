#include "playout.h"

#include <bit>
#include <cassert>

#include "streets.h"

namespace alien_city {
namespace {

constexpr int kTriesBeforeListing = 12;

// The n-th lot (from 0, lowest first) of a set with more than n lots:
// halving by popcount, then at most seven steps.
Lot nth_lot(LotSet set, int n) {
  auto word = static_cast<std::uint64_t>(set.bits());
  int base = 0;
  if (const int low = std::popcount(word); n >= low) {
    n -= low;
    word = static_cast<std::uint64_t>(set.bits() >> 64);
    base = 64;
  }
  for (int width = 32; width >= 8; width /= 2) {
    const int low = std::popcount(word & ((std::uint64_t{1} << width) - 1));
    if (n >= low) {
      n -= low;
      word >>= width;
      base += width;
    }
  }
  while (n-- > 0) word &= word - 1;
  return base + std::countr_zero(word);
}

Action random_build(const State& s, Rng& rng) {
  const Player p = s.to_move();
  const BuildCandidates candidates = build_candidates(s, p);
  assert(candidates.total > 0);
  for (int attempt = 0; attempt < kTriesBeforeListing; ++attempt) {
    int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(candidates.total)));
    int k = 0;
    while (pick >= candidates.count[k]) pick -= candidates.count[k++];
    const Action a = Action::build(static_cast<Piece>(k), nth_lot(candidates.lots[k], pick));
    if (build_is_legal(s, p, a.piece, a.lot, candidates.r8)) return a;
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
