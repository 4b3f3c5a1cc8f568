#include "viewer/analysis/engine_markers.h"

#include <SFML/Graphics/CircleShape.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include <algorithm>
#include <map>

#include "viewer/view/replay_view.h"
#include "viewer/render/text_util.h"

namespace viewer {

namespace {

// Big enough to read a digit on a small lot, small enough to leave the
// lot's piece visible around it on a large one (logical pixels).
constexpr float kMinRadius = 10, kMaxRadius = 19;

}  // namespace

sf::Color engine_marker_outline(int rank) {
  switch (rank) {
    case 1: return kEngineGold;
    case 2: return kEngineSilver;
    default: return kEngineBronze;
  }
}

std::vector<EngineMarker> place_engine_markers(const pb::Scene& scene,
                                               const std::vector<gamehost::review::Suggestion>& top) {
  const BoardTransform t = board_transform(scene);
  // The area of each suggestion, then the suggestions of each area.
  std::map<int, std::vector<int>> by_area;
  for (std::size_t rank = 0; rank < top.size() && rank < 3; ++rank)
    for (int i = scene.hits_size() - 1; i >= 0; --i) {  // the topmost area, as a click finds it
      const auto& actions = scene.hits(i).actions();
      if (std::find(actions.begin(), actions.end(), top[rank].action) == actions.end()) continue;
      by_area[i].push_back(static_cast<int>(rank));
      break;
    }
  std::vector<EngineMarker> out;
  for (const auto& [area, ranks] : by_area) {
    const auto& r = scene.hits(area).rect();
    const float n = static_cast<float>(ranks.size());
    const float fit = std::min(t.length(r.width()) / n, t.length(r.height())) * 0.4f;
    const float radius = std::clamp(fit, kMinRadius, kMaxRadius);
    // The plugin's mark point when it gives one (a column's landing cell),
    // else the area's centre.
    const pb::HitArea& hit = scene.hits(area);
    const sf::Vector2f centre = hit.has_mark_at() ? t.map(hit.mark_at().x(), hit.mark_at().y())
                                                  : t.map(r.x() + r.width() / 2, r.y() + r.height() / 2);
    for (std::size_t k = 0; k < ranks.size(); ++k) {
      const float dx = (static_cast<float>(k) - (n - 1) / 2) * 2.3f * radius;
      out.push_back({top[static_cast<std::size_t>(ranks[k])].action, ranks[k] + 1, {centre.x + dx, centre.y}, radius});
    }
  }
  std::sort(out.begin(), out.end(), [](const EngineMarker& a, const EngineMarker& b) { return a.rank < b.rank; });
  return out;
}

void EngineMarkers::set(std::vector<EngineMarker> markers, const sf::Font& font, float pixel_scale) {
  markers_ = std::move(markers);
  font_ = &font;
  pixel_scale_ = pixel_scale;
}

std::optional<std::uint32_t> EngineMarkers::hit(sf::Vector2f p) const {
  for (const EngineMarker& m : markers_) {
    const sf::Vector2f d = p - m.centre;
    if (d.x * d.x + d.y * d.y <= m.radius * m.radius) return m.action;
  }
  return std::nullopt;
}

void EngineMarkers::draw(sf::RenderTarget& target, sf::RenderStates states) const {
  // The worst first, so the best lies on top where discs touch.
  for (auto m = markers_.rbegin(); m != markers_.rend(); ++m) {
    sf::CircleShape disc(m->radius, 40);
    disc.setOrigin(m->radius, m->radius);
    disc.setPosition(m->centre);
    disc.setFillColor(kEngineMarkerFill);
    disc.setOutlineColor(engine_marker_outline(m->rank));
    disc.setOutlineThickness(std::max(3.f, m->radius / 5));
    target.draw(disc, states);
    sf::Text digit = crisp_text(*font_, std::to_string(m->rank), m->radius * 1.2f, pixel_scale_, true);
    const sf::FloatRect b = digit.getLocalBounds();
    const float s = digit.getScale().x;
    digit.setPosition(m->centre.x - (b.left + b.width / 2) * s, m->centre.y - (b.top + b.height / 2) * s);
    digit.setFillColor(sf::Color::White);
    target.draw(digit, states);
  }
}

}  // namespace viewer
