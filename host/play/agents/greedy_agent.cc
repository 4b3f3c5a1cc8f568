#include "gamehost/agents/greedy_agent.h"

#include <fmt/core.h>

#include "gamehost/agents/mcts.h"
#include "gamehost/agents/playouts.h"

namespace gamehost {
namespace {

class GreedyAgent final : public Agent {
 public:
  GreedyAgent(std::uint64_t seed, std::uint32_t rollouts) : seed_(seed), rollouts_(rollouts), rng_(seed) {}

  std::optional<std::uint32_t> choose(const Turn& turn) override {
    const bool evaluate = has_method(turn.game, pb::METHOD_EVALUATE);
    const bool rollout = has_method(turn.game, pb::METHOD_ROLLOUT);
    pb::QueryFlags none;
    pb::ApplyResponse applied;
    pb::EvaluateRequest ereq;
    pb::EvaluateResponse eresp;
    pb::RolloutRequest rreq;
    pb::RolloutResponse rresp;
    double best = -1e300;
    std::vector<std::uint32_t> ties;
    for (const std::uint32_t a : turn.info.legal_ids()) {
      turn.game.apply(turn.state, a, none, applied);
      double v = 0;
      if (evaluate) {
        ereq.set_state(applied.state());
        turn.game.call(pb::METHOD_EVALUATE, ereq, eresp);
        v = turn.seat < eresp.values_size() ? eresp.values(turn.seat) : 0.0;
      } else if (applied.info().terminal()) {
        v = turn.seat < applied.info().returns_size() ? applied.info().returns(turn.seat) : 0.0;
      } else if (rollout) {
        rreq.set_state(applied.state());
        rreq.set_seed(rng_.next());
        rreq.set_count(rollouts_);
        turn.game.call(pb::METHOD_ROLLOUT, rreq, rresp);
        v = turn.seat < rresp.returns_sum_size() ? rresp.returns_sum(turn.seat) / rollouts_ : 0.0;
      } else {
        // Neither call: playouts through Apply, ply by ply.
        std::vector<double> ret(static_cast<std::size_t>(turn.game.players()));
        random_playouts(turn.game, applied.state(), rollouts_, rng_, ret);
        v = ret[static_cast<std::size_t>(turn.seat)] / rollouts_;
      }
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
  std::uint32_t rollouts = 16;
  if (auto k = spec.get("rollouts")) {
    const auto n = unsigned_param(*k);
    if (n < 1 || n > 1'000'000)
      throw HostError(fmt::format("agent '{}': rollouts must be 1..1000000", spec_text(spec)));
    rollouts = static_cast<std::uint32_t>(n);
  }
  const std::uint64_t seed =
      spec.get("seed") ? unsigned_param(*spec.get("seed")) : derived_agent_seed(context.game_seed, context.seat, 0x63EEull);
  return std::make_unique<GreedyAgent>(seed, rollouts);
}

}  // namespace gamehost
