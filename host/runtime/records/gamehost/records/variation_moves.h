// Playing the moves of a variations file (LOG.ghvars) through the game: a
// node holds an action id and its notation, and the two must agree, or the
// board would play one move while the move list names another. Shared by
// every reader that replays a tree (the viewer's analysis board, `export
// --format ppn`).
#pragma once

#include <string>

#include "gamehost/base/error.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/records/variation_tree.h"

namespace gamehost {

// A node of a variations file whose action and notation disagree: damage
// of the file, never a move the rules refuse.
class VariationDamage : public HostError {
 public:
  using HostError::HostError;
};

// The state after `move` from `state`. Throws VariationDamage "damaged: the
// notation 'N' is not that of its action A (the game writes it 'M')" when
// the game's canonical notation of the action there is not the node's, and
// the plugin's CallError when the rules refuse the action. Every quoted
// text is clipped and made visible.
std::string play_variation_move(Plugin& plugin, const std::string& state, const VariationTree::Move& move);

}  // namespace gamehost
