// The evaluation graph of a review, drawn along the move list: for each
// player, the expected final margin in that player's own view (its points
// minus the other's) after each of its moves, over the plies; a zero line,
// the current ply marked, and the values the endgame solver proved drawn as
// diamonds (estimates as small dots, with an error bar of ± their standard
// error where the review measured one). A drop in a player's line is a move
// that cost that player points. Clicking the graph jumps to the ply under
// the pointer.
#pragma once

#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/Vertex.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "viewer/session/review_data.h"

namespace viewer {

// One colour per player (Okabe–Ito sky blue, reddish purple, then more);
// the second player's line is also dashed, so the lines differ without
// colour.
sf::Color player_line_colour(int seat);

class EvalGraph {
 public:
  using Label = std::function<void(const std::string& text, float x, float y, float size, sf::Color colour)>;

  // Lays the graph out in `area` for a log of `plies` plies with ply
  // `current` shown, into `shapes` (triangles) and `label` (texts).
  void layout(const GameReview& review, int plies, int current, sf::FloatRect area, std::vector<sf::Vertex>& shapes,
              const Label& label);
  // The ply under `p`, when `p` is on the graph.
  std::optional<int> hit(sf::Vector2f p) const;
  // Where ply `ply` with margin `margin` is drawn (for tests and the docs).
  sf::Vector2f point_of(int ply, double margin) const;
  sf::FloatRect plot() const { return plot_; }

 private:
  sf::FloatRect plot_;
  int plies_ = 0;
  double range_ = 10;
};

}  // namespace viewer
