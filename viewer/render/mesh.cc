#include "viewer/render/mesh.h"

#include <algorithm>
#include <cmath>

namespace viewer {

namespace {

constexpr float kPi = 3.14159265f;

float cross(sf::Vector2f o, sf::Vector2f a, sf::Vector2f b) {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

float signed_area(const Points& p) {
  float a = 0;
  for (std::size_t i = 0, j = p.size() - 1; i < p.size(); j = i++) a += p[j].x * p[i].y - p[i].x * p[j].y;
  return a / 2;
}

bool inside_triangle(sf::Vector2f p, sf::Vector2f a, sf::Vector2f b, sf::Vector2f c) {
  const float d1 = cross(a, b, p), d2 = cross(b, c, p), d3 = cross(c, a, p);
  const bool neg = d1 < 0 || d2 < 0 || d3 < 0, pos = d1 > 0 || d2 > 0 || d3 > 0;
  return !(neg && pos);
}

void tri(std::vector<sf::Vertex>& out, sf::Vector2f a, sf::Vector2f b, sf::Vector2f c, sf::Color col) {
  out.emplace_back(a, col);
  out.emplace_back(b, col);
  out.emplace_back(c, col);
}

sf::Vector2f normalised(sf::Vector2f v) {
  const float len = std::sqrt(v.x * v.x + v.y * v.y);
  return len > 1e-6f ? sf::Vector2f(v.x / len, v.y / len) : sf::Vector2f(0, 0);
}

// Each point moved along its vertex normal by d (positive: to the left of
// the walking direction), with a bounded miter.
Points offset(const Points& p, float d) {
  Points out(p.size());
  const std::size_t n = p.size();
  for (std::size_t i = 0; i < n; ++i) {
    const sf::Vector2f prev = p[(i + n - 1) % n], cur = p[i], next = p[(i + 1) % n];
    const sf::Vector2f e1 = normalised(cur - prev), e2 = normalised(next - cur);
    const sf::Vector2f n1(-e1.y, e1.x), n2(-e2.y, e2.x);
    sf::Vector2f m = normalised(n1 + n2);
    const float cosine = m.x * n1.x + m.y * n1.y;
    const float len = d / std::max(cosine, 0.35f);
    if (m == sf::Vector2f(0, 0)) m = n1;
    out[i] = cur + m * len;
  }
  return out;
}

}  // namespace

Points rounded_rect_points(sf::FloatRect r, float corner) {
  corner = std::clamp(corner, 0.f, std::min(r.width, r.height) / 2);
  if (corner < 0.5f) return {{r.left, r.top}, {r.left + r.width, r.top}, {r.left + r.width, r.top + r.height}, {r.left, r.top + r.height}};
  const int steps = std::clamp(static_cast<int>(corner / 2), 3, 8);
  const sf::Vector2f centres[4] = {{r.left + r.width - corner, r.top + corner},
                                   {r.left + r.width - corner, r.top + r.height - corner},
                                   {r.left + corner, r.top + r.height - corner},
                                   {r.left + corner, r.top + corner}};
  Points pts;
  pts.reserve(4 * (steps + 1));
  for (int k = 0; k < 4; ++k) {
    const float start = -kPi / 2 + k * kPi / 2;
    for (int i = 0; i <= steps; ++i) {
      const float a = start + (kPi / 2) * i / steps;
      pts.emplace_back(centres[k].x + corner * std::cos(a), centres[k].y + corner * std::sin(a));
    }
  }
  return pts;
}

Points circle_points(sf::Vector2f c, float radius) {
  const int n = std::clamp(static_cast<int>(radius * 0.9f), 14, 72);
  Points pts(n);
  for (int i = 0; i < n; ++i) {
    const float a = 2 * kPi * i / n;
    pts[i] = {c.x + radius * std::cos(a), c.y + radius * std::sin(a)};
  }
  return pts;
}

void fill_convex(const Points& pts, sf::Color c, std::vector<sf::Vertex>& out) {
  for (std::size_t i = 1; i + 1 < pts.size(); ++i) tri(out, pts[0], pts[i], pts[i + 1], c);
}

void fill_polygon(const Points& input, sf::Color c, std::vector<sf::Vertex>& out) {
  if (input.size() < 3) return;
  Points p = input;
  if (signed_area(p) < 0) std::reverse(p.begin(), p.end());  // counter-clockwise (y down: clockwise on screen)
  std::vector<int> idx(p.size());
  for (std::size_t i = 0; i < p.size(); ++i) idx[i] = static_cast<int>(i);
  int guard = static_cast<int>(idx.size() * idx.size());
  while (idx.size() > 3 && guard-- > 0) {
    bool clipped = false;
    const std::size_t n = idx.size();
    for (std::size_t i = 0; i < n; ++i) {
      const sf::Vector2f a = p[idx[(i + n - 1) % n]], b = p[idx[i]], cc = p[idx[(i + 1) % n]];
      if (cross(a, b, cc) <= 0) continue;  // reflex
      bool ear = true;
      for (std::size_t j = 0; j < n && ear; ++j) {
        const int k = idx[j];
        if (k == idx[(i + n - 1) % n] || k == idx[i] || k == idx[(i + 1) % n]) continue;
        if (inside_triangle(p[k], a, b, cc)) ear = false;
      }
      if (!ear) continue;
      tri(out, a, b, cc, c);
      idx.erase(idx.begin() + static_cast<long>(i));
      clipped = true;
      break;
    }
    if (!clipped) break;
  }
  if (idx.size() == 3) {
    tri(out, p[idx[0]], p[idx[1]], p[idx[2]], c);
  } else {
    Points rest;
    for (int i : idx) rest.push_back(p[i]);
    fill_convex(rest, c, out);
  }
}

void stroke_closed(const Points& pts, float width, bool inside, sf::Color c, std::vector<sf::Vertex>& out) {
  if (pts.size() < 2 || width <= 0) return;
  // Offsets are to the left of the walk; for a clockwise-on-screen walk
  // (positive signed area with y down) left is inward.
  const float sign = signed_area(pts) > 0 ? 1.f : -1.f;
  const Points in = offset(pts, sign * (inside ? width : width / 2));
  const Points outer = inside ? pts : offset(pts, -sign * width / 2);
  const std::size_t n = pts.size();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = (i + 1) % n;
    tri(out, outer[i], outer[j], in[j], c);
    tri(out, outer[i], in[j], in[i], c);
  }
}

void stroke_open(const Points& pts, float width, sf::Color c, std::vector<sf::Vertex>& out) {
  const float h = width / 2;
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    const sf::Vector2f d = normalised(pts[i + 1] - pts[i]);
    const sf::Vector2f n(-d.y * h, d.x * h);
    // Square caps (extend by h) so joints and line ends meet cleanly.
    const sf::Vector2f a = pts[i] - d * h, b = pts[i + 1] + d * h;
    tri(out, a + n, b + n, b - n, c);
    tri(out, a + n, b - n, a - n, c);
  }
}

void fill_rect(sf::FloatRect r, sf::Color c, std::vector<sf::Vertex>& out) {
  const sf::Vector2f a(r.left, r.top), b(r.left + r.width, r.top), d(r.left, r.top + r.height),
      e(r.left + r.width, r.top + r.height);
  tri(out, a, b, e, c);
  tri(out, a, e, d, c);
}

sf::FloatRect tessellate(const pb::Shape& shape, const BoardTransform& t, std::vector<sf::Vertex>& out) {
  const sf::Color fill = to_color(shape.fill()), line = to_color(shape.outline());
  const float width = t.length(shape.outline_width());
  Points pts;
  bool convex = true, inside = false;
  switch (shape.geometry_case()) {
    case pb::Shape::kRect: {
      const auto& r = shape.rect().rect();
      const sf::Vector2f tl = t.map(r.x(), r.y());
      pts = rounded_rect_points({tl.x, tl.y, t.length(r.width()), t.length(r.height())},
                                t.length(shape.rect().corner_radius()));
      inside = true;
      break;
    }
    case pb::Shape::kCircle:
      pts = circle_points(t.map(shape.circle().center()), t.length(shape.circle().radius()));
      break;
    case pb::Shape::kPolygon:
      for (const auto& p : shape.polygon().points()) pts.push_back(t.map(p));
      convex = false;
      break;
    case pb::Shape::kPolyline: {
      for (const auto& p : shape.polyline().points()) pts.push_back(t.map(p));
      if (line.a && width > 0) stroke_open(pts, width, line, out);
      break;
    }
    default: return {};
  }
  if (pts.empty()) return {};
  if (shape.geometry_case() != pb::Shape::kPolyline) {
    if (fill.a) {
      if (convex) fill_convex(pts, fill, out);
      else fill_polygon(pts, fill, out);
    }
    if (line.a && width > 0) stroke_closed(pts, width, inside, line, out);
  }
  float x0 = pts[0].x, x1 = x0, y0 = pts[0].y, y1 = y0;
  for (const auto& p : pts) {
    x0 = std::min(x0, p.x);
    x1 = std::max(x1, p.x);
    y0 = std::min(y0, p.y);
    y1 = std::max(y1, p.y);
  }
  return {x0, y0, x1 - x0, y1 - y0};
}

sf::FloatRect board_bounds(const pb::Shape& shape) {
  switch (shape.geometry_case()) {
    case pb::Shape::kRect: {
      const auto& r = shape.rect().rect();
      return {r.x(), r.y(), r.width(), r.height()};
    }
    case pb::Shape::kCircle: {
      const auto& c = shape.circle();
      return {c.center().x() - c.radius(), c.center().y() - c.radius(), 2 * c.radius(), 2 * c.radius()};
    }
    case pb::Shape::kText: return {shape.text().position().x(), shape.text().position().y(), 0, 0};
    default: break;
  }
  const auto& pts = shape.has_polygon() ? shape.polygon().points() : shape.polyline().points();
  if (pts.empty()) return {};
  float x0 = pts[0].x(), x1 = x0, y0 = pts[0].y(), y1 = y0;
  for (const auto& p : pts) {
    x0 = std::min(x0, p.x());
    x1 = std::max(x1, p.x());
    y0 = std::min(y0, p.y());
    y1 = std::max(y1, p.y());
  }
  return {x0, y0, x1 - x0, y1 - y0};
}

}  // namespace viewer
