// How the analysis board's move tree writes its moves (move_tree_panel.h):
// apart, so the board's model can say it without the panel.
#pragma once

#include <functional>
#include <string>

#include "gamehost/variation_tree.h"

namespace viewer {

// `notation` (default: the node's own) lets a seat's view write what it did
// not see as "?"; `branch_mark` follows the first move of each line that
// leaves the game (kSampledMark when the variations are played from
// sampled hands).
struct TreeWords {
  std::function<std::string(gamehost::VariationTree::NodeId)> notation;
  std::string branch_mark;
};

}  // namespace viewer
