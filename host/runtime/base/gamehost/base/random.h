// The host's randomness: one portable generator, and the one place where a
// chance node's outcome is drawn from the probabilities its plugin states
// (play, MCTS and playouts all draw through it).
#pragma once

#include <cstdint>

#include "gamehost.pb.h"

namespace gamehost {

// A portable generator (SplitMix64): the same seed gives the same numbers on
// every platform, unlike the standard library's distributions.
class SplitMix {
 public:
  explicit SplitMix(std::uint64_t seed) : x_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (x_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n), n >= 1, by rejection (exact).
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    std::uint64_t v;
    do v = next(); while (v >= limit);
    return v % n;
  }
  // Uniform in [0, 1).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t x_;
};

// The chance outcome that `u` (uniform in [0, 1)) selects among info's legal
// ids, each taken with its stated probability (the last absorbs rounding).
// Pre: info is a chance node (to_move -1) with at least one legal id.
inline std::uint32_t draw_chance(const v1::StateInfo& info, double u) {
  int i = 0;
  while (i + 1 < info.legal_ids_size() && i < info.chance_probabilities_size() && u >= info.chance_probabilities(i))
    u -= info.chance_probabilities(i++);
  return info.legal_ids(i);
}

}  // namespace gamehost
