#include "gamehost/kit/scene_shapes.h"

#include <algorithm>
#include <cmath>

namespace gamehost::kit {

Rgba mix(Rgba c, Rgba to, float t) {
  auto ch = [](Rgba v, int shift) { return static_cast<float>((v >> shift) & 0xff); };
  Rgba out = c & 0xff;
  for (int shift : {24, 16, 8}) {
    const float v = ch(c, shift) + (ch(to, shift) - ch(c, shift)) * t;
    out |= static_cast<Rgba>(std::clamp(std::lround(v), 0l, 255l)) << shift;
  }
  return out;
}

Rgba with_alpha(Rgba c, std::uint8_t alpha) { return (c & 0xffffff00u) | alpha; }

pb::Point point(float x, float y) {
  pb::Point p;
  p.set_x(x);
  p.set_y(y);
  return p;
}

void set_bounds(pb::Scene& scene, float x, float y, float width, float height, Rgba background) {
  auto& b = *scene.mutable_bounds();
  b.set_x(x);
  b.set_y(y);
  b.set_width(width);
  b.set_height(height);
  scene.set_background(background);
}

pb::Layer& add_layer(pb::Scene& scene, std::string id) {
  pb::Layer& l = *scene.add_layers();
  l.set_id(std::move(id));
  return l;
}

pb::Shape& add(pb::Layer& layer, std::string id, Rgba fill, Rgba outline, float outline_width) {
  pb::Shape& s = *layer.add_shapes();
  s.set_id(std::move(id));
  s.set_fill(fill);
  s.set_outline(outline);
  s.set_outline_width(outline_width);
  return s;
}

void set_rect(pb::Shape& s, float x, float y, float w, float h, float corner) {
  auto& r = *s.mutable_rect();
  r.mutable_rect()->set_x(x);
  r.mutable_rect()->set_y(y);
  r.mutable_rect()->set_width(w);
  r.mutable_rect()->set_height(h);
  r.set_corner_radius(corner);
}

void set_circle(pb::Shape& s, pb::Point c, float r) {
  *s.mutable_circle()->mutable_center() = c;
  s.mutable_circle()->set_radius(r);
}

void set_circle(pb::Shape& s, float x, float y, float r) { set_circle(s, point(x, y), r); }

void set_polygon(pb::Shape& s, std::initializer_list<std::pair<float, float>> pts, pb::Point origin,
                 float scale) {
  auto& poly = *s.mutable_polygon();
  for (const auto& [x, y] : pts) *poly.add_points() = point(origin.x() + x * scale, origin.y() + y * scale);
}

void set_text(pb::Shape& s, pb::Point at, std::string content, float size, pb::Text::Align align, bool bold) {
  auto& t = *s.mutable_text();
  *t.mutable_position() = at;
  t.set_content(std::move(content));
  t.set_size(size);
  t.set_align(align);
  t.set_bold(bold);
}

void set_text(pb::Shape& s, float x, float y, std::string content, float size, pb::Text::Align align, bool bold) {
  set_text(s, point(x, y), std::move(content), size, align, bold);
}

void set_line(pb::Shape& s, std::initializer_list<pb::Point> pts) {
  for (const auto& p : pts) *s.mutable_polyline()->add_points() = p;
}

void set_line(pb::Shape& s, float x1, float y1, float x2, float y2) { set_line(s, {point(x1, y1), point(x2, y2)}); }

bool wants_hit_actions(const pb::ViewOptions& view) { return view.hit_actions(); }

void add_hit_action(pb::HitArea& hit, std::uint32_t action_id, std::string label) {
  // Labels stay aligned with the ids: all or none.
  if (!label.empty() && hit.action_labels_size() < hit.actions_size())
    while (hit.action_labels_size() < hit.actions_size()) hit.add_action_labels();
  hit.add_actions(action_id);
  if (!label.empty() || hit.action_labels_size() > 0) hit.add_action_labels(std::move(label));
}

void set_refusal(pb::HitArea& hit, std::string code, std::string message) {
  hit.set_refusal_code(std::move(code));
  hit.set_refusal(std::move(message));
}

void corner_brackets(pb::Layer& layer, const std::string& id, float x, float y, float w, float h, float arm,
                     float width, Rgba colour) {
  const float xs[] = {x, x + w, x + w, x}, ys[] = {y, y, y + h, y + h};
  for (int i = 0; i < 4; ++i) {
    const float dx = i == 0 || i == 3 ? arm : -arm, dy = i < 2 ? arm : -arm;
    pb::Shape& s = add(layer, id + ":" + std::to_string(i), 0, colour, width);
    set_line(s, {point(xs[i], ys[i] + dy), point(xs[i], ys[i]), point(xs[i] + dx, ys[i])});
  }
}

pb::HitArea& add_hit(pb::Scene& scene, float x, float y, float w, float h, std::string hover) {
  pb::HitArea& hit = *scene.add_hits();
  auto& r = *hit.mutable_rect();
  r.set_x(x);
  r.set_y(y);
  r.set_width(w);
  r.set_height(h);
  hit.set_hover(std::move(hover));
  return hit;
}

void add_overlay(pb::Scene& scene, std::string key, std::string name, std::string shortcut, bool default_on) {
  pb::Overlay& o = *scene.add_overlays();
  o.set_key(std::move(key));
  o.set_name(std::move(name));
  o.set_shortcut(std::move(shortcut));
  o.set_default_on(default_on);
}

bool overlay_on(const pb::ViewOptions& view, const std::string& key) {
  return std::find(view.overlays().begin(), view.overlays().end(), key) != view.overlays().end();
}

pb::PanelSection& add_section(pb::Scene& scene, std::string title) {
  pb::PanelSection& section = *scene.add_panel();
  section.set_title(std::move(title));
  return section;
}

pb::PanelLine& panel_line(pb::PanelSection& section, std::string content, std::string key, std::string value,
                          bool bold) {
  auto& l = *section.add_lines();
  auto& span = *l.add_spans();
  span.set_text(std::move(content));
  span.set_bold(bold);
  l.set_key(std::move(key));
  l.set_value(std::move(value));
  return l;
}

}  // namespace gamehost::kit
