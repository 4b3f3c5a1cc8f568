#include "gamehost/diagram/painter.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "gamehost/diagram/print_style.h"

namespace gamehost::diagram {

namespace {

constexpr std::uint32_t kViewerBackground = 0x23262dff;  // the viewer's default
constexpr std::uint32_t kCaptionBox = 0x1c1e24e8;       // as the viewer's captions
constexpr std::uint32_t kStepLabel = 0x1a1a1aff;
constexpr std::uint32_t kDarkText = 0x202020ff;

void set_rgba(cairo_t* cr, std::uint32_t c) {
  cairo_set_source_rgba(cr, (c >> 24) / 255.0, ((c >> 16) & 0xff) / 255.0, ((c >> 8) & 0xff) / 255.0,
                        (c & 0xff) / 255.0);
}

double alpha_of(std::uint32_t c) { return (c & 0xff) / 255.0; }

void rounded_rect(cairo_t* cr, const Box& b, double r) {
  r = std::clamp(r, 0.0, std::min(b.w, b.h) / 2);
  if (r <= 0) {
    cairo_rectangle(cr, b.x, b.y, b.w, b.h);
    return;
  }
  cairo_new_sub_path(cr);
  cairo_arc(cr, b.right() - r, b.y + r, r, -M_PI / 2, 0);
  cairo_arc(cr, b.right() - r, b.bottom() - r, r, 0, M_PI / 2);
  cairo_arc(cr, b.x + r, b.bottom() - r, r, M_PI / 2, M_PI);
  cairo_arc(cr, b.x + r, b.y + r, r, M_PI, 3 * M_PI / 2);
  cairo_close_path(cr);
}

Box extents_box(cairo_t* cr, bool stroke) {
  double x0, y0, x1, y1;
  if (stroke) cairo_stroke_extents(cr, &x0, &y0, &x1, &y1);
  else cairo_path_extents(cr, &x0, &y0, &x1, &y1);
  return {x0, y0, x1 - x0, y1 - y0};
}

// Grid offsets (in steps) nearest first; vertical moves cost more, as in
// the viewer (viewer/render/label_layout.cc): a caption beside its place still
// reads as belonging to it.
const std::vector<std::pair<int, int>>& offsets() {
  static const std::vector<std::pair<int, int>> v = [] {
    constexpr int kRadius = 80;
    std::vector<std::pair<int, int>> out;
    for (int dy = -kRadius; dy <= kRadius; ++dy)
      for (int dx = -kRadius; dx <= kRadius; ++dx)
        if (dx * dx + dy * dy <= kRadius * kRadius) out.emplace_back(dx, dy);
    std::stable_sort(out.begin(), out.end(), [](auto a, auto b) {
      return a.first * a.first + 2 * a.second * a.second < b.first * b.first + 2 * b.second * b.second;
    });
    return out;
  }();
  return v;
}

// The free box of `w` x `h` nearest `cx, cy` inside `area` (and within
// `near` of it); `free` false when every candidate covers something (the
// least-covering one is given).
Box free_place(double cx, double cy, double w, double h, const std::vector<Box>& avoid, const Box& area,
               double step, bool& free, double near = std::numeric_limits<double>::max()) {
  Box best{cx - w / 2, cy - h / 2, w, h};
  double best_cost = std::numeric_limits<double>::max();
  free = false;
  for (const auto& [dx, dy] : offsets()) {
    if (std::hypot(dx * step, dy * step) > near) continue;
    const Box r{cx + dx * step - w / 2, cy + dy * step - h / 2, w, h};
    if (r.x < area.x || r.y < area.y || r.right() > area.right() || r.bottom() > area.bottom()) continue;
    double cost = 0;
    for (const Box& a : avoid)
      if (overlaps(r, a)) cost += 1 + std::max(0.0, std::min(r.right(), a.right()) - std::max(r.x, a.x)) *
                                          std::max(0.0, std::min(r.bottom(), a.bottom()) - std::max(r.y, a.y));
    if (cost == 0) {
      free = true;
      return r;
    }
    if (cost < best_cost) best_cost = cost, best = r;
  }
  return best;
}

class Painter {
 public:
  Painter(cairo_t* cr, const pb::Scene& scene, const Box& area, const Style& style)
      : cr_(cr), scene_(scene), area_(area), style_(style), fit_(fit_scene(scene, area)),
        background_(background(scene, style)) {}

  void paint() {
    set_rgba(cr_, background_);
    cairo_rectangle(cr_, area_.x, area_.y, area_.w, area_.h);
    cairo_fill(cr_);
    for (const pb::Layer& layer : scene_.layers())
      for (const pb::Shape& shape : layer.shapes()) {
        if (shape.has_text()) text(shape);
        else figure(shape);
      }
    paths();
  }

 private:
  double period() const { return std::max(3.0, fit_.scale * 0.16); }

  // The outline of a non-text shape as the current path.
  bool outline_path(const pb::Shape& s, double inset) {
    cairo_new_path(cr_);
    switch (s.geometry_case()) {
      case pb::Shape::kRect: {
        const auto& r = s.rect().rect();
        const Box b{fit_.x(r.x()) + inset, fit_.y(r.y()) + inset, r.width() * fit_.scale - 2 * inset,
                    r.height() * fit_.scale - 2 * inset};
        if (b.w <= 0 || b.h <= 0) return false;
        rounded_rect(cr_, b, std::max(0.0, s.rect().corner_radius() * fit_.scale - inset));
        return true;
      }
      case pb::Shape::kCircle:
        cairo_arc(cr_, fit_.x(s.circle().center().x()), fit_.y(s.circle().center().y()),
                  s.circle().radius() * fit_.scale, 0, 2 * M_PI);
        cairo_close_path(cr_);
        return true;
      case pb::Shape::kPolygon:
      case pb::Shape::kPolyline: {
        const auto& pts = s.has_polygon() ? s.polygon().points() : s.polyline().points();
        if (pts.empty()) return false;
        for (const auto& p : pts) cairo_line_to(cr_, fit_.x(p.x()), fit_.y(p.y()));
        if (s.has_polygon()) cairo_close_path(cr_);
        return true;
      }
      default: return false;
    }
  }

  // Pieces (solid shapes) carry their pattern in black or white; the board
  // under them a faint one, so the pieces stand out.
  void set_fill(std::uint32_t colour, const Box& at, bool solid) {
    if (!style_.print) return set_rgba(cr_, colour);
    Ink ink = ink_of(colour);
    if (!solid) ink.line = ink.grey + (ink.grey < 0.5 ? 0.16 : -0.16);
    set_ink_source(cr_, ink, at.x, at.y, period());
  }

  void set_line(std::uint32_t colour, double width) {
    cairo_set_line_width(cr_, width);
    cairo_set_dash(cr_, nullptr, 0, 0);
    if (!style_.print) return set_rgba(cr_, colour);
    const Ink ink = ink_of(colour);
    // A coloured line prints dark, its hue kept as a dash pattern.
    const double grey = ink.hatch == Hatch::None ? ink.grey : std::min(ink.grey, 0.2);
    cairo_set_source_rgba(cr_, grey, grey, grey, ink.alpha);
    set_hue_dash(cr_, ink.hatch, width);
  }

  void figure(const pb::Shape& s) {
    const double width = s.outline_width() * fit_.scale;
    if (!outline_path(s, 0)) return;
    const Box bounds = extents_box(cr_, false);
    if (s.solid()) solids_.push_back(bounds);
    if (!s.has_polyline() && alpha_of(s.fill()) > 0) {
      filled_.push_back(bounds);
      set_fill(s.fill(), bounds, s.solid());
      cairo_set_fill_rule(cr_, CAIRO_FILL_RULE_WINDING);
      cairo_fill(cr_);
    }
    if (alpha_of(s.outline()) <= 0 || width <= 0) return;
    if (style_.print && s.has_polyline() && ink_of(s.outline()).hatch != Hatch::None) return mark(s, width);
    // Rectangles are outlined inside their edge, other shapes on it.
    if (s.has_rect() && !outline_path(s, width / 2)) return;
    if (!s.has_rect() && !outline_path(s, 0)) return;
    set_line(s.outline(), width);
    cairo_set_line_join(cr_, s.has_polyline() ? CAIRO_LINE_JOIN_MITER : CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr_, CAIRO_LINE_CAP_SQUARE);
    cairo_stroke(cr_);
  }

  // A coloured open line (a mark: the last move's corner brackets) in
  // print: solid black on a white halo. Dashed as a hue, it read as more of
  // the hatching of the piece it stands on.
  void mark(const pb::Shape& s, double width) {
    if (!outline_path(s, 0)) return;
    cairo_set_dash(cr_, nullptr, 0, 0);
    cairo_set_line_join(cr_, CAIRO_LINE_JOIN_MITER);
    cairo_set_line_cap(cr_, CAIRO_LINE_CAP_SQUARE);
    cairo_set_source_rgba(cr_, 1, 1, 1, 1);
    cairo_set_line_width(cr_, width + 2 * std::max(1.5, width * 0.6));
    cairo_stroke_preserve(cr_);
    cairo_set_source_rgba(cr_, 0, 0, 0, 1);
    cairo_set_line_width(cr_, width);
    cairo_stroke(cr_);
  }

  bool on_background(double x, double y) const {
    for (const Box& b : filled_)
      if (x >= b.x && x <= b.right() && y >= b.y && y <= b.bottom()) return false;
    return true;
  }

  // A text's colours for the style: on a white page a text standing on the
  // page itself turns dark when it would not read; in print everything is
  // black or white with the other as its halo.
  void text_colours(double x, double y, std::uint32_t& fill, std::uint32_t& halo) const {
    if (style_.print) {
      const bool light = lightness(fill) > 50;
      fill = light ? 0xffffffff : 0x000000ff;
      if (halo) halo = light ? 0x000000ff : 0xffffffff;
      if (style_.light && on_background(x, y)) fill = 0x000000ff, halo = 0;
      return;
    }
    if (style_.light && on_background(x, y) && std::abs(lightness(fill) - lightness(background_)) < 40)
      fill = kDarkText, halo = 0;
  }

  // Draws one line of text anchored as the viewer anchors it (viewer/
  // text_util.cc): horizontally by its ink, vertically by the middle of a
  // capital letter. Returns its ink box.
  Box draw_label(const std::string& content, double ax, double ay, double size, bool bold, int align,
                 std::uint32_t fill, std::uint32_t halo) {
    set_font(cr_, style_, size, bold);
    cairo_text_extents_t e;
    cairo_text_extents(cr_, content.c_str(), &e);
    double x = ax - (e.x_bearing + e.width / 2);
    if (align < 0) x = ax - e.x_bearing;
    if (align > 0) x = ax - (e.x_bearing + e.width);
    const double baseline = ay + 0.37 * size;
    cairo_new_path(cr_);
    cairo_move_to(cr_, x, baseline);
    cairo_text_path(cr_, content.c_str());
    if (alpha_of(halo) > 0) {
      set_rgba(cr_, halo);
      cairo_set_line_width(cr_, 2 * std::max(1.0, size * 0.12));
      cairo_set_line_join(cr_, CAIRO_LINE_JOIN_ROUND);
      cairo_set_dash(cr_, nullptr, 0, 0);
      cairo_stroke_preserve(cr_);
    }
    set_rgba(cr_, fill);
    cairo_fill(cr_);
    return {x + e.x_bearing, baseline + e.y_bearing, e.width, e.height};
  }

  void text(const pb::Shape& s) {
    const pb::Text& t = s.text();
    const double ax = fit_.x(t.position().x()), ay = fit_.y(t.position().y());
    std::uint32_t fill = s.fill(), halo = s.outline();
    text_colours(ax, ay, fill, halo);
    const int align = t.align() == pb::Text::LEFT ? -1 : t.align() == pb::Text::RIGHT ? 1 : 0;
    texts_.push_back(draw_label(t.content(), ax, ay, t.size() * fit_.scale, t.bold(), align, fill, halo));
  }

  struct Label {
    const pb::Path* path;
    int point;
    double x, y, size;
  };

  void paths() {
    // As the viewer: every marker, then every line, then the step numbers,
    // then the captions placed off every text and piece.
    std::vector<Label> labels;
    for (const pb::Path& p : scene_.paths()) markers(p, labels);
    for (const pb::Path& p : scene_.paths()) line(p);
    spread(labels);
    std::vector<Box> texts = texts_;
    for (const Label& l : labels) {
      const std::uint32_t ink = style_.print ? 0x000000ff : kStepLabel;
      texts.push_back(draw_label(l.path->step_labels(l.point), l.x, l.y, l.size, true, 0, ink, 0));
    }
    for (const pb::Path& p : scene_.paths())
      if (!p.label().empty()) caption(p, texts);
  }

  void markers(const pb::Path& p, std::vector<Label>& labels) {
    const double size = fit_.scale * (p.marker_size() > 0 ? std::min(0.36f, p.marker_size() * 0.5f) : 0.3);
    for (int i = 0; i < p.points_size(); ++i) {
      if (i >= p.step_labels_size() || p.step_labels(i).empty()) continue;
      const double x = fit_.x(p.points(i).x()), y = fit_.y(p.points(i).y());
      labels.push_back({&p, i, x, y, size});
      if (p.marker_size() <= 0) continue;
      const double half = p.marker_size() * fit_.scale / 2;
      cairo_new_path(cr_);
      const Box b{x - half, y - half, 2 * half, 2 * half};
      rounded_rect(cr_, b, half * 0.25);
      if (style_.print) cairo_set_source_rgba(cr_, 0.92, 0.92, 0.92, 0.9);
      else set_rgba(cr_, p.marker_fill());
      cairo_fill(cr_);
    }
  }

  void line(const pb::Path& p) {
    if (p.points_size() < 2) return;
    const double width = std::max(1.5, p.width() * fit_.scale);
    cairo_new_path(cr_);
    for (const auto& pt : p.points()) cairo_line_to(cr_, fit_.x(pt.x()), fit_.y(pt.y()));
    set_line(p.colour(), width);
    cairo_set_line_join(cr_, CAIRO_LINE_JOIN_ROUND);
    cairo_set_line_cap(cr_, CAIRO_LINE_CAP_SQUARE);
    cairo_stroke(cr_);
    cairo_set_dash(cr_, nullptr, 0, 0);
    for (const auto* end : {&p.points(0), &p.points(p.points_size() - 1)}) {
      cairo_new_path(cr_);
      cairo_arc(cr_, fit_.x(end->x()), fit_.y(end->y()), width * 1.3, 0, 2 * M_PI);
      cairo_fill(cr_);
    }
  }

  // Two routes through one lot number it twice: the numbers move apart
  // diagonally (the earlier up-left, the later down-right), as the viewer
  // does, so "2" and "2" never read as "22".
  void spread(std::vector<Label>& labels) const {
    for (std::size_t i = 0; i < labels.size(); ++i)
      for (std::size_t j = 0; j < i; ++j) {
        if (std::abs(labels[i].x - labels[j].x) > labels[i].size || std::abs(labels[i].y - labels[j].y) > labels[i].size)
          continue;
        const double shift = 0.2 * fit_.scale;
        labels[j].x -= shift, labels[j].y -= shift;
        labels[i].x += shift, labels[i].y += shift;
      }
  }

  // A caption within three lots of its place (a bonus caption landed far
  // from the tower it explains), smaller when the board is full there.
  void caption(const pb::Path& p, std::vector<Box>& texts) {
    const double base = fit_.scale * (p.label_size() > 0 ? p.label_size() : 0.34);
    const double cx = fit_.x(p.label_position().x()), cy = fit_.y(p.label_position().y());
    for (const double shrink : {1.0, 0.85, 0.7}) {
      const double size = base * shrink;
      set_font(cr_, style_, size, true);
      cairo_text_extents_t e;
      cairo_text_extents(cr_, p.label().c_str(), &e);
      const double pad = e.height * 0.45 + 2;
      bool free = false;
      const Box at = place_caption(cx, cy, e.width + 2 * pad, e.height + 2 * pad, texts, solids_, area_,
                                   3 * fit_.scale, 4, free);
      if (!free && shrink > 0.71) continue;
      cairo_new_path(cr_);
      rounded_rect(cr_, at, pad);
      set_rgba(cr_, style_.print ? 0xffffffff : kCaptionBox);
      cairo_fill_preserve(cr_);
      cairo_new_path(cr_);
      rounded_rect(cr_, {at.x + 1, at.y + 1, at.w - 2, at.h - 2}, pad - 1);
      set_line(p.colour(), 2);
      cairo_stroke(cr_);
      cairo_set_dash(cr_, nullptr, 0, 0);
      draw_label(p.label(), at.x + at.w / 2, at.y + at.h / 2, size, true, 0,
                 style_.print ? 0x000000ff : 0xffffffff, 0);
      texts.push_back(at);
      return;
    }
  }

  cairo_t* cr_;
  const pb::Scene& scene_;
  Box area_;
  const Style& style_;
  Fit fit_;
  std::uint32_t background_;
  std::vector<Box> filled_, solids_, texts_;
};

}  // namespace

bool overlaps(const Box& a, const Box& b, double slack) {
  return a.right() - slack > b.x && b.right() - slack > a.x && a.bottom() - slack > b.y && b.bottom() - slack > a.y;
}

Box place_caption(double cx, double cy, double w, double h, const std::vector<Box>& texts,
                  const std::vector<Box>& solids, const Box& area, double near, double step, bool& free) {
  std::vector<Box> both = texts;
  both.insert(both.end(), solids.begin(), solids.end());
  const Box off_all = free_place(cx, cy, w, h, both, area, step, free, near);
  if (free) return off_all;
  const Box off_texts = free_place(cx, cy, w, h, texts, area, step, free, near);
  if (free) {
    free = false;  // it lies over a piece
    return off_texts;
  }
  return free_place(cx, cy, w, h, both, area, step, free);
}

Fit fit_scene(const pb::Scene& scene, const Box& area) {
  const auto& b = scene.bounds();
  const double bw = b.width() > 0 ? b.width() : 1, bh = b.height() > 0 ? b.height() : 1;
  Fit f;
  f.scale = std::min(area.w / bw, area.h / bh);
  f.ox = area.x + (area.w - bw * f.scale) / 2 - b.x() * f.scale;
  f.oy = area.y + (area.h - bh * f.scale) / 2 - b.y() * f.scale;
  return f;
}

std::uint32_t background(const pb::Scene& scene, const Style& style) {
  if (style.light) return 0xffffffff;
  const std::uint32_t bg = scene.background() ? scene.background() : kViewerBackground;
  if (!style.print) return bg;
  const auto g = static_cast<std::uint32_t>(std::lround(ink_of(bg).grey * 255));
  return g << 24 | g << 16 | g << 8 | 0xff;
}

void paint_scene(cairo_t* cr, const pb::Scene& scene, const Box& area, const Style& style) {
  cairo_save(cr);
  Painter(cr, scene, area, style).paint();
  cairo_restore(cr);
}

void set_font(cairo_t* cr, const Style& style, double size, bool bold) {
  cairo_select_font_face(cr, style.font.c_str(), CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, std::max(0.5, size));
}

std::vector<std::string> wrap(cairo_t* cr, const std::string& text, double width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t i = 0;
  while (i <= text.size()) {
    std::size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    const std::string word = text.substr(i, j - i);
    const std::string candidate = line.empty() ? word : line + " " + word;
    cairo_text_extents_t e;
    cairo_text_extents(cr, candidate.c_str(), &e);
    if (!line.empty() && e.x_advance > width) {
      lines.push_back(line);
      line = word;
    } else {
      line = candidate;
    }
    i = j + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

}  // namespace gamehost::diagram
