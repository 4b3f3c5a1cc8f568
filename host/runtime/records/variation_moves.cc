#include "gamehost/records/variation_moves.h"

#include <fmt/core.h>

#include "gamehost/text/input_checks.h"

namespace gamehost {

std::string play_variation_move(Plugin& plugin, const std::string& state, const VariationTree::Move& move) {
  pb::ApplyResponse applied;
  plugin.apply(state, move.action_id, pb::QueryFlags(), applied, /*describe_action=*/true);
  if (applied.action().notation() != move.notation)
    throw VariationDamage(fmt::format("damaged: the notation '{}' is not that of its action {} (the game writes it '{}')",
                                      clipped(move.notation), move.action_id, clipped(applied.action().notation())));
  return std::move(*applied.mutable_state());
}

}  // namespace gamehost
