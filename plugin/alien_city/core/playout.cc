#include "playout.h"

#include <array>
#include <bit>
#include <cassert>

#include "streets.h"

namespace alien_city {
namespace {

constexpr int kTriesBeforeListing = 12;

// The n-th lot (from 0, lowest first) of a set with more than n lots: halving
// by popcount down to one bit, without branches (the halves taken are as
// random as the draw, so branches would mispredict half the time).
Lot nth_lot(LotSet set, int n) {
  const auto low_word = static_cast<std::uint64_t>(set.bits());
  const int low_count = std::popcount(low_word);
  const bool high = n >= low_count;
  std::uint64_t word = high ? static_cast<std::uint64_t>(set.bits() >> 64) : low_word;
  n -= high ? low_count : 0;
  int base = high ? 64 : 0;
  for (int width = 32; width >= 1; width /= 2) {
    const int below = std::popcount(word & ((std::uint64_t{1} << width) - 1));
    const bool up = n >= below;
    n -= up ? below : 0;
    word >>= up ? width : 0;
    base += up ? width : 0;
  }
  return base;
}

Action random_build(const State& s, Rng& rng) {
  const Player p = s.to_move();
  const BuildCandidates candidates = build_candidates(s, p);
  assert(candidates.total > 0);
  // Candidates numbered piece by piece: piece k holds numbers from
  // before[k] to before[k + 1] - 1.
  std::array<int, kPieceKinds + 1> before{};
  for (int k = 0; k < kPieceKinds; ++k) before[k + 1] = before[k] + candidates.count[k];
  for (int attempt = 0; attempt < kTriesBeforeListing; ++attempt) {
    int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(candidates.total)));
    int k = 0;
    for (int j = 1; j < kPieceKinds; ++j) k += pick >= before[j];
    pick -= before[k];
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
