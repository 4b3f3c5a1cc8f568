// The scene's paths drawn step by step (scene.proto Path): a route grows
// one point at a time, each reached point lights its marker and shows its
// label ("1", "2", ... "19"), and the caption ("2 × 19 = 38") appears when
// the route is complete. A path whose id and points are unchanged by a new
// scene keeps its progress; a new or changed one starts over.
#pragma once

#include <SFML/Graphics/Drawable.hpp>
#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/Text.hpp>

#include <string>
#include <vector>

#include "viewer/render/mesh.h"

namespace viewer {

class PathPlayer : public sf::Drawable {
 public:
  // Takes the paths of `scene`. With `instant`, every path is complete.
  void set_paths(const pb::Scene& scene, const BoardTransform& t, const sf::Font& font, float pixel_scale,
                 bool instant);
  void update(float dt);
  // Completes every path at once.
  void finish();
  bool running() const;
  // The logical-pixel centres of the lit markers of every path (for tests).
  std::vector<sf::Vector2f> lit_markers() const;
  // Every step label's box, drawn or still to come (logical pixels).
  std::vector<sf::FloatRect> label_boxes() const;
  // Every caption's box (its frame included).
  std::vector<sf::FloatRect> caption_boxes() const;
  // Moves each caption, in order, to the free place nearest the plugin's
  // (label_layout.h): off `texts` (which grows by the step labels and each
  // caption placed) and `solids` (pieces and marks), inside `area`; on a
  // board too full, smaller, then off every text over the least of the
  // solids. Step labels that coincide (two routes through one lot) are
  // moved apart first.
  void place_labels(std::vector<sf::FloatRect>& texts, const std::vector<sf::FloatRect>& solids, sf::FloatRect area);

 protected:
  void draw(sf::RenderTarget& target, sf::RenderStates states) const override;

 private:
  struct Track {
    std::string id;
    pb::Path path;
    Points points;        // logical pixels
    float progress = 0;   // points reached beyond the first (0 .. points-1)
    float step_seconds = 0.12f;
    std::vector<sf::Text> labels;  // one per point (may be empty strings)
    sf::Text caption;
    bool has_caption = false;
    float lot_px = 1;
  };
  void build_track(Track& track, const BoardTransform& t, const sf::Font& font, float pixel_scale);
  static sf::FloatRect caption_box(const sf::Text& caption);

  std::vector<Track> tracks_;
};

}  // namespace viewer
