#include "viewer/analysis/move_tree_panel.h"

#include <SFML/Graphics/RenderTarget.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "viewer/render/mesh.h"
#include "viewer/render/text_util.h"
#include "viewer/render/palette.h"

namespace viewer {

namespace {

using Tree = gamehost::VariationTree;

constexpr float kBody = 13, kRowHeight = 19, kIndent = 18;

}  // namespace

float MoveTreePanel::text(const std::string& s, float x, float y, float size, sf::Color c, bool bold) {
  return add_panel_text(texts_, *font_, pixel_scale_, s, x, y, size, c, bold);
}

float MoveTreePanel::button(const std::string& label, float x, float y, Hit hit, bool enabled) {
  const float w = text_width(*font_, label, 12.5f, false, pixel_scale_) + 14;
  const sf::FloatRect box{x, y - 10, w, 20};
  fill_convex(rounded_rect_points(box, 5), enabled ? kRule : kChipDisabled, shapes_);
  text(label, x + 7, y, 12.5f, enabled ? kText : kDim);
  if (enabled) clicks_.push_back({box, hit, label, label});
  return w + 6;
}

void MoveTreePanel::layout(AnalysisBoard& board, const Extra& extra, const sf::Font& font, float pixel_scale,
                           sf::FloatRect area) {
  font_ = &font;
  pixel_scale_ = pixel_scale;
  area_ = area;
  shapes_.clear();
  texts_.clear();
  clicks_.clear();
  picker_box_ = {};
  fill_convex(rounded_rect_points(area, 8), kPanelBox, shapes_);
  stroke_closed(rounded_rect_points(area, 8), 1.5f, true, kBoxEdge, shapes_);
  const Tree& tree = board.tree();
  const Tree::NodeId shown = board.current();
  const float left = area.left + 12, right = area.left + area.width - 12;
  float y = area.top + 16;
  const bool off = !tree.node(shown).recorded;
  text("Analysis", left, y, 14.5f, kAccent, true);
  text(off ? "variation " + tree.path_of(shown) : fmt::format("the game, ply {}", tree.node(shown).ply),
       left + 80, y, kBody, off ? kVariation : kDim);
  y += 22;
  // Seen by a seat: the other hands of every variation are a sample.
  if (!board.sampled_label().empty())
    for (const auto& line : wrap_text(font, "variations: " + board.sampled_label(), 12, false, right - left,
                                      right - left, pixel_scale)) {
      text(line, left, y, 12, kVariation);
      y += 16;
    }
  if (!board.unplayable_note().empty())
    for (const auto& line : wrap_text(font, board.unplayable_note(), 12, false, right - left, right - left,
                                      pixel_scale)) {
      text(line, left, y, 12, kDim);
      y += 16;
    }
  if (!board.problem().empty())
    for (const auto& line : wrap_text(font, board.problem(), 12, false, right - left, right - left, pixel_scale)) {
      text(line, left, y, 12, kProblem);
      y += 16;
    }
  // The buttons, then the moves that are not on the board.
  float x = left;
  x += button("◀ back to the game", x, y, {std::nullopt, Button::BackToGame, std::nullopt}, off);
  x += button("promote", x, y, {std::nullopt, Button::Promote, std::nullopt}, off);
  x += button("delete", x, y, {std::nullopt, Button::Remove, std::nullopt}, off);
  x += button("type a move (Enter)", x, y, {std::nullopt, Button::TypeMove, std::nullopt});
  button(extra.engine ? "engine off (Ctrl+L)" : "engine (Ctrl+L)", x, y, {std::nullopt, Button::Engine, std::nullopt});
  y += 24;
  if (extra.engine) y = layout_engine(*extra.engine, left, y);
  if (!extra.off_board.empty()) {
    x = left;
    std::size_t shown_moves = 0;
    for (const auto& c : extra.off_board) {
      const float w = text_width(font, c.label, 12.5f, false, pixel_scale) + 20;
      if (x + w > right) {
        if (y > area.top + 110) break;  // the rest by typing
        x = left;
        y += 24;
      }
      x += button(c.label, x, y, {std::nullopt, std::nullopt, c.action_id});
      ++shown_moves;
    }
    if (shown_moves < extra.off_board.size())
      text(fmt::format("+{} more: type them", extra.off_board.size() - shown_moves), x, y, 12, kDim);
    y += 24;
  }
  if (extra.move_box) {
    const sf::FloatRect field{left, y - 11, right - left, 22};
    fill_convex(rounded_rect_points(field, 4), kField, shapes_);
    stroke_closed(rounded_rect_points(field, 4), 1.2f, true, kAccent, shapes_);
    const float w = text("move: " + *extra.move_box, left + 6, y, kBody, kText);
    fill_rect({left + 8 + w, y - 8, 1.5f, 16}, kAccent, shapes_);
    y += 22;
  }
  if (!board.message().empty()) {
    for (const auto& line : wrap_text(font, board.message(), 12, false, right - left, right - left, pixel_scale)) {
      text(line, left, y, 12, kAccent);
      y += 16;
    }
  }
  y += 4;
  // The tree, scrolled so the shown move's row is in sight.
  const auto rows = tree_rows(tree, 8, board.tree_words());
  const int fit = std::max(1, static_cast<int>((area.top + area.height - y - 4) / kRowHeight));
  int at = 0;
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (const auto& item : rows[r].items)
      if (item.node == shown) at = static_cast<int>(r);
  const int first = std::clamp(at - fit / 2, 0, std::max(0, static_cast<int>(rows.size()) - fit));
  for (int r = first; r < std::min<int>(static_cast<int>(rows.size()), first + fit); ++r) {
    float ix = left + kIndent * static_cast<float>(rows[r].indent);
    for (const auto& item : rows[r].items) {
      const bool here = item.node == shown;
      const bool variation = !tree.node(item.node).recorded;
      const float w = text_width(font, item.text, kBody, here, pixel_scale);
      if (ix + w > right) break;
      const sf::FloatRect box{ix - 3, y - 9, w + 6, 18};
      if (here) fill_convex(rounded_rect_points(box, 4), kChipOn, shapes_);
      text(item.text, ix, y, kBody, here ? kText : variation ? kVariation : kDim, here);
      clicks_.push_back({box, {item.node, std::nullopt, std::nullopt}, item.text, item.text});
      ix += w + 9;
    }
    y += kRowHeight;
  }
  layout_picker(extra);
}

// The engine's best moves, each clickable (it plays the move).
std::string engine_row_label(const gamehost::review::Suggestion& s, int rank) {
  const std::string why = s.exact ? "  exact" : fmt::format("  {} visit{}", s.visits, s.visits == 1 ? "" : "s");
  return fmt::format("{}. {}  {:+.1f}  {:.0f}%{}", rank, s.notation, s.margin, 100 * s.win_probability, why);
}

float MoveTreePanel::layout_engine(const gamehost::review::LiveUpdate& engine, float left, float y) {
  // Ranked as the search ranks them, by visits (the move it would play is
  // the most visited): the head says so and each row shows its visits, so
  // a lower margin above a higher one reads as what it is.
  const std::string head = !engine.problem.empty() ? "engine: " + engine.problem
                           : engine.exact          ? std::string("engine: exact (endgame solver)")
                           : engine.top.empty()    ? std::string("engine: searching…")
                                                   : fmt::format("engine: {} iterations, ranked by visits",
                                                                 engine.iterations);
  text(head, left, y, 12, kDim);
  y += 20;
  for (std::size_t i = 0; i < engine.top.size(); ++i) {
    const auto& s = engine.top[i];
    button(engine_row_label(s, static_cast<int>(i) + 1), left, y, {std::nullopt, std::nullopt, s.action});
    y += 22;
  }
  return y + 2;
}

void MoveTreePanel::layout_picker(const Extra& extra) {
  picker_shapes_ = shapes_.size();
  picker_texts_ = texts_.size();
  if (extra.picker.empty()) return;
  // Each row numbered as the keys 1-9 choose it; the box as wide as its
  // widest row or its title, whichever is wider.
  std::vector<std::string> rows;
  for (std::size_t i = 0; i < extra.picker.size(); ++i)
    rows.push_back(i < 9 ? fmt::format("{}  {}", i + 1, extra.picker[i].label) : "   " + extra.picker[i].label);
  const std::string title = extra.picker.size() > 1 ? "play which? (1-9 or a click)" : "play which?";
  float w = text_width(*font_, title, 12, false, pixel_scale_) - 8;
  for (const auto& row : rows) w = std::max(w, text_width(*font_, row, 14, false, pixel_scale_));
  const float h = 26 + 24 * static_cast<float>(extra.picker.size());
  sf::FloatRect box{extra.picker_at.x + 8, extra.picker_at.y + 8, w + 28, h};
  box.left = std::clamp(box.left, 4.f, 1276.f - box.width);
  box.top = std::clamp(box.top, 4.f, 796.f - box.height);
  picker_box_ = box;
  fill_convex(rounded_rect_points(box, 6), kPanelBox, shapes_);
  stroke_closed(rounded_rect_points(box, 6), 2, true, kAccent, shapes_);
  picker_title_width_ = text(title, box.left + 10, box.top + 12, 12, kDim);
  float y = box.top + 32;
  for (std::size_t i = 0; i < extra.picker.size(); ++i) {
    const auto& c = extra.picker[i];
    const sf::FloatRect row{box.left + 6, y - 11, box.width - 12, 22};
    fill_convex(rounded_rect_points(row, 4), kRule, shapes_);
    text(rows[i], box.left + 14, y, 14, kText);
    clicks_.push_back({row, {std::nullopt, std::nullopt, c.action_id}, c.label, rows[i]});
    y += 24;
  }
}

std::optional<MoveTreePanel::Hit> MoveTreePanel::hit(sf::Vector2f p) const {
  // The picker lies over everything: its rows were added last.
  for (auto it = clicks_.rbegin(); it != clicks_.rend(); ++it)
    if (it->rect.contains(p)) return it->hit;
  return std::nullopt;
}

void MoveTreePanel::draw(sf::RenderTarget& target, sf::RenderStates states) const {
  if (!font_) return;
  // The panel, then the picker over it.
  target.draw(shapes_.data(), picker_shapes_, sf::Triangles, states);
  for (std::size_t i = 0; i < picker_texts_; ++i) target.draw(texts_[i], states);
  target.draw(shapes_.data() + picker_shapes_, shapes_.size() - picker_shapes_, sf::Triangles, states);
  for (std::size_t i = picker_texts_; i < texts_.size(); ++i) target.draw(texts_[i], states);
}

}  // namespace viewer
