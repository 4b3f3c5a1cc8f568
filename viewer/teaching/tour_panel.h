// The tour window's panel (tour_mode.h) laid out once for both drawing and
// clicking: the wrapped lines as texts, and where a click does what a key
// does (issue 43: the footer's "→ next step  ← back" and the picker's
// rows answered keys only). Drawn at 1280x800 logical pixels.
#pragma once

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/Text.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "viewer/teaching/tour_mode.h"

namespace viewer {

enum class TourPanelAction { Next, Back, Again, Quit, Choose };

struct TourPanelTarget {
  sf::FloatRect box;  // logical pixels
  TourPanelAction action = TourPanelAction::Next;
  std::size_t choice = 0;  // Choose: the picker's row, 0-based
};

struct TourPanelLayout {
  std::vector<sf::Text> texts;
  std::vector<TourPanelTarget> targets;
};

// The panel of `model` inside kPanelArea; `typed`: the answer being typed
// (Enter), or null.
TourPanelLayout lay_out_tour_panel(const TourModel& model, const sf::Font& font, float pixel_scale,
                                   const std::string* typed);

// The target under logical point `p`, if any.
std::optional<TourPanelTarget> tour_panel_target_at(const TourPanelLayout& layout, sf::Vector2f p);

}  // namespace viewer
