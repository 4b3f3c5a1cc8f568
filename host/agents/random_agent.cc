#include "random_agent.h"

#include <fmt/core.h>

namespace gamehost {
namespace {

class RandomAgent final : public Agent {
 public:
  explicit RandomAgent(std::uint64_t seed) : seed_(seed), rng_(seed) {}

  std::optional<std::uint32_t> choose(const Turn& turn) override {
    const auto& ids = turn.info.legal_ids();
    return ids[static_cast<int>(rng_.below(static_cast<std::uint64_t>(ids.size())))];
  }

  std::string spec() const override { return fmt::format("random:seed={}", seed_); }

 private:
  std::uint64_t seed_;
  SplitMix rng_;
};

}  // namespace

std::unique_ptr<Agent> make_random_agent(const AgentSpec& spec, const AgentContext& context) {
  std::uint64_t seed;
  if (auto s = spec.get("seed")) {
    seed = unsigned_param(*s);
  } else {
    // Distinct per seat, fixed by the game seed.
    SplitMix mix(context.game_seed ^ (0x5EA7ull * static_cast<std::uint64_t>(context.seat + 1)));
    seed = mix.next() >> 16;  // shorter numbers read better in logs
  }
  return std::make_unique<RandomAgent>(seed);
}

}  // namespace gamehost
