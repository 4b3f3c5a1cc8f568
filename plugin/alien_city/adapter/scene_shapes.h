// Drawing helpers of the Alien City scene (scene_builder.cc and
// scene_teaching.cc): the palette, lot geometry, pieces and icons. The
// generic shape constructors come from the kit (gamehost/kit/scene_shapes.h).
// Internal to the plugin.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>

#include "alien_city/core/board.h"
#include "gamehost/kit/scene_shapes.h"
#include "scene.pb.h"

namespace alien_city::plugin::draw {

namespace pb = gamehost::v1;
using namespace gamehost::kit;  // Rgba, mix, point, add, set_rect, ...

// The palette (docs/viewer.md shows it).
inline constexpr Rgba kBackground = 0x23262dff;
inline constexpr Rgba kLabel = 0xc9cdd6ff;
inline constexpr Rgba kRoad = 0x4a4f5aff;
inline constexpr Rgba kTileBorder = 0x1b1d22ff;
inline constexpr Rgba kLotLine = 0x00000038;
// The last move is marked by corner brackets, the selection by a solid
// square, customers by rings, the nearest competitor by a thick square:
// shapes that differ without colour.
inline constexpr Rgba kLastAction = gamehost::kit::kLastMove;  // as every game's
inline constexpr Rgba kSelection = 0xffd23fff;
inline constexpr Rgba kCustomer = 0x35d0ffff;
inline constexpr Rgba kCompetitor = 0xff8c1aff;
inline constexpr Rgba kCompetitorMarker = 0xf6b25eff;  // the lit lots of a route
inline constexpr Rgba kLegal = 0x7cfc00ff;
inline constexpr Rgba kIllegal = 0xff5a5aff;
inline constexpr Rgba kWhitePlayer = 0xf4f4f4ff;
inline constexpr Rgba kBlackPlayer = 0x111111ff;

// The glyph on a piece: on a tower's south face (below a cap), at a dome's
// centre; sizes in lots.
inline constexpr float kTowerGlyph = 0.22f;
inline constexpr float kTowerGlyphDy = 0.25f;
inline constexpr float kDomeGlyph = 0.3f;

// Tile ground colours and the guild colour of structures and icons.
Rgba tile_colour(Colour c);
Rgba guild_colour(Colour c);
Rgba player_colour(Player p);

// Geometry. Lot (col, row) covers [col, col+1] x [9-row, 10-row].
float lot_x(Lot lot);  // left edge
float lot_y(Lot lot);  // top edge
pb::Point center(Lot lot);

// A rounded square centred on `lot`, of side `side`.
pb::Shape& lot_square(pb::Layer& layer, std::string id, Lot lot, float side, float corner,
                      Rgba fill, Rgba outline = 0, float outline_width = 0);

// A pyramid seen from above: a square of side `side` centred at `c` cut into
// four triangular faces shaded as if lit from the top-left. Shapes
// "<id>:n" ... "<id>:w" and an outline "<id>:o", all scaling around c.
void pyramid(pb::Layer& layer, const std::string& id, pb::Point c, float side, Rgba colour,
             Rgba outline, pb::Motion motion, const std::string& tooltip);

// A guild's icon (bolt, ring, star, pyramid) centred at c, `size` across,
// in the guild's colour or in `colour` (the glyph on a piece).
void guild_icon(pb::Layer& layer, const std::string& id, Colour c, pb::Point at, float size,
                pb::Motion motion);
void guild_icon(pb::Layer& layer, const std::string& id, Colour c, pb::Point at, float size,
                pb::Motion motion, Rgba colour);
// The colour of the glyph drawn on a piece of colour c (light on dark pieces,
// dark on the light green ones).
Rgba glyph_colour(Colour c);

// Corner brackets around `lot` (the last move): four L shapes "<id>:0".."3".
void corner_marks(pb::Layer& layer, const std::string& id, Lot lot, Rgba colour, float width);

}  // namespace alien_city::plugin::draw
