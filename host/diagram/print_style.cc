#include "gamehost/diagram/print_style.h"

#include <algorithm>
#include <cmath>

namespace gamehost::diagram {

namespace {

double channel(std::uint32_t rgba, int shift) { return ((rgba >> shift) & 0xff) / 255.0; }

double linear(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }

// The hue family of a colour that has one (HSV hue in degrees), else None.
Hatch family_of(std::uint32_t rgba) {
  const double r = channel(rgba, 24), g = channel(rgba, 16), b = channel(rgba, 8);
  const double hi = std::max({r, g, b}), lo = std::min({r, g, b}), chroma = hi - lo;
  if (chroma < 0.2) return Hatch::None;  // greys, near-black, near-white
  double h = 0;
  if (hi == r) h = 60 * std::fmod((g - b) / chroma + 6, 6.0);
  else if (hi == g) h = 60 * ((b - r) / chroma + 2);
  else h = 60 * ((r - g) / chroma + 4);
  if (h >= 330 || h < 40) return Hatch::Rising;
  if (h < 75) return Hatch::Falling;
  if (h < 170) return Hatch::Dots;
  if (h < 270) return Hatch::Horizontal;
  return Hatch::Cross;
}

void diagonal(cairo_t* cr, double p, bool rising) {
  // The line and its two corner halves, so tiles join seamlessly.
  for (double k : {-1.0, 0.0, 1.0}) {
    if (rising) {
      cairo_move_to(cr, k * p, p);
      cairo_line_to(cr, (k + 1) * p, 0);
    } else {
      cairo_move_to(cr, k * p, 0);
      cairo_line_to(cr, (k + 1) * p, p);
    }
  }
  cairo_stroke(cr);
}

void draw_tile(cairo_t* cr, const Ink& ink, double p) {
  cairo_set_source_rgba(cr, ink.grey, ink.grey, ink.grey, ink.alpha);
  cairo_paint(cr);
  cairo_set_source_rgba(cr, ink.line, ink.line, ink.line, ink.alpha);
  cairo_set_line_width(cr, p * 0.24);
  switch (ink.hatch) {
    case Hatch::Rising: diagonal(cr, p, true); break;
    case Hatch::Falling: diagonal(cr, p, false); break;
    case Hatch::Cross:
      cairo_set_line_width(cr, p * 0.14);
      diagonal(cr, p, true);
      diagonal(cr, p, false);
      break;
    case Hatch::Horizontal:
      cairo_rectangle(cr, 0, p * 0.38, p, p * 0.24);
      cairo_fill(cr);
      break;
    case Hatch::Dots:
      cairo_arc(cr, p / 2, p / 2, p * 0.2, 0, 2 * M_PI);
      cairo_fill(cr);
      break;
    case Hatch::None: break;
  }
}

}  // namespace

double lightness(std::uint32_t rgba) {
  const double y = 0.2126 * linear(channel(rgba, 24)) + 0.7152 * linear(channel(rgba, 16)) +
                   0.0722 * linear(channel(rgba, 8));
  return y > 216.0 / 24389 ? 116 * std::cbrt(y) - 16 : y * 24389.0 / 27;
}

Ink ink_of(std::uint32_t rgba) {
  Ink ink;
  ink.grey = std::clamp(lightness(rgba) / 100, 0.0, 1.0);
  ink.alpha = (rgba & 0xff) / 255.0;
  ink.hatch = family_of(rgba);
  // Hues of one lightness (the red and the blue pieces) also part in
  // grey: reds print a little darker, blues a little lighter.
  switch (ink.hatch) {
    case Hatch::Rising: ink.grey -= 0.1; break;
    case Hatch::Horizontal: ink.grey += 0.12; break;
    case Hatch::Cross: ink.grey -= 0.05; break;
    default: break;
  }
  ink.grey = std::clamp(ink.grey, 0.0, 1.0);
  ink.line = ink.grey < 0.5 ? 1 : 0;
  return ink;
}

void set_ink_source(cairo_t* cr, const Ink& ink, double x, double y, double period) {
  if (ink.hatch == Hatch::None || period < 2) {
    cairo_set_source_rgba(cr, ink.grey, ink.grey, ink.grey, ink.alpha);
    return;
  }
  // A vector tile (a recording surface), so SVG and PDF keep the pattern
  // sharp at any zoom.
  cairo_rectangle_t extents{0, 0, period, period};
  cairo_surface_t* tile = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
  cairo_t* t = cairo_create(tile);
  draw_tile(t, ink, period);
  cairo_destroy(t);
  cairo_pattern_t* pattern = cairo_pattern_create_for_surface(tile);
  cairo_surface_destroy(tile);
  cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT);
  cairo_matrix_t m;
  cairo_matrix_init_translate(&m, -x, -y);
  cairo_pattern_set_matrix(pattern, &m);
  cairo_set_source(cr, pattern);
  cairo_pattern_destroy(pattern);
}

void set_hue_dash(cairo_t* cr, Hatch family, double width) {
  const double w = std::max(width, 1.0);
  switch (family) {
    case Hatch::Horizontal: {
      const double d[] = {3 * w, 1.5 * w};
      cairo_set_dash(cr, d, 2, 0);
      break;
    }
    case Hatch::Dots: {
      const double d[] = {w, 1.5 * w};
      cairo_set_dash(cr, d, 2, 0);
      break;
    }
    case Hatch::Cross:
    case Hatch::Falling: {
      const double d[] = {3 * w, 1.2 * w, w, 1.2 * w};
      cairo_set_dash(cr, d, 4, 0);
      break;
    }
    default: cairo_set_dash(cr, nullptr, 0, 0); break;
  }
}

}  // namespace gamehost::diagram
