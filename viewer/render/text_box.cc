#include "viewer/render/text_box.h"

#include <algorithm>

#include "viewer/render/mesh.h"
#include "viewer/render/palette.h"
#include "viewer/render/text_util.h"

namespace viewer {

BoxText measure_box(const sf::Font& font, const BoxLines& lines, float width, float size) {
  BoxText out;
  for (const auto& [text, bold] : lines)
    for (const auto& part : wrap_text(font, text, size, bold, width, width)) out.lines.push_back({part, bold});
  float w = 0;
  for (const auto& [text, bold] : out.lines) w = std::max(w, text_width(font, text, size, bold));
  const float line_h = size * 1.45f, pad = 10;
  out.size = {w + 2 * pad, out.lines.size() * line_h + 2 * pad - (line_h - size)};
  return out;
}

void draw_box(sf::RenderTarget& target, const sf::Font& font, float pixel_scale, const BoxText& text,
              sf::FloatRect box, float size) {
  std::vector<sf::Vertex> v;
  const Points outline = rounded_rect_points(box, 6);
  fill_convex(outline, kBox, v);
  stroke_closed(outline, 1.5f, true, kBoxEdge, v);
  target.draw(v.data(), v.size(), sf::Triangles);
  const float line_h = size * 1.45f, pad = 10;
  float y = box.top + pad + size * 0.55f;
  for (const auto& [line, bold] : text.lines) {
    sf::Text t = crisp_text(font, line, size, pixel_scale, bold);
    t.setFillColor(bold ? kAccent : kText);
    anchor_text(t, {box.left + pad, y}, -1);
    target.draw(t);
    y += line_h;
  }
}

void draw_box(sf::RenderTarget& target, const sf::Font& font, float pixel_scale, const BoxLines& lines,
              sf::Vector2f at, float width, float size, sf::FloatRect bounds) {
  const BoxText text = measure_box(font, lines, width, size);
  sf::FloatRect box{at, text.size};
  box.left = std::clamp(box.left, bounds.left + 4, bounds.left + bounds.width - box.width - 4);
  box.top = std::clamp(box.top, bounds.top + 4, bounds.top + bounds.height - box.height - 4);
  draw_box(target, font, pixel_scale, text, box, size);
}

}  // namespace viewer
