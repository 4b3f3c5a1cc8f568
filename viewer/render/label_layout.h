// Labels that never collide: the boxes of every text the board shows (the
// scene's texts, the routes' step numbers, the routes' captions, the
// tooltip) and of every piece (Shape.solid), known before anything is
// drawn, and the placement of the labels the viewer may move (captions and
// the tooltip) where they overlap no other text and cover no piece. The
// plugin says where a label would best go; the viewer, which sees every
// label at once, makes room.
#pragma once

#include <SFML/Graphics/Rect.hpp>

#include <vector>

namespace viewer {

class PreparedScene;

// Whether a and b share more than `slack` logical pixels each way (boxes
// that merely touch do not overlap).
bool boxes_overlap(const sf::FloatRect& a, const sf::FloatRect& b, float slack = 0.5f);

// The box of `size` whose centre is nearest to `preferred` (searched on a
// grid of `step` pixels) that lies inside `area` and overlaps none of
// `avoid`; when every candidate overlaps something, the one overlapping
// the least area (and `*free` says false).
sf::FloatRect place_box(sf::Vector2f preferred, sf::Vector2f size, const std::vector<sf::FloatRect>& avoid,
                        sf::FloatRect area, float step = 4, bool* free = nullptr);

// As place_box with `texts` and `solids` both avoided; when no place is
// free of both, the nearest place free of `texts` that covers the least of
// `solids` (a label may sit over a piece or a mark, never over another
// text), else place_box's least overlap.
sf::FloatRect place_box_off_texts(sf::Vector2f preferred, sf::Vector2f size, const std::vector<sf::FloatRect>& texts,
                                  const std::vector<sf::FloatRect>& solids, sf::FloatRect area, float step = 4);

// The scene's text shapes (logical pixels), pieces' own labels included.
std::vector<sf::FloatRect> scene_text_boxes(const PreparedScene& scene);
// The scene's pieces (Shape.solid), their labels excluded.
std::vector<sf::FloatRect> piece_boxes(const PreparedScene& scene);
// Texts of the scene that are not part of a piece.
std::vector<sf::FloatRect> free_text_boxes(const PreparedScene& scene);

}  // namespace viewer
