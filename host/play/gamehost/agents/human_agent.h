// The human agent: a person at a terminal (or any stream). Shows the board
// and whose turn it is, reads notation, and answers "help", "moves",
// "board", "quit" and the game's analysis topics (for Alien City "why LOT"
// and "score"). Bad input is explained and asked again; end of input
// abandons the game cleanly.
#pragma once

#include <memory>

#include "gamehost/agents/spec.h"

namespace gamehost {

std::unique_ptr<Agent> make_human_agent(const AgentContext& context);

}  // namespace gamehost
