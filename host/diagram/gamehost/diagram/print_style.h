// Black-and-white print mode: a colour becomes the grey of its lightness
// (CIE L*), and a chromatic fill also carries a pattern keyed to its hue
// family, so that two pieces whose colours differ only in hue (a red and a
// blue tower of the same lightness) stay apart on a greyscale printer and
// for any colour vision. The pattern is anchored at the shape, so equal
// colours look identical wherever they stand.
#pragma once

#include <cairo.h>

#include <cstdint>

namespace gamehost::diagram {

enum class Hatch { None, Rising, Horizontal, Dots, Cross, Falling };

struct Ink {
  double grey = 0;     // 0 black .. 1 white
  double alpha = 1;
  Hatch hatch = Hatch::None;
  double line = 0;     // the pattern's ink: 0 black, 1 white
};

// The ink of a 0xRRGGBBAA colour.
Ink ink_of(std::uint32_t rgba);
// CIE L* (0..100) of an sRGB colour.
double lightness(std::uint32_t rgba);

// Sets the source of `cr` to `ink` for a fill whose pattern starts at
// (x, y), with a pattern period of `period` surface units.
void set_ink_source(cairo_t* cr, const Ink& ink, double x, double y, double period);

// The dash pattern that stands for a hue family on a line (routes and
// outlines): solid for red, dashes for blue, dots for green, ...
void set_hue_dash(cairo_t* cr, Hatch family, double width);

}  // namespace gamehost::diagram
