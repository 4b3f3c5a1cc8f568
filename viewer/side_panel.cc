#include "side_panel.h"

#include <SFML/Graphics/RenderTarget.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "text_util.h"

namespace viewer {

namespace {

const sf::Color kText(0xe4, 0xe7, 0xee);
const sf::Color kDim(0x9a, 0xa0, 0xab);
const sf::Color kAccent(0xff, 0xd2, 0x3f);
const sf::Color kRule(0x3a, 0x3e, 0x48);
const sf::Color kHighlight(0x3b, 0x41, 0x52);

constexpr float kTitle = 19, kBody = 13.5f, kHead = 14.5f, kMoves = 13, kReview = 12.5f, kGraphHeight = 76;

std::string span_text(const pb::PanelLine& l) {
  std::string s;
  for (const auto& sp : l.spans()) s += (sp.glyph() != pb::Span::NO_GLYPH ? " " : "") + sp.text();
  return s;
}

}  // namespace

float SidePanel::add_text(const std::string& s, float x, float y, float size, sf::Color c, bool bold) {
  sf::Text t = crisp_text(*font_, s, size, pixel_scale_, bold);
  t.setFillColor(c);
  anchor_text(t, {std::round(x), std::round(y)}, -1);
  texts_.push_back(std::move(t));
  return text_width(*font_, s, size, bold, pixel_scale_);
}

void SidePanel::layout(const ReplaySession& session, const pb::Scene& scene, const PanelState& state,
                       const sf::Font& font, float pixel_scale, sf::FloatRect area) {
  font_ = &font;
  pixel_scale_ = pixel_scale;
  area_ = area;
  shapes_.clear();
  texts_.clear();
  glyphs_.clear();
  clicks_.clear();
  // Only an outline: a filled panel would cost half a window of pixels in
  // every frame on a software renderer.
  stroke_closed(rounded_rect_points(area, 10), 2, true, kRule, shapes_);
  const float left = area.left + 16, right = area.left + area.width - 16, width = right - left;
  float y = area.top + 22;

  const std::string file = std::filesystem::path(session.file()).filename().string();
  add_text(session.game_name() + "  ·  " + file, left, y, kTitle, kText, true);
  y += 28;
  const std::string ply = session.ply_text(state.ply);
  const float w = add_text(ply, left, y, 15, kAccent, true);
  // The status wraps (a result line can be long), never runs out.
  const auto status = wrap_text(font, "·  " + scene.status(), 15, false, width, width - w - 10, pixel_scale_);
  for (std::size_t i = 0; i < status.size(); ++i) {
    if (i > 0) y += 20;
    add_text(status[i], i == 0 ? left + w + 10 : left, y, 15, kText, false);
  }
  y += 24;
  // Overlays and autoplay, as key chips.
  float x = left;
  for (const pb::Overlay& o : scene.overlays()) {
    const bool on = std::find(state.overlays_on.begin(), state.overlays_on.end(), o.key()) != state.overlays_on.end();
    const std::string label = fmt::format("{} {}", o.shortcut(), o.key());
    const float tw = text_width(font, label, 12.5f, false, pixel_scale_);
    fill_convex(rounded_rect_points({x, y - 10, tw + 14, 20}, 5), on ? sf::Color(0x4a, 0x6a, 0x3a) : kRule, shapes_);
    add_text(label, x + 7, y, 12.5f, on ? kText : kDim, false);
    x += tw + 22;
  }
  const std::string play = state.autoplay ? fmt::format("▶ autoplay {:.2g} s", state.autoplay_seconds)
                                          : fmt::format("Space autoplay ({:.2g} s)", state.autoplay_seconds);
  add_text(play, x + 4, y, 12.5f, state.autoplay ? kAccent : kDim, false);
  y += 22;
  if (!state.message.empty()) {
    add_text(state.message, left, y, 12.5f, kAccent, false);
    y += 18;
  }
  y = layout_record(session.record().rows(state.ply), y);

  // The scene's sections; the move list keeps at least its minimum height.
  const float moves_min = 118;
  const float review_h = review_height(state);
  const float limit = area.top + area.height - moves_min - 26 - review_h;
  bool cut = false;
  for (const pb::PanelSection& sec : scene.panel()) {
    if (cut) break;
    if (y + 40 > limit) {
      cut = true;
      break;
    }
    if (!sec.title().empty()) {
      y += 8;
      fill_rect({left, y - 4, width, 1}, kRule, shapes_);
      y += 12;
      add_text(sec.title(), left, y, kHead, kAccent, true);
      y += 21;
    }
    for (const pb::PanelLine& line : sec.lines()) {
      if (line.spans_size() == 0) continue;
      if (y + 18 > limit) {
        add_text("…", left, y, kBody, kDim, false);
        y += 18;
        cut = true;
        break;
      }
      const float top = y - 9;
      const float indent = left + 14.f * line.indent();
      float cx = indent;
      const std::size_t first_text = texts_.size();
      const std::size_t first_shape = shapes_.size();
      for (const pb::Span& sp : line.spans()) {
        const sf::Color c = sp.colour() ? to_color(sp.colour()) : kText;
        if (sp.glyph() != pb::Span::NO_GLYPH) {
          const float g = 9;
          const sf::Vector2f at(cx + g / 2 + 2, y);
          glyphs_.push_back({at.x - g / 2 - 1, at.y - g / 2 - 1, g + 2, g + 2});
          if (sp.glyph() == pb::Span::DISC) fill_convex(circle_points(at, g / 2), c, shapes_);
          else if (sp.glyph() == pb::Span::SQUARE) fill_rect({at.x - g / 2, at.y - g / 2, g, g}, c, shapes_);
          else fill_convex({{at.x, at.y - g / 2 - 1}, {at.x + g / 2 + 1, at.y + g / 2}, {at.x - g / 2 - 1, at.y + g / 2}}, c, shapes_);
          cx += g + 6;
        }
        if (sp.text().empty()) continue;
        // Wrap long spans onto following lines, indented.
        const auto parts = wrap_text(font, sp.text(), kBody, sp.bold(), right - indent - 14, right - cx, pixel_scale_);
        for (std::size_t i = 0; i < parts.size(); ++i) {
          if (i > 0) {
            y += 18;
            cx = indent + 14;
          }
          cx += add_text(parts[i], cx, y, kBody, c, sp.bold());
        }
        cx += 4;
      }
      const sf::FloatRect row{left - 6, top, width + 12, y + 9 - top};
      if (line.highlight()) {
        // Behind the line: insert the background before its glyphs.
        std::vector<sf::Vertex> bg;
        fill_convex(rounded_rect_points(row, 4), kHighlight, bg);
        shapes_.insert(shapes_.begin() + static_cast<long>(first_shape), bg.begin(), bg.end());
      }
      (void)first_text;
      if (!line.select().empty()) clicks_.push_back({row, Hit{std::nullopt, line.select()}});
      y += 18;
    }
  }
  has_graph_ = false;
  if (state.review) layout_review(session, state, std::max(y + 10, limit));
  layout_moves(session, state.review, state.ply, std::max(y + 10, limit) + review_h, area.top + area.height - 26);
  add_text("H help  ·  ←/→ step  ·  Home/End  ·  Tab select  ·  E export", left, area.top + area.height - 14, 12,
           kDim, false);
  batch_.clear();
  for (const sf::Text& t : texts_) batch_.add(t);
}

// The review's rows and its graph, above the move list.
float SidePanel::review_height(const PanelState& state) const {
  if (!state.review) return 0;
  const float width = area_.width - 32;
  float h = 10 + kGraphHeight + 8;
  for (const ReviewRow& r : state.review_rows)
    if (!r.text.empty())
      h += 16.f * wrap_text(*font_, r.text, kReview, r.bold, width - 14.f * r.indent, width - 14.f * r.indent, pixel_scale_).size();
  return h;
}

void SidePanel::layout_review(const ReplaySession& session, const PanelState& state, float top) {
  const float left = area_.left + 16, width = area_.width - 32;
  fill_rect({left, top, width, 1}, kRule, shapes_);
  float y = top + 14;
  for (const ReviewRow& r : state.review_rows) {
    if (r.text.empty()) continue;
    const float x = left + 14.f * r.indent;
    for (const auto& part : wrap_text(*font_, r.text, kReview, r.bold, width - 14.f * r.indent, width - 14.f * r.indent, pixel_scale_)) {
      add_text(part, x, y, kReview, r.colour, r.bold);
      y += 16;
    }
  }
  graph_.layout(*state.review, session.plies(), state.ply, {left, y - 4, width, kGraphHeight}, shapes_,
                [&](const std::string& t, float x, float ty, float size, sf::Color c) { add_text(t, x, ty, size, c, false); });
  has_graph_ = true;
}

void SidePanel::layout_moves(const ReplaySession& session, const GameReview* review, int ply, float top,
                             float bottom) {
  const float left = area_.left + 16, width = area_.width - 32;
  fill_rect({left, top, width, 1}, kRule, shapes_);
  add_text("Moves (click to jump)", left, top + 14, kHead, kAccent, true);
  top += 28;
  const int entries = session.plies() + 1;  // "0 start" first
  const float col_w = width / move_columns(session, review, ply, width), row_h = 18;
  const int columns = static_cast<int>(std::lround(width / col_w));
  const int rows = (entries + columns - 1) / columns;
  const int visible = std::max(1, static_cast<int>((bottom - top) / row_h));
  const int current_row = ply / columns;
  const int first = std::clamp(current_row - visible / 2, 0, std::max(0, rows - visible));
  for (int r = first; r < std::min(rows, first + visible); ++r) {
    for (int c = 0; c < columns; ++c) {
      const int i = r * columns + c;
      if (i >= entries) break;
      const float x = left + c * col_w, y = top + (r - first) * row_h + row_h / 2;
      const std::string label = move_label(session, i, ply);
      const sf::FloatRect cell{x, y - row_h / 2 + 1, col_w - 6, row_h - 2};
      if (i == ply) fill_convex(rounded_rect_points(cell, 4), kAccent, shapes_);
      const sf::Color num = i == ply ? sf::Color(0x30, 0x30, 0x30) : kDim;
      const sf::Color txt = i == ply ? sf::Color(0x10, 0x10, 0x10) : kText;
      add_text(std::to_string(i), x + 4, y, kMoves - 1, num, false);
      add_text(label, x + 34, y, kMoves, i > 0 && session.moves()[i - 1].taken_back ? kDim : txt, i == ply);
      // A move taken back (LogPly.taken_back) is struck through.
      if (i > 0 && session.moves()[i - 1].taken_back)
        fill_rect({x + 34, y, text_width(*font_, label, kMoves, i == ply, pixel_scale_), 1.5f}, i == ply ? txt : kDim, shapes_);
      if (review && i > 0) layout_mark(*review, i, i == ply, cell);
      clicks_.push_back({cell, Hit{i, std::nullopt}});
    }
  }
  // More moves than rows: say which way the rest lies, on the title line.
  std::string more;
  if (first > 0) more += "↑ earlier";
  if (first + visible < rows) more += std::string(more.empty() ? "" : "   ") + "↓ later";
  if (!more.empty()) add_text(more, left + width - text_width(*font_, more, 11.5f, false, pixel_scale_), top - 14, 11.5f, kDim, false);
}

// "start", or the mover's initial and the move as listed at `ply`.
std::string SidePanel::move_label(const ReplaySession& session, int i, int ply) {
  if (i == 0) return "start";
  const Move& m = session.moves()[i - 1];
  const auto& names = session.seat_names();
  const std::string who = m.seat >= 0 && m.seat < static_cast<int>(names.size()) && !names[m.seat].empty()
                              ? names[m.seat].substr(0, 1) : "·";
  return who + " " + session.listed_notation(i, ply);
}

// As many columns (at most 4; 3 with a review's marks) as the widest move
// allows with a gap between columns, so they never touch.
int SidePanel::move_columns(const ReplaySession& session, const GameReview* review, int ply, float width) const {
  float widest = 0;
  for (int i = 0; i <= session.plies(); ++i)
    widest = std::max(widest, text_width(*font_, move_label(session, i, ply), kMoves, true, pixel_scale_));
  const float mark = review ? 70 : 0;  // "?? 32.8" and its shape
  const float needed = 34 + widest + mark + 14;
  return std::clamp(static_cast<int>(width / needed), 1, review ? 3 : 4);
}

// The class mark at the right end of a move's cell: its shape, then the
// mark and the points lost.
void SidePanel::layout_mark(const GameReview& review, int ply, bool current, sf::FloatRect cell) {
  const std::string text = move_mark(review, ply);
  if (text.empty()) return;
  const ClassMark m = class_mark(review.at(ply)->move_class());
  const sf::Color c = current ? sf::Color(0x10, 0x10, 0x10) : m.colour;
  const float w = text_width(*font_, text, kMoves - 1, true, pixel_scale_);
  const float right = cell.left + cell.width - 4, y = cell.top + cell.height / 2;
  add_text(text, right - w, y, kMoves - 1, c, true);
  const sf::Vector2f at(right - w - 8, y);
  const float g = 8;
  switch (m.shape) {
    case ClassMark::Shape::Disc: fill_convex(circle_points(at, g / 2), c, shapes_); break;
    case ClassMark::Shape::Square: fill_rect({at.x - g / 2, at.y - g / 2, g, g}, c, shapes_); break;
    case ClassMark::Shape::Triangle:
      fill_convex({{at.x, at.y - g / 2 - 1}, {at.x + g / 2 + 1, at.y + g / 2}, {at.x - g / 2 - 1, at.y + g / 2}}, c, shapes_);
      break;
    case ClassMark::Shape::None: break;
  }
}

std::vector<sf::FloatRect> SidePanel::item_boxes() const {
  std::vector<sf::FloatRect> out = glyphs_;
  for (const sf::Text& t : texts_)
    if (!t.getString().isEmpty()) out.push_back(t.getGlobalBounds());
  return out;
}

std::optional<SidePanel::Hit> SidePanel::hit(sf::Vector2f p) const {
  if (has_graph_)
    if (const auto ply = graph_.hit(p)) return Hit{*ply, std::nullopt};
  for (const Click& c : clicks_)
    if (c.rect.contains(p)) return c.hit;
  return std::nullopt;
}

void SidePanel::draw(sf::RenderTarget& target, sf::RenderStates states) const {
  if (!shapes_.empty()) target.draw(shapes_.data(), shapes_.size(), sf::Triangles, states);
  target.draw(batch_, states);
}

std::string dump_panel(const ReplaySession& session, const pb::Scene& scene, int ply,
                       const std::vector<ReviewRow>& review_rows, const GameReview* review) {
  std::string out;
  auto row = [&](const std::string& section, const std::string& key, const std::string& value, const std::string& text) {
    out += section + "\t" + key + "\t" + value + "\t" + text + "\n";
  };
  row("", "game", session.game_name(), session.game_name());
  row("", "file", session.file(), session.file());
  row("", "ply", std::to_string(ply), session.ply_text(ply));
  row("", "plies", std::to_string(session.plies()), "");
  row("", "status", scene.status(), scene.status());
  row("", "selection", scene.selection_name(), scene.selection_name());
  for (const RecordRow& r : session.record().rows(ply)) row("Record", r.key, r.note ? std::to_string(ply) : "", r.text);
  for (const pb::PanelSection& sec : scene.panel())
    for (const pb::PanelLine& l : sec.lines()) row(sec.title(), l.key(), l.value(), span_text(l));
  for (const ReviewRow& r : review_rows) row("Review", r.key, r.value, r.text);
  // The move list as the panel lists it (masked draws as "?").
  for (const Move& m : session.moves()) {
    const std::string listed = session.listed_notation(m.ply, ply);
    const auto& names = session.seat_names();
    const std::string who = m.seat >= 0 && m.seat < static_cast<int>(names.size()) ? names[m.seat] : "chance";
    const std::string mark = review ? move_mark(*review, m.ply) : "";
    row("Moves", std::to_string(m.ply), listed,
        who + " " + listed + (m.taken_back ? " (taken back)" : "") + (mark.empty() ? "" : "  " + mark));
  }
  return out;
}

}  // namespace viewer
