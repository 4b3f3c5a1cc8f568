// A box of wrapped lines on the dark panel colours (palette.h): the
// tooltip, the help, the error screen. Bold lines are headings (accent).
#pragma once

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/RenderTarget.hpp>

#include <string>
#include <utility>
#include <vector>

namespace viewer {

// (text, bold) lines.
using BoxLines = std::vector<std::pair<std::string, bool>>;

// Lines wrapped to `width`, measured: what a box of text needs.
struct BoxText {
  BoxLines lines;
  sf::Vector2f size;
};
BoxText measure_box(const sf::Font& font, const BoxLines& lines, float width, float size);

// The measured lines in `box`.
void draw_box(sf::RenderTarget& target, const sf::Font& font, float pixel_scale, const BoxText& text,
              sf::FloatRect box, float size);
// A box of `lines` wrapped to `width` at `at`, moved inside `bounds`.
void draw_box(sf::RenderTarget& target, const sf::Font& font, float pixel_scale, const BoxLines& lines,
              sf::Vector2f at, float width, float size, sf::FloatRect bounds);

}  // namespace viewer
