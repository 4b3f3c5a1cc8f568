// The random agent: a uniformly random legal action, from its own seeded
// generator, so a game is reproducible from its seeds.
#pragma once

#include <memory>

#include "spec.h"

namespace gamehost {

// "random:seed=N"; without a seed, one derived from the game seed and seat
// (recorded in the spec, so the log names it).
std::unique_ptr<Agent> make_random_agent(const AgentSpec& spec, const AgentContext& context);

// A portable generator (SplitMix64): the same seed picks the same actions on
// every platform, unlike std::uniform_int_distribution.
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

}  // namespace gamehost
