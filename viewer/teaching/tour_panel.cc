#include "viewer/teaching/tour_panel.h"

#include <SFML/System/String.hpp>

#include <fmt/core.h>

#include <algorithm>

#include "viewer/render/palette.h"
#include "viewer/render/text_util.h"
#include "viewer/view/side_panel.h"

namespace viewer {

namespace {

sf::Color colour_of(int style) {
  switch (style) {
    case 1: return kTitleText;
    case 2: return kAccent;
    case 3: return kAnswerRight;
    case 4: return kAnswerWrong;
    case 5: return kDim;
    default: return kText;
  }
}

// The footer's parts ("→ next step", "← back", "R again", "Q quit", three
// spaces apart), each a target for the key it names.
void footer_targets(const sf::Text& text, std::vector<TourPanelTarget>& out) {
  const sf::String s = text.getString();
  const sf::FloatRect line = text.getGlobalBounds();
  std::size_t begin = 0;
  while (begin < s.getSize()) {
    std::size_t end = s.find("   ", begin);
    if (end == sf::String::InvalidPos) end = s.getSize();
    const std::string part = s.substring(begin, end - begin).toAnsiString();
    std::optional<TourPanelAction> action;
    if (part.find("next") != std::string::npos && part.find("last") == std::string::npos) action = TourPanelAction::Next;
    else if (part.find("back") != std::string::npos) action = TourPanelAction::Back;
    else if (part.find("again") != std::string::npos) action = TourPanelAction::Again;
    else if (part.find("quit") != std::string::npos) action = TourPanelAction::Quit;
    if (action) {
      const float x0 = text.findCharacterPos(begin).x, x1 = text.findCharacterPos(end).x;
      // A few pixels of slack round the words: a finger's worth of target.
      out.push_back({{x0 - 4, line.top - 6, x1 - x0 + 8, line.height + 12}, *action});
    }
    begin = end;
    while (begin < s.getSize() && s[begin] == ' ') ++begin;
  }
}

}  // namespace

TourPanelLayout lay_out_tour_panel(const TourModel& model, const sf::Font& font, float pixel_scale,
                                   const std::string* typed) {
  TourPanelLayout out;
  const float left = kPanelArea.left + 18, width = kPanelArea.width - 36;
  float y = kPanelArea.top + 16;
  auto lines = model.panel();
  if (typed) lines.insert(lines.end() - 1, {"> " + *typed + "_", 2});
  // The picker's rows are the lines "N  label" after the task.
  std::size_t next_choice = 0;
  for (const auto& line : lines) {
    const float size = line.style == 1 ? 19.f : 14.f;
    const bool bold = line.style == 1 || line.style == 2;
    const bool footer = &line == &lines.back();
    // The keys' line stands at the foot of the panel.
    if (footer) y = std::max(y, kPanelArea.top + kPanelArea.height - 30);
    std::optional<std::size_t> choice;
    if (next_choice < model.picker().size() &&
        line.text == fmt::format("{}  {}", next_choice + 1, model.picker()[next_choice].label))
      choice = next_choice++;
    const float top = y;
    for (const auto& part : wrap_text(font, line.text, size, bold, width, width, pixel_scale)) {
      sf::Text t = crisp_text(font, part, size, pixel_scale, bold);
      t.setFillColor(colour_of(line.style));
      t.setPosition(left, y);
      if (footer) footer_targets(t, out.targets);
      out.texts.push_back(std::move(t));
      y += size * 1.45f;
    }
    if (choice) out.targets.push_back({{left - 6, top - 4, width + 12, y - top + 2}, TourPanelAction::Choose, *choice});
    y += 10;
  }
  return out;
}

std::optional<TourPanelTarget> tour_panel_target_at(const TourPanelLayout& layout, sf::Vector2f p) {
  for (const TourPanelTarget& t : layout.targets)
    if (t.box.contains(p)) return t;
  return std::nullopt;
}

}  // namespace viewer
