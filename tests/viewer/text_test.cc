// Small text stays legible (viewer/render/text_util.h): notation such as "BT@H5"
// drawn bold at the panel's sizes, in a window of 800x500 (0.625 pixels a
// logical pixel) and 1280x800, keeps the "@" open: rendered through SFML
// under Xvfb, the glyph's inner counter is background, not a blob of ink.
#include <catch2/catch.hpp>

#include <SFML/Graphics/RenderTexture.hpp>
#include <fmt/core.h>

#include <vector>

#include "viewer/render/text_util.h"
#include "viewer_test_support.h"

using namespace viewer_test;

namespace {

// Background pixels inside `box` that cannot reach its edge without
// crossing ink: the counters (holes) of the glyph drawn there.
int enclosed_background(const sf::Image& image, sf::IntRect box) {
  auto ink = [&](int x, int y) { return image.getPixel(x, y).r > 110; };
  std::vector<char> outside(static_cast<std::size_t>(box.width * box.height), 0);
  auto at = [&](int x, int y) -> char& { return outside[(y - box.top) * box.width + (x - box.left)]; };
  std::vector<sf::Vector2i> todo;
  for (int x = box.left; x < box.left + box.width; ++x)
    for (int y : {box.top, box.top + box.height - 1}) todo.push_back({x, y});
  for (int y = box.top; y < box.top + box.height; ++y)
    for (int x : {box.left, box.left + box.width - 1}) todo.push_back({x, y});
  while (!todo.empty()) {
    const sf::Vector2i p = todo.back();
    todo.pop_back();
    if (p.x < box.left || p.y < box.top || p.x >= box.left + box.width || p.y >= box.top + box.height) continue;
    if (at(p.x, p.y) || ink(p.x, p.y)) continue;
    at(p.x, p.y) = 1;
    for (const sf::Vector2i d : {sf::Vector2i(1, 0), sf::Vector2i(-1, 0), sf::Vector2i(0, 1), sf::Vector2i(0, -1)})
      todo.push_back(p + d);
  }
  int enclosed = 0;
  for (int y = box.top; y < box.top + box.height; ++y)
    for (int x = box.left; x < box.left + box.width; ++x) enclosed += !at(x, y) && !ink(x, y);
  return enclosed;
}

}  // namespace

TEST_CASE("bold notation keeps the @ open at the panel's sizes, at 800x500 and 1280x800", "[pixels][text]") {
  require_display();
  for (const float scale : {0.625f, 1.f}) {
    for (const float size : {12.5f, 13.f, 13.5f, 14.5f, 15.f}) {
      INFO(fmt::format("{} logical pixels at {} pixels a logical pixel", size, scale));
      sf::Text text = viewer::crisp_text(test_font(), "BT@H5", size, scale, true);
      text.setScale(1, 1);  // drawn at the pixel size it was rasterised for, as the scaled view draws it
      text.setPosition(10, 10);
      text.setFillColor(sf::Color::White);
      sf::RenderTexture target;
      REQUIRE(target.create(120, 60));
      target.clear(sf::Color::Black);
      target.draw(text);
      target.display();
      const sf::Image image = target.getTexture().copyToImage();
      // The "@": from its own origin to the next letter's, the text's height.
      const sf::FloatRect bounds = text.getGlobalBounds();
      const int left = static_cast<int>(text.findCharacterPos(2).x), right = static_cast<int>(text.findCharacterPos(3).x);
      const sf::IntRect box(left, static_cast<int>(bounds.top) - 1, right - left, static_cast<int>(bounds.height) + 3);
      CHECK(enclosed_background(image, box) >= 1);
    }
  }
}

TEST_CASE("text from a log or a plugin is drawn with its control characters visible", "[pixels][text][escape]") {
  // ESC, BEL and the one-byte CSI (not UTF-8) of a hostile player name or plugin label.
  const sf::Text text = viewer::crisp_text(test_font(), "Ann\x1b]0;OWNED\a\x9b" "2J", 14, 1, false);
  const std::string drawn = text.getString().toAnsiString();
  CHECK(drawn == "Ann\\e]0;OWNED\\a\\x9b2J");
  CHECK(viewer::text_width(test_font(), "a\x1b", 14, false, 1) == viewer::text_width(test_font(), "a\\e", 14, false, 1));
}
