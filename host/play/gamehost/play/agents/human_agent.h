// The human agent: a person at a terminal (or any stream). Shows the board
// and whose turn it is, reads notation, and answers "help", "moves",
// "board", "hint", "quit" and the game's analysis topics (for Alien City
// "why LOT" and "score"). Bad input is explained and asked again; end of
// input abandons the game cleanly. Coached (human:coach=1 or --coach), every
// move gets the coach's verdict and a costly one the offer of a takeback
// (coach.h).
#pragma once

#include <cstdint>
#include <memory>

#include "gamehost/play/agents/spec.h"

namespace gamehost {

// MCTS iterations behind "hint" and the coach (human:hint_iters=N).
inline constexpr std::uint64_t kDefaultHintIters = 3000;

std::unique_ptr<Agent> make_human_agent(const AgentSpec& spec, const AgentContext& context);

}  // namespace gamehost
