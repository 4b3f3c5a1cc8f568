#include "playout.h"

#include <array>
#include <bit>
#include <cassert>

#include "streets.h"

namespace alien_city {
namespace {

constexpr int kTriesBeforeListing = 12;

// kSelectInByte[byte | r << 8]: the place of the r-th set bit of a byte.
constexpr std::array<std::uint8_t, 256 * 8> make_select_in_byte() {
  std::array<std::uint8_t, 256 * 8> table{};
  for (int byte = 0; byte < 256; ++byte)
    for (int bit = 0, r = 0; bit < 8; ++bit)
      if ((byte >> bit) & 1) table[byte | r++ << 8] = static_cast<std::uint8_t>(bit);
  return table;
}
constexpr auto kSelectInByte = make_select_in_byte();

// The n-th set bit (from 0) of a word with more than n: bytes' bit counts
// summed in parallel, the byte found by comparing all sums at once, then a
// table (Vigna, "Broadword implementation of rank/select queries", 2008). No
// branches: which byte is as random as the draw.
int select_bit(std::uint64_t word, int n) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;
  std::uint64_t s = word - ((word >> 1) & 0x5555555555555555ull);
  s = (s & 0x3333333333333333ull) + ((s >> 2) & 0x3333333333333333ull);
  s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  const std::uint64_t sums = s * kOnes;  // byte i: bits set in bytes 0..i
  const auto k = static_cast<std::uint64_t>(n);
  const int place = std::popcount((((k * kOnes) | kHighs) - sums) & kHighs) * 8;
  const auto rank = static_cast<int>(k - (((sums << 8) >> place) & 0xFF));
  return place + kSelectInByte[((word >> place) & 0xFF) | rank << 8];
}

// The n-th lot (from 0, lowest first) of a set with more than n lots.
Lot nth_lot(LotSet set, int n) {
  const auto low = static_cast<std::uint64_t>(set.bits());
  const int low_count = std::popcount(low);
  if (n < low_count) return select_bit(low, n);
  return 64 + select_bit(static_cast<std::uint64_t>(set.bits() >> 64), n - low_count);
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

}  // namespace alien_city
