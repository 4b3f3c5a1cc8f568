#include "viewer/render/label_layout.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "viewer/render/scene_drawable.h"

namespace viewer {

bool boxes_overlap(const sf::FloatRect& a, const sf::FloatRect& b, float slack) {
  return a.left + a.width - slack > b.left && b.left + b.width - slack > a.left &&
         a.top + a.height - slack > b.top && b.top + b.height - slack > a.top;
}

namespace {

float overlap_area(const sf::FloatRect& a, const sf::FloatRect& b) {
  const float w = std::min(a.left + a.width, b.left + b.width) - std::max(a.left, b.left);
  const float h = std::min(a.top + a.height, b.top + b.height) - std::max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

// Grid offsets (in steps) within `radius` steps, nearest first.
const std::vector<sf::Vector2i>& offsets_by_distance() {
  static const std::vector<sf::Vector2i> offsets = [] {
    constexpr int kRadius = 80;
    std::vector<sf::Vector2i> v;
    for (int dy = -kRadius; dy <= kRadius; ++dy)
      for (int dx = -kRadius; dx <= kRadius; ++dx)
        if (dx * dx + dy * dy <= kRadius * kRadius) v.push_back({dx, dy});
    // Vertical moves cost a little more than horizontal ones: a caption
    // read beside its place is still read as belonging to it.
    std::stable_sort(v.begin(), v.end(), [](sf::Vector2i a, sf::Vector2i b) {
      return a.x * a.x + 2 * a.y * a.y < b.x * b.x + 2 * b.y * b.y;
    });
    return v;
  }();
  return offsets;
}

}  // namespace

sf::FloatRect place_box(sf::Vector2f preferred, sf::Vector2f size, const std::vector<sf::FloatRect>& avoid,
                        sf::FloatRect area, float step, bool* free) {
  if (free) *free = true;
  sf::FloatRect best{preferred.x - size.x / 2, preferred.y - size.y / 2, size.x, size.y};
  float best_cost = std::numeric_limits<float>::max();
  for (const sf::Vector2i& o : offsets_by_distance()) {
    sf::FloatRect r{preferred.x + o.x * step - size.x / 2, preferred.y + o.y * step - size.y / 2, size.x, size.y};
    if (r.left < area.left || r.top < area.top || r.left + r.width > area.left + area.width ||
        r.top + r.height > area.top + area.height)
      continue;
    float cost = 0;
    for (const sf::FloatRect& a : avoid) {
      if (!boxes_overlap(r, a)) continue;
      cost += overlap_area(r, a) + 1;
      if (cost >= best_cost) break;
    }
    if (cost == 0) return r;
    if (cost < best_cost) {
      best_cost = cost;
      best = r;
    }
  }
  if (free) *free = false;
  return best;
}

sf::FloatRect place_box_off_texts(sf::Vector2f preferred, sf::Vector2f size, const std::vector<sf::FloatRect>& texts,
                                  const std::vector<sf::FloatRect>& solids, sf::FloatRect area, float step) {
  std::vector<sf::FloatRect> both = texts;
  both.insert(both.end(), solids.begin(), solids.end());
  bool free = false;
  const sf::FloatRect anywhere = place_box(preferred, size, both, area, step, &free);
  if (free) return anywhere;
  std::optional<sf::FloatRect> best;
  float best_cost = std::numeric_limits<float>::max();
  for (const sf::Vector2i& o : offsets_by_distance()) {
    const sf::FloatRect r{preferred.x + o.x * step - size.x / 2, preferred.y + o.y * step - size.y / 2, size.x, size.y};
    if (r.left < area.left || r.top < area.top || r.left + r.width > area.left + area.width ||
        r.top + r.height > area.top + area.height)
      continue;
    if (std::any_of(texts.begin(), texts.end(), [&](const sf::FloatRect& t) { return boxes_overlap(r, t); })) continue;
    float cost = 0;
    for (const sf::FloatRect& s : solids) cost += overlap_area(r, s);
    if (cost < best_cost) {
      best_cost = cost;
      best = r;
    }
  }
  return best.value_or(anywhere);
}

namespace {

template <typename Keep>
std::vector<sf::FloatRect> boxes(const PreparedScene& scene, Keep keep) {
  std::vector<sf::FloatRect> out;
  for (const PreparedLayer& layer : scene.layers())
    for (const PreparedShape& s : layer.shapes)
      if (keep(s) && s.bounds.width > 0 && s.bounds.height > 0) out.push_back(s.bounds);
  return out;
}

}  // namespace

std::vector<sf::FloatRect> scene_text_boxes(const PreparedScene& scene) {
  return boxes(scene, [](const PreparedShape& s) { return s.text >= 0 && !s.source->text().content().empty(); });
}

std::vector<sf::FloatRect> piece_boxes(const PreparedScene& scene) {
  return boxes(scene, [](const PreparedShape& s) { return s.text < 0 && s.source->solid(); });
}

std::vector<sf::FloatRect> free_text_boxes(const PreparedScene& scene) {
  return boxes(scene, [](const PreparedShape& s) {
    return s.text >= 0 && !s.source->solid() && !s.source->text().content().empty();
  });
}

}  // namespace viewer
