#include "viewer/view/eval_graph.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <tuple>

#include "viewer/render/mesh.h"
#include "viewer/render/palette.h"

namespace viewer {

namespace {

// A polyline as dashes (on, off in logical pixels), for a line that must
// differ from another without colour.
void stroke_dashed(const Points& pts, float width, float on, float off, sf::Color c, std::vector<sf::Vertex>& out) {
  float phase = 0;  // distance into the current on+off period
  for (std::size_t i = 1; i < pts.size(); ++i) {
    const sf::Vector2f a = pts[i - 1], d = pts[i] - a;
    const float len = std::hypot(d.x, d.y);
    if (len <= 0) continue;
    float t = 0;
    while (t < len) {
      const bool drawing = phase < on;
      const float step = std::min(len - t, drawing ? on - phase : on + off - phase);
      if (drawing) stroke_open({a + d * (t / len), a + d * ((t + step) / len)}, width, c, out);
      t += step;
      phase = std::fmod(phase + step, on + off);
    }
  }
}

}  // namespace

sf::Color player_line_colour(int seat) {
  return kSeatColours[static_cast<std::size_t>(std::max(0, seat)) % 4];
}

sf::Vector2f EvalGraph::point_of(int ply, double margin) const {
  const float x = plot_.left + plot_.width * (plies_ > 0 ? static_cast<float>(ply) / plies_ : 0.f);
  const double m = std::clamp(margin, -range_, range_);
  const float y = plot_.top + plot_.height * static_cast<float>(0.5 - m / (2 * range_));
  return {x, y};
}

void EvalGraph::layout(const GameReview& review, int plies, int current, sf::FloatRect area,
                       std::vector<sf::Vertex>& shapes, const Label& label) {
  plies_ = std::max(1, plies);
  // Room on the left for the scale's labels.
  plot_ = {area.left + 34, area.top + 16, area.width - 40, area.height - 20};  // the legend above
  double top = 0;
  int seats = 0;
  for (int p = 1; p <= review.plies(); ++p)
    if (const auto* r = review.at(p)) {
      top = std::max({top, std::abs(r->after().margin()), std::abs(r->before().margin())});
      seats = std::max(seats, r->seat() + 1);
    }
  range_ = std::max(10.0, std::ceil(top / 10) * 10);

  stroke_closed(rounded_rect_points(area, 4), 1, true, kRule, shapes);
  const float zero_y = point_of(0, 0).y;
  fill_rect({plot_.left, zero_y - 0.5f, plot_.width, 1}, kZeroLine, shapes);
  label(margin_text(range_), area.left + 4, plot_.top + 5, 10.5f, kDim);
  label("0", area.left + 4, zero_y, 10.5f, kDim);
  label(margin_text(-range_), area.left + 4, plot_.top + plot_.height - 5, 10.5f, kDim);

  // The current ply, under the lines.
  const float cx = point_of(std::clamp(current, 0, plies_), 0).x;
  fill_rect({cx - 1, plot_.top - 2, 2, plot_.height + 4}, kAccent, shapes);

  // The legend: each player's name in its line's colour, the line style
  // drawn before it, above the plot on the right.
  float lx = plot_.left + plot_.width - 6;
  for (int seat = seats - 1; seat >= 0; --seat) {
    const auto& names = review.header().player_names();
    const std::string name = seat < names.size() ? names[seat] : "seat " + std::to_string(seat + 1);
    const float w = 7.f * name.size() + 4;
    label(name, lx - w, area.top + 8, 10.5f, player_line_colour(seat));
    const Points sample{{lx - w - 22, area.top + 8}, {lx - w - 4, area.top + 8}};
    if (seat % 2 == 0) stroke_open(sample, 2.2f, player_line_colour(seat), shapes);
    else stroke_dashed(sample, 2.2f, 6, 3, player_line_colour(seat), shapes);
    lx -= w + 32;
  }

  // Every line first, then every marker, so no line hides a marker.
  std::vector<std::tuple<sf::Vector2f, bool, sf::Color>> marks;  // point, exact, colour
  for (int seat = 0; seat < seats; ++seat) {
    Points line;
    const sf::Color c = player_line_colour(seat);
    for (int p = 1; p <= review.plies(); ++p) {
      const auto* r = review.at(p);
      if (!r || r->seat() != seat) continue;
      line.push_back(point_of(p, r->after().margin()));
      marks.push_back({line.back(), r->after().exact(), c});
      // An estimate's error bar: its value ± its standard error (issue 35).
      if (!r->after().exact() && r->after_error() > 0) {
        const sf::Vector2f hi = point_of(p, r->after().margin() + r->after_error());
        const sf::Vector2f lo = point_of(p, r->after().margin() - r->after_error());
        fill_rect({hi.x - 0.5f, hi.y, 1, lo.y - hi.y}, c, shapes);
        fill_rect({hi.x - 2.5f, hi.y - 0.5f, 5, 1}, c, shapes);
        fill_rect({lo.x - 2.5f, lo.y - 0.5f, 5, 1}, c, shapes);
      }
    }
    if (seat % 2 == 0) stroke_open(line, 2.2f, c, shapes);
    else stroke_dashed(line, 2.2f, 6, 3, c, shapes);
  }
  for (const auto& [at, exact, c] : marks) {
    if (exact) {
      const float s = 4.5f, i = s - 1.5f;
      fill_convex({{at.x, at.y - s}, {at.x + s, at.y}, {at.x, at.y + s}, {at.x - s, at.y}}, sf::Color::White, shapes);
      fill_convex({{at.x, at.y - i}, {at.x + i, at.y}, {at.x, at.y + i}, {at.x - i, at.y}}, c, shapes);
    } else {
      fill_convex(circle_points(at, 1.8f), c, shapes);
    }
  }
}

std::optional<int> EvalGraph::hit(sf::Vector2f p) const {
  const sf::FloatRect band{plot_.left - 6, plot_.top - 4, plot_.width + 12, plot_.height + 8};
  if (plot_.width <= 0 || !band.contains(p)) return std::nullopt;
  const float t = std::clamp((p.x - plot_.left) / plot_.width, 0.f, 1.f);
  return static_cast<int>(std::lround(t * plies_));
}

}  // namespace viewer
