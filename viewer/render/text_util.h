// Text helpers: crisp sf::Text in a scaled logical view, measuring with the
// font's advances (no sf::Text needed) and word wrapping for the panel.
#pragma once

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/Text.hpp>

#include <SFML/Graphics/Drawable.hpp>
#include <SFML/Graphics/Vertex.hpp>

#include <map>
#include <string>
#include <vector>

namespace viewer {

// A text drawn at `size` logical pixels that stays sharp when the logical
// view is scaled by `pixel_scale` (window pixels per logical pixel): the
// glyphs are rasterised at the real size and the text is scaled back.
sf::Text crisp_text(const sf::Font& font, const std::string& utf8, float size, float pixel_scale,
                    bool bold = false);

// SFML's bold thickens every outline by a whole pixel, which at small sizes
// fills the counters of letters ("@" became a blob at 800x500): text
// rasterised below this many pixels is drawn regular (its colour or a
// highlight still sets it apart).
inline constexpr unsigned kMinBoldPixels = 12;
inline bool raster_bold(bool bold, unsigned pixels) { return bold && pixels >= kMinBoldPixels; }

// Places `text` so that `anchor` is its left-middle (align < 0), centre
// (0) or right-middle (> 0). The vertical middle is that of a capital
// letter, so digits and words line up.
void anchor_text(sf::Text& text, sf::Vector2f anchor, int align);

// Width in logical pixels of `utf8` at `size` (bold or not), as
// crisp_text() draws it for `pixel_scale` (glyphs rasterised at a small size
// are hinted wider than the font's outline: at 800x500 a panel line is a
// few percent wider than at 1280x800).
float text_width(const sf::Font& font, const std::string& utf8, float size, bool bold = false,
                 float pixel_scale = 1);

// A line of a panel (the side panel, the move tree): `utf8` drawn crisp in
// `color` with its left-middle at (x, y) rounded to whole pixels, appended
// to `texts`. Returns its width, as text_width() measures it.
float add_panel_text(std::vector<sf::Text>& texts, const sf::Font& font, float pixel_scale, const std::string& utf8,
                     float x, float y, float size, sf::Color color, bool bold);

// Splits `utf8` into lines no wider than `width` (words are never split
// unless a single word is wider than the line).
std::vector<std::string> wrap_text(const sf::Font& font, const std::string& utf8, float size, bool bold,
                                   float width, float first_line_width, float pixel_scale = 1);

// Many texts drawn with one draw call per glyph texture (one per font size)
// instead of one per text: llvmpipe pays dearly for each draw call. Glyph
// quads are laid out as sf::Text lays them out (regular or bold, one line).
class TextBatch : public sf::Drawable {
 public:
  void clear() { pages_.clear(); }
  // Adds `text` as it would draw (its transform and fill colour), with its
  // colour's alpha multiplied by `alpha`.
  void add(const sf::Text& text, float alpha = 1);
  bool empty() const { return pages_.empty(); }

 protected:
  void draw(sf::RenderTarget& target, sf::RenderStates states) const override;

 private:
  struct Page {
    const sf::Font* font;
    unsigned size;
    std::vector<sf::Vertex> vertices;
  };
  std::map<std::pair<const sf::Font*, unsigned>, Page> pages_;
};

}  // namespace viewer
