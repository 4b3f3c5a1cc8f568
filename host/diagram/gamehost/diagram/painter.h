// A RenderScene scene (proto/scene.proto) drawn with cairo: the layers and
// the paths, complete, fitted into a box of a cairo context, as the replay
// viewer draws its board (same fit, same text anchoring, same path
// markers, numbers and captions). Any cairo surface works, so one drawing
// gives SVG, PDF and PNG. Knows no game and needs no display.
#pragma once

#include <cairo.h>

#include <cstdint>
#include <string>
#include <vector>

#include "scene.pb.h"

namespace gamehost::diagram {

namespace pb = gamehost::v1;

// How the scene is coloured (docs/teaching.md, "Printable diagrams").
struct Style {
  // White page: the scene's background becomes white and texts standing on
  // it turn dark when they would not read there.
  bool light = false;
  // Black and white: every colour becomes the grey of its lightness, and
  // chromatic fills carry a pattern chosen by hue (print_style.h), so
  // pieces are told apart without colour.
  bool print = false;
  std::string font = "DejaVu Sans";
};

// A rectangle in the surface's units (pixels for PNG, points for PDF/SVG).
struct Box {
  double x = 0, y = 0, w = 0, h = 0;
  double right() const { return x + w; }
  double bottom() const { return y + h; }
};
bool overlaps(const Box& a, const Box& b, double slack = 0.5);

// Where a path's caption of `w` x `h` goes for its place `cx, cy` inside
// `area`: the nearest box within `near` of it that covers no text and no
// piece; else the nearest within `near` that covers no text (a caption may
// lie over a piece, as the viewer's do, rather than far from the tower it
// explains); else the box covering the least, wherever it is. `free` says
// whether it covers nothing.
Box place_caption(double cx, double cy, double w, double h, const std::vector<Box>& texts,
                  const std::vector<Box>& solids, const Box& area, double near, double step, bool& free);

// Board coordinates to surface units: the scene's bounds fitted into a box,
// proportions kept, centred (what the viewer does with its board area).
struct Fit {
  double ox = 0, oy = 0, scale = 1;
  double x(double bx) const { return ox + bx * scale; }
  double y(double by) const { return oy + by * scale; }
};
Fit fit_scene(const pb::Scene& scene, const Box& area);

// The colour (0xRRGGBBAA) behind the board for `style`.
std::uint32_t background(const pb::Scene& scene, const Style& style);

// Fills `area` with the background and draws the scene into it.
void paint_scene(cairo_t* cr, const pb::Scene& scene, const Box& area, const Style& style);

// Text helpers shared by the page layouts (document.h).
void set_font(cairo_t* cr, const Style& style, double size, bool bold);
// Splits `text` into lines no wider than `width` at the current font.
std::vector<std::string> wrap(cairo_t* cr, const std::string& text, double width);

}  // namespace gamehost::diagram
