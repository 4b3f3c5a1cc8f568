#include "gamehost/play/agents/greedy_agent.h"

#include <fmt/core.h>

#include "gamehost/play/agents/mcts.h"
#include "gamehost/play/agents/one_ply.h"

namespace gamehost {
namespace {

class GreedyAgent final : public Agent {
 public:
  GreedyAgent(std::uint64_t seed, std::uint32_t rollouts) : seed_(seed), rollouts_(rollouts), rng_(seed) {}

  std::optional<std::uint32_t> choose(const Turn& turn) override {
    OnePlyValuer valuer(turn.game, rollouts_);
    double best = -1e300;
    std::vector<std::uint32_t> ties;
    for (const std::uint32_t a : turn.info.legal_ids()) {
      const double v = valuer.value(turn.state, a, turn.seat, rng_);
      if (v > best + 1e-12) best = v, ties.assign(1, a);
      else if (v > best - 1e-12) ties.push_back(a);
    }
    return ties[static_cast<std::size_t>(rng_.below(ties.size()))];
  }

  std::string spec() const override { return fmt::format("greedy:seed={},rollouts={}", seed_, rollouts_); }

 private:
  std::uint64_t seed_;
  std::uint32_t rollouts_;
  SplitMix rng_;
};

}  // namespace

std::unique_ptr<Agent> make_greedy_agent(const AgentSpec& spec, const AgentContext& context) {
  std::uint32_t rollouts = kGreedyDefaultRollouts;
  if (auto k = spec.get("rollouts")) {
    const auto n = unsigned_param(*k);
    if (n < 1 || n > 1'000'000)
      throw HostError(fmt::format("agent '{}': rollouts must be 1..1000000", spec_text(spec)));
    rollouts = static_cast<std::uint32_t>(n);
  }
  const std::uint64_t seed =
      spec.get("seed") ? unsigned_param(*spec.get("seed")) : default_agent_seed(context, 0x63EEull);
  return std::make_unique<GreedyAgent>(seed, rollouts);
}

}  // namespace gamehost
