// The ghost move of the Alien City scene (ViewOptions.ghost_action_id): a
// move that could have been played instead of the last one (e.g. the better
// move a game review found), drawn where it would have gone as a
// translucent piece inside a bright ring, above everything on the board,
// so it reads as "not on the board" without relying on colour.
#include "alien_city/core/notation.h"
#include "scene_builder.h"
#include "scene_shapes.h"

namespace alien_city::plugin::detail {

using namespace draw;

namespace {

constexpr Rgba kGhostRing = 0xf4f4f4ff;
constexpr std::uint8_t kGhostAlpha = 0x9c;

// Every colour of the shapes from `first` on, made translucent.
void fade(pb::Layer& layer, int first) {
  for (int i = first; i < layer.shapes_size(); ++i) {
    pb::Shape& s = *layer.mutable_shapes(i);
    if (s.fill()) s.set_fill(with_alpha(s.fill(), kGhostAlpha));
    if (s.outline()) s.set_outline(with_alpha(s.outline(), kGhostAlpha));
    s.set_motion(pb::FADE);
  }
}

}  // namespace

void add_ghost(const Action& a, pb::Scene& out) {
  if (a.kind == Action::Kind::Decline || a.lot == kNoLot) return;
  pb::Layer& layer = add_layer(out, "ghost");
  const pb::Point at = center(a.lot);
  const std::string tip = "a better move: " + to_notation(a);
  lot_square(layer, "ghost:ring", a.lot, 0.94f, 0.16f, 0, kGhostRing, 0.07f).set_tooltip(tip);
  const int first = layer.shapes_size();
  if (a.kind == Action::Kind::Claim) {
    pyramid(layer, "ghost:cap", at, 0.34f, 0x9a9a9aff, kGhostRing, pb::FADE, tip);
  } else if (is_tower(a.piece)) {
    const Rgba c = guild_colour(piece_colour(a.piece));
    pyramid(layer, "ghost:piece", at, 0.74f, c, mix(c, 0x000000ff, 0.55f), pb::FADE, tip);
  } else {
    const Rgba c = guild_colour(piece_colour(a.piece));
    pb::Shape& dome = add(layer, "ghost:dome", c, mix(c, 0x000000ff, 0.5f), 0.04f);
    set_circle(dome, at, 0.33f);
    dome.set_tooltip(tip);
  }
  fade(layer, first);
}

}  // namespace alien_city::plugin::detail
