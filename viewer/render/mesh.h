// Turning scene.proto geometry into triangles: filled rounded rectangles,
// circles and polygons (convex or not, by ear clipping), outlines and thick
// polylines. Everything lands in plain sf::Vertex triangle lists in the
// viewer's logical coordinates, so a whole layer is one draw call.
#pragma once

#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/Vertex.hpp>

#include <cstdint>
#include <vector>

#include "scene.pb.h"

namespace viewer {

namespace pb = gamehost::v1;

// 0xRRGGBBAA to an SFML colour.
inline sf::Color to_color(std::uint32_t rgba) {
  return sf::Color(rgba >> 24, (rgba >> 16) & 0xff, (rgba >> 8) & 0xff, rgba & 0xff);
}

// Board coordinates to logical pixels: p * scale + origin.
struct BoardTransform {
  sf::Vector2f origin;
  float scale = 1;
  sf::Vector2f map(float x, float y) const { return {origin.x + x * scale, origin.y + y * scale}; }
  sf::Vector2f map(const pb::Point& p) const { return map(p.x(), p.y()); }
  float length(float board) const { return board * scale; }
  // Logical pixels back to board coordinates.
  sf::Vector2f unmap(sf::Vector2f p) const { return {(p.x - origin.x) / scale, (p.y - origin.y) / scale}; }
};

using Points = std::vector<sf::Vector2f>;

// Outline points of shapes (closed, no repeated first point).
Points rounded_rect_points(sf::FloatRect r, float corner);
Points circle_points(sf::Vector2f c, float radius);

// Appends triangles to `out`.
void fill_convex(const Points& pts, sf::Color c, std::vector<sf::Vertex>& out);
// Any simple polygon (ear clipping; falls back to a fan if it is not simple).
void fill_polygon(const Points& pts, sf::Color c, std::vector<sf::Vertex>& out);
// A closed outline of `width`: centred on the edge, or inside it when `inside`.
void stroke_closed(const Points& pts, float width, bool inside, sf::Color c, std::vector<sf::Vertex>& out);
// An open polyline with round-ish joins (a small disc at each inner point).
void stroke_open(const Points& pts, float width, sf::Color c, std::vector<sf::Vertex>& out);
// An axis-aligned rectangle (two triangles).
void fill_rect(sf::FloatRect r, sf::Color c, std::vector<sf::Vertex>& out);

// The triangles of a non-text shape (fill, then outline), in logical pixels.
// Also returns the shape's bounding box (for tooltips and the pivot).
sf::FloatRect tessellate(const pb::Shape& shape, const BoardTransform& t, std::vector<sf::Vertex>& out);

// The bounding box of a shape in board coordinates (text: its anchor point).
sf::FloatRect board_bounds(const pb::Shape& shape);

}  // namespace viewer
