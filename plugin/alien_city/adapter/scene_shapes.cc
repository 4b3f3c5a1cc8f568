#include "scene_shapes.h"

#include <algorithm>
#include <cmath>

namespace alien_city::plugin::draw {

Rgba tile_colour(Colour c) {
  switch (c) {
    case Colour::Red: return 0xe9a29bff;
    case Colour::Blue: return 0x9bbfe8ff;
    case Colour::Green: return 0x4f8f48ff;  // dark, so that light green pieces stand out
    default: return 0xb3b3b3ff;
  }
}

Rgba guild_colour(Colour c) {
  switch (c) {
    // Chosen so that every pair stays CIEDE2000 >= 20 apart under simulated
    // protanopia, deuteranopia and tritanopia (tests/viewer/colour_vision_test.cc):
    // red dark and green light, so red-green deficiencies still see lightness.
    case Colour::Red: return 0xcc3314ff;
    case Colour::Blue: return 0x365fd9ff;
    case Colour::Green: return 0x60f070ff;
    default: return 0x1c1c1cff;
  }
}

Rgba player_colour(Player p) { return p == Player::White ? kWhitePlayer : kBlackPlayer; }

float lot_x(Lot lot) { return static_cast<float>(col_of(lot)); }
float lot_y(Lot lot) { return static_cast<float>(kRows - 1 - row_of(lot)); }

pb::Point center(Lot lot) { return point(lot_x(lot) + 0.5f, lot_y(lot) + 0.5f); }

pb::Shape& lot_square(pb::Layer& layer, std::string id, Lot lot, float side, float corner, Rgba fill,
                      Rgba outline, float outline_width) {
  pb::Shape& s = add(layer, std::move(id), fill, outline, outline_width);
  const float inset = (1.0f - side) / 2;
  set_rect(s, lot_x(lot) + inset, lot_y(lot) + inset, side, side, corner);
  return s;
}

void pyramid(pb::Layer& layer, const std::string& id, pb::Point c, float side, Rgba colour,
             Rgba outline, pb::Motion motion, const std::string& tooltip) {
  const float h = side / 2;
  // Faces lit from the top-left: north and west bright, south and east dark.
  struct Face {
    const char* name;
    float t;
    Rgba toward;
    std::pair<float, float> a, b;
  };
  const Face faces[] = {
      {"n", 0.25f, 0xffffffff, {-1, -1}, {1, -1}},
      {"w", 0.1f, 0xffffffff, {-1, 1}, {-1, -1}},
      {"e", 0.18f, 0x000000ff, {1, -1}, {1, 1}},
      {"s", 0.34f, 0x000000ff, {1, 1}, {-1, 1}},
  };
  for (const Face& f : faces) {
    pb::Shape& s = add(layer, id + ":" + f.name, mix(colour, f.toward, f.t));
    set_polygon(s, {{f.a.first, f.a.second}, {f.b.first, f.b.second}, {0, 0}}, c, h);
    *s.mutable_pivot() = c;
    s.set_motion(motion);
    s.set_tooltip(tooltip);
  }
  pb::Shape& o = add(layer, id + ":o", 0, outline, side * 0.06f);
  set_rect(o, c.x() - h, c.y() - h, side, side, 0);
  *o.mutable_pivot() = c;
  o.set_motion(motion);
  o.set_tooltip(tooltip);
}

Rgba glyph_colour(Colour c) { return c == Colour::Green ? 0x12361aff : 0xffffffff; }

void guild_icon(pb::Layer& layer, const std::string& id, Colour c, pb::Point at, float size,
                pb::Motion motion) {
  guild_icon(layer, id, c, at, size, motion, guild_colour(c));
}

void guild_icon(pb::Layer& layer, const std::string& id, Colour c, pb::Point at, float size,
                pb::Motion motion, Rgba colour) {
  const float s = size;
  pb::Shape* shape = nullptr;
  switch (c) {
    case Colour::Red:  // a lightning bolt
      shape = &add(layer, id, colour);
      set_polygon(*shape, {{0.12f, -0.5f}, {-0.28f, 0.06f}, {-0.02f, 0.06f}, {-0.14f, 0.5f},
                           {0.3f, -0.1f}, {0.03f, -0.1f}}, at, s);
      break;
    case Colour::Blue:  // a ring
      shape = &add(layer, id, 0, colour, s * 0.16f);
      set_circle(*shape, at, s * 0.42f);
      break;
    case Colour::Green: {  // a five-pointed star
      shape = &add(layer, id, colour);
      auto& poly = *shape->mutable_polygon();
      for (int i = 0; i < 10; ++i) {
        const double a = -M_PI / 2 + i * M_PI / 5;
        const float r = (i % 2 ? 0.21f : 0.52f) * s;
        *poly.add_points() = point(at.x() + r * static_cast<float>(std::cos(a)),
                                   at.y() + 0.04f * s + r * static_cast<float>(std::sin(a)));
      }
      break;
    }
    default:  // a pyramid in profile
      shape = &add(layer, id, colour, colour == guild_colour(c) ? 0xffffff80 : 0, s * 0.04f);
      set_polygon(*shape, {{0, -0.42f}, {0.48f, 0.38f}, {-0.48f, 0.38f}}, at, s);
      break;
  }
  *shape->mutable_pivot() = at;
  shape->set_motion(motion);
}

void corner_marks(pb::Layer& layer, const std::string& id, Lot lot, Rgba colour, float width) {
  corner_brackets(layer, id, lot_x(lot) + 0.03f, lot_y(lot) + 0.03f, 0.94f, 0.94f, 0.3f, width, colour);
}

}  // namespace alien_city::plugin::draw
