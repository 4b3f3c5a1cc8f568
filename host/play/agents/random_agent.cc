#include "gamehost/play/agents/random_agent.h"

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
  const std::uint64_t seed =
      spec.get("seed") ? unsigned_param(*spec.get("seed")) : default_agent_seed(context, 0x5EA7ull);
  return std::make_unique<RandomAgent>(seed);
}

}  // namespace gamehost
