// The random agent: a uniformly random legal action, from its own seeded
// generator, so a game is reproducible from its seeds.
#pragma once

#include <memory>

#include "gamehost/play/agents/spec.h"
#include "gamehost/base/random.h"

namespace gamehost {

// "random:seed=N"; without a seed, one derived from the game seed and seat
// (recorded in the spec, so the log names it).
std::unique_ptr<Agent> make_random_agent(const AgentSpec& spec, const AgentContext& context);

}  // namespace gamehost
