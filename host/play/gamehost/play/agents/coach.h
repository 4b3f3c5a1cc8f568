// Advice for a person at the terminal: the engine's best move on demand
// ("hint") and, in a coached game, a verdict on every move just played with
// an offer to take a costly one back (as KaTrain's teaching game does). The
// human agent asks; the engine that answers lives in the review library
// (gamehost/review/engine_coach.h), which play_game's caller provides.
#pragma once

#include <cstdint>
#include <string>

#include "gamehost/play/agents/agent.h"

namespace gamehost {

// What the coach says of a move just chosen.
struct MoveVerdict {
  std::string text;              // for the person: class, points lost, the better move
  bool offer_take_back = false;  // the move lost at least an inaccuracy
};

class Coach {
 public:
  virtual ~Coach() = default;
  // The engine's best move at `turn` and why (its value against the best
  // alternatives, the expected line), from a search of `iterations`
  // seeded `seed`: the same choice `mcts:iters=ITERATIONS,seed=SEED` makes
  // from this position.
  virtual std::string hint(const Turn& turn, std::uint64_t iterations, std::uint64_t seed) = 0;
  // The verdict on `action`, chosen at `turn` (exact near the end, where the
  // endgame solver proves both values; else from one search).
  virtual MoveVerdict judge(const Turn& turn, std::uint32_t action, std::uint64_t iterations,
                            std::uint64_t seed) = 0;
};

}  // namespace gamehost
