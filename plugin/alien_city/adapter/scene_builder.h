// RenderScene for Alien City (proto/scene.proto): a State and the viewer's
// view options in, a display list out. The generic replay viewer draws it
// without knowing the game; everything Alien City-specific it shows (tiles,
// icons, towers and domes, the street network, legal lots and why not, each
// claimed tower's customers and route to its competitor, green bonuses, the
// supplies and the provisional score) is decided here, from the rules core.
//
// Board coordinates: one lot is 1 x 1; lot (col, row) covers
// [col, col+1] x [9-row, 10-row] (A10 top-left, H1 bottom-right), so its
// centre is lot_center() below. Shape ids: "tile:N", "street:E4",
// "road:E4-F4", "icon:A9", "piece:E3:*" (the structure on E3, several
// shapes), "cap:E3:*", "last", "legal:E4", "sel:E3", "cust:D4", "comp:C5".
// Selections and hover values are lot names ("E3").
#pragma once

#include <optional>
#include <string>

#include "alien_city/core/rules.h"
#include "alien_city/core/state.h"
#include "game_adapter.h"
#include "scene.pb.h"

namespace alien_city::plugin {

// The centre of a lot in board coordinates.
pb::Point lot_center(Lot lot);

// The view options, decoded.
struct SceneView {
  std::optional<Lot> selected;  // a tower (anything else is ignored)
  std::optional<Lot> hovered;
  bool streets = true;
  bool legal = false;
  bool paths = true;
  std::optional<Action> last;   // the action that led here
  std::optional<Action> ghost;  // a move to show as a ghost (scene_ghost.cc)
  bool hit_actions = false;     // the legal actions of each lot (clickable moves)
  bool edit = false;            // the board editor's edits instead (scene_editor.cc)
};

// Decodes ViewOptions (unknown overlays, bad lots and ids are ignored: the
// viewer may send what another game understands).
SceneView decode_view(const pb::ViewOptions& view);

// The whole scene of `s` as seen with `view`. `out` is cleared first.
void build_scene(const State& s, const SceneView& view, pb::Scene& out);

}  // namespace alien_city::plugin
