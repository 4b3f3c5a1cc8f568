// Random playouts through Apply, ply by ply: the evaluation AI agents fall
// back on when a plugin offers no Rollout call.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "gamehost/calls/plugin.h"
#include "gamehost/base/random.h"

namespace gamehost {

// Plays `count` games from `state` to the end, each action uniformly random
// among the legal ones (chance outcomes by their probabilities), and adds
// each seat's returns into returns_sum (sized to the players, not cleared)
// and, when scores_sum is given, each seat's final points into it. A
// playout longer than Plugin::max_plies() is cut and adds nothing.
void random_playouts(Plugin& game, std::string_view state, std::uint32_t count, SplitMix& rng,
                     std::vector<double>& returns_sum, std::vector<double>* scores_sum = nullptr);

// Whether the plugin answers optional call `m`.
bool has_method(const Plugin& game, v1::Method m);

// Playouts by the game's own Rollout call when it offers one (its rollout
// policy, `uniform` asking for uniformly random actions), else by
// random_playouts. One per searcher: it keeps its request and response for
// reuse.
class Playouts {
 public:
  Playouts(Plugin& game, bool uniform);

  // Plays `count` games from `state` and overwrites returns_sum and
  // scores_sum (sized to the players) with each seat's summed returns and
  // final points. Seeds from `rng`.
  void run(std::string_view state, std::uint32_t count, SplitMix& rng, std::vector<double>& returns_sum,
           std::vector<double>& scores_sum);

 private:
  Plugin& game_;
  bool rollout_;
  pb::RolloutRequest request_;
  pb::RolloutResponse response_;
};

}  // namespace gamehost
