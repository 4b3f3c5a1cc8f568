// A documented, portable random generator shared by every game's rules core:
// the same seed gives the same setups, draws and random games with every
// compiler and standard library.
// (std::uniform_int_distribution is implementation-defined, so it is not used.)
//
// Seeding: SplitMix64 expands the 64-bit seed into xoshiro256**'s state.
// Range reduction: Lemire's multiply-shift with rejection, exactly uniform.
#pragma once

#include <array>
#include <cstdint>

namespace gamecore {

constexpr std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class Rng {
 public:
  constexpr explicit Rng(std::uint64_t seed) {
    for (auto& word : s_) word = splitmix64(seed);
  }

  // xoshiro256** 1.0.
  constexpr std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n), n >= 1 (Lemire 2019, "Fast random integer generation
  // in an interval"): the 128-bit product's high word, rejecting the biased
  // low band.
  constexpr std::uint32_t below(std::uint32_t n) {
    std::uint64_t x = next() >> 32;
    std::uint64_t m = x * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
      while (low < threshold) {
        x = next() >> 32;
        m = x * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
  }
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace gamecore
