// One ply ahead: the value, for one seat, of the position after an action.
// The greedy agent plays the best such value; MCTS with `keep=K` searches
// only the K best root actions by it (keep_best_actions).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gamehost/play/agents/agent.h"
#include "gamehost/base/random.h"

namespace gamehost {

class OnePlyValuer {
 public:
  // `rollouts`: playouts per action when the plugin has no Evaluate call.
  OnePlyValuer(Plugin& game, std::uint32_t rollouts);

  // `seat`'s value after `action` from `state`: the plugin's Evaluate; the
  // returns when that ends the game and there is no Evaluate; else the mean
  // return of K playouts (Rollout inside the plugin, or through Apply), drawn
  // with `rng`.
  double value(const std::string& state, std::uint32_t action, int seat, SplitMix& rng);

 private:
  Plugin& game_;
  std::uint32_t rollouts_;
  bool evaluate_, rollout_;
  pb::QueryFlags none_;
  pb::ApplyResponse applied_;
  pb::EvaluateRequest ereq_;
  pb::EvaluateResponse eresp_;
  pb::RolloutRequest rreq_;
  pb::RolloutResponse rresp_;
};

// The `keep` legal actions of `turn` with the best one-ply values for the
// seat to move, best first; equal values in an order drawn with `rng`, so
// that among equals (e.g. City Planning's stones, which no evaluation tells
// apart) a random subset is kept. All of them when keep is 0 or at least
// their number.
std::vector<std::uint32_t> keep_best_actions(const Turn& turn, std::uint32_t keep, SplitMix& rng);

}  // namespace gamehost
