// The greedy agent: one ply ahead. Every legal action is applied and the
// result valued by the plugin's Evaluate call (or K random playouts when the
// plugin has none); the best is played, ties broken by the agent's seed.
#pragma once

#include <cstdint>
#include <memory>

#include "gamehost/play/agents/spec.h"

namespace gamehost {

// "greedy[:seed=N,rollouts=K]".
// Playouts per action when the plugin has no Evaluate (greedy:rollouts=K).
inline constexpr std::uint32_t kGreedyDefaultRollouts = 16;

std::unique_ptr<Agent> make_greedy_agent(const AgentSpec& spec, const AgentContext& context);

}  // namespace gamehost
