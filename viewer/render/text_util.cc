#include "viewer/render/text_util.h"

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/System/String.hpp>

#include <algorithm>
#include <cmath>
#include <utility>

#include "gamehost/text/input_checks.h"

namespace viewer {

sf::Text crisp_text(const sf::Font& font, const std::string& utf8, float size, float pixel_scale, bool bold) {
  const float scale = pixel_scale > 0 ? pixel_scale : 1;
  const auto px = static_cast<unsigned>(std::max(1.f, std::round(size * scale)));
  // Text from a log or a plugin: its control characters drawn visibly (\e, \x9b), as on the terminal.
  const std::string shown = gamehost::visible_lines(utf8);
  sf::Text text(sf::String::fromUtf8(shown.begin(), shown.end()), font, px);
  if (raster_bold(bold, px)) text.setStyle(sf::Text::Bold);
  const float back = size / static_cast<float>(px);
  text.setScale(back, back);
  return text;
}

void anchor_text(sf::Text& text, sf::Vector2f anchor, int align) {
  const sf::FloatRect b = text.getLocalBounds();
  const float size = static_cast<float>(text.getCharacterSize());
  // A capital letter spans roughly 0.27..0.99 of the size below the top.
  const float middle = size * 0.63f;
  float x = b.left + b.width / 2;
  if (align < 0) x = b.left;
  if (align > 0) x = b.left + b.width;
  text.setOrigin(std::round(x), std::round(middle));
  text.setPosition(anchor);
}

float text_width(const sf::Font& font, const std::string& utf8, float size, bool bold, float pixel_scale) {
  const auto px = static_cast<unsigned>(std::max(1.f, std::round(size * (pixel_scale > 0 ? pixel_scale : 1))));
  const std::string shown = gamehost::visible_lines(utf8);
  const sf::String s = sf::String::fromUtf8(shown.begin(), shown.end());
  bold = raster_bold(bold, px);
  float w = 0;
  sf::Uint32 prev = 0;
  for (sf::Uint32 c : s) {
    w += font.getKerning(prev, c, px);
    w += font.getGlyph(c, px, bold).advance;
    prev = c;
  }
  return w * size / static_cast<float>(px);
}

float add_panel_text(std::vector<sf::Text>& texts, const sf::Font& font, float pixel_scale, const std::string& utf8,
                     float x, float y, float size, sf::Color color, bool bold) {
  sf::Text t = crisp_text(font, utf8, size, pixel_scale, bold);
  t.setFillColor(color);
  anchor_text(t, {std::round(x), std::round(y)}, -1);
  texts.push_back(std::move(t));
  return text_width(font, utf8, size, bold, pixel_scale);
}

std::vector<std::string> wrap_text(const sf::Font& font, const std::string& utf8, float size, bool bold,
                                   float width, float first_line_width, float pixel_scale) {
  std::vector<std::string> lines;
  std::string line;
  float limit = first_line_width;
  std::size_t i = 0;
  while (i < utf8.size()) {
    std::size_t j = utf8.find(' ', i);
    if (j == std::string::npos) j = utf8.size();
    const std::string word = utf8.substr(i, j - i);
    const std::string candidate = line.empty() ? word : line + " " + word;
    if (!line.empty() && text_width(font, candidate, size, bold, pixel_scale) > limit) {
      lines.push_back(line);
      line = word;
      limit = width;
    } else {
      line = candidate;
    }
    i = j + 1;
  }
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

void TextBatch::add(const sf::Text& text, float alpha) {
  const sf::Font* font = text.getFont();
  if (!font || alpha <= 0) return;
  const unsigned size = text.getCharacterSize();
  const bool bold = text.getStyle() & sf::Text::Bold;
  const sf::Transform& tr = text.getTransform();
  sf::Color colour = text.getFillColor();
  colour.a = static_cast<sf::Uint8>(colour.a * std::min(1.f, alpha));
  Page& page = pages_.try_emplace({font, size}, Page{font, size, {}}).first->second;
  const float space = font->getGlyph(L' ', size, bold).advance;
  float x = 0;
  const float y = static_cast<float>(size);
  sf::Uint32 prev = 0;
  for (sf::Uint32 c : text.getString()) {
    x += font->getKerning(prev, c, size);
    prev = c;
    if (c == L' ') {
      x += space;
      continue;
    }
    const sf::Glyph& g = font->getGlyph(c, size, bold);
    const float pad = 1;
    const float left = g.bounds.left - pad, top = g.bounds.top - pad;
    const float right = g.bounds.left + g.bounds.width + pad, bottom = g.bounds.top + g.bounds.height + pad;
    const float u1 = static_cast<float>(g.textureRect.left) - pad, v1 = static_cast<float>(g.textureRect.top) - pad;
    const float u2 = static_cast<float>(g.textureRect.left + g.textureRect.width) + pad;
    const float v2 = static_cast<float>(g.textureRect.top + g.textureRect.height) + pad;
    auto v = [&](float px, float py, float u, float w) {
      page.vertices.emplace_back(tr.transformPoint(x + px, y + py), colour, sf::Vector2f(u, w));
    };
    v(left, top, u1, v1);
    v(right, top, u2, v1);
    v(left, bottom, u1, v2);
    v(left, bottom, u1, v2);
    v(right, top, u2, v1);
    v(right, bottom, u2, v2);
    x += g.advance;
  }
}

void TextBatch::draw(sf::RenderTarget& target, sf::RenderStates states) const {
  for (const auto& [key, page] : pages_) {
    if (page.vertices.empty()) continue;
    states.texture = &page.font->getTexture(page.size);
    target.draw(page.vertices.data(), page.vertices.size(), sf::Triangles, states);
  }
}

}  // namespace viewer
