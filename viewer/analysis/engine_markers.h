// The engine's best moves on the board (docs/viewer.md, "The engine,
// live"): a numbered disc, 1 to 3, on the hit area of each suggested move.
// The viewer knows no game: an action's place is the scene's clickable area
// that holds it (ViewOptions.hit_actions, docs/interface.md); a move no
// area holds (decline, pass) gets no disc and stays in the panel only.
#pragma once

#include <SFML/Graphics/Drawable.hpp>
#include <SFML/Graphics/Font.hpp>

#include <cstdint>
#include <optional>
#include <vector>

#include "gamehost/review/live_analysis.h"
#include "viewer/render/mesh.h"
#include "viewer/render/palette.h"

namespace viewer {

struct EngineMarker {
  std::uint32_t action = 0;
  int rank = 1;          // 1: the engine's best
  sf::Vector2f centre;   // logical pixels
  float radius = 0;
};

// Where the discs of `top` go on `scene` (rendered with hit_actions, fitted
// into the board area): each move's area's HitArea.mark_at, or its centre
// when the plugin gives none; moves sharing an
// area (several pieces on one lot) stand side by side.
std::vector<EngineMarker> place_engine_markers(const pb::Scene& scene,
                                               const std::vector<gamehost::review::Suggestion>& top);

// The outline of each rank's disc (gold, silver, bronze) over a dark fill.
sf::Color engine_marker_outline(int rank);

class EngineMarkers : public sf::Drawable {
 public:
  void set(std::vector<EngineMarker> markers, const sf::Font& font, float pixel_scale);
  void clear() { markers_.clear(); }
  const std::vector<EngineMarker>& markers() const { return markers_; }
  // The action of the disc under logical point `p`, if any.
  std::optional<std::uint32_t> hit(sf::Vector2f p) const;

 private:
  void draw(sf::RenderTarget& target, sf::RenderStates states) const override;

  std::vector<EngineMarker> markers_;
  const sf::Font* font_ = nullptr;
  float pixel_scale_ = 1;
};

}  // namespace viewer
