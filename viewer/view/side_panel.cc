#include "viewer/view/side_panel.h"

#include <SFML/Graphics/RenderTarget.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "gamehost/text/input_checks.h"
#include "viewer/render/text_util.h"
#include "viewer/render/palette.h"

namespace viewer {

namespace {

constexpr float kTitle = 19, kBody = 13.5f, kHead = 14.5f, kMoves = 13, kReview = 12.5f, kGraphHeight = 76;

std::string span_text(const pb::PanelLine& l) {
  std::string s;
  for (const auto& sp : l.spans()) s += (sp.glyph() != pb::Span::NO_GLYPH ? " " : "") + sp.text();
  return s;
}

}  // namespace

float SidePanel::add_text(const std::string& s, float x, float y, float size, sf::Color c, bool bold) {
  return add_panel_text(texts_, *font_, pixel_scale_, s, x, y, size, c, bold);
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
  fit_ = PanelFit{};
  // Only an outline: a filled panel would cost half a window of pixels in
  // every frame on a software renderer.
  stroke_closed(rounded_rect_points(area, 10), 2, true, kRule, shapes_);
  const float left = area.left + 16, right = area.left + area.width - 16, width = right - left;
  const float top = layout_record(session.record().rows(state.ply), layout_header(session, scene, state));
  const float bottom = area.top + area.height - 26;  // above the footer

  // Room is shared by priority: the scene's sections (the explanation, the
  // score) whole; then the review's verdict; then three rows of moves; then
  // the rest of the review; then more moves. When one column cannot hold
  // the sections, two side by side can (shorter lines wrap more, but
  // nothing is cut); last, the review shrinks to one line, then leaves
  // only its marks in the move list, and the moves go down to two rows,
  // then one. Plans in order of preference; the first that fits is drawn.
  constexpr float kMovesWanted = 118, kMovesLeast = 28 + 3 * 18, kMovesTwo = 28 + 2 * 18, kMovesOne = 28 + 18;
  const std::vector<Column> one{{left, width, top, bottom}};
  const float half = (width - 12) / 2;
  const std::vector<Column> two{{left, half, top, bottom}, {left + half + 12, half, top, bottom}};
  struct Plan {
    const std::vector<Column>* columns;
    ReviewLevel level;
    float moves;
  };
  const std::vector<Plan> plans = {
      {&one, ReviewLevel::Full, kMovesWanted},     {&one, ReviewLevel::Full, kMovesLeast},
      {&one, ReviewLevel::Compact, kMovesLeast},   {&one, ReviewLevel::Verdict, kMovesLeast},
      {&two, ReviewLevel::Full, kMovesLeast},      {&two, ReviewLevel::Compact, kMovesLeast},
      {&two, ReviewLevel::Verdict, kMovesLeast},   {&two, ReviewLevel::Line, kMovesLeast},
      {&two, ReviewLevel::Line, kMovesTwo},        {&two, ReviewLevel::Hidden, kMovesTwo},
      {&two, ReviewLevel::Hidden, kMovesOne}};
  Plan chosen = plans.back();
  float sections_end = top;
  for (const Plan& plan : plans) {
    std::vector<Column> columns = *plan.columns;
    const float reserved = review_height(state, plan.level, 0) + plan.moves + 10;  // 10: the gap above
    for (Column& c : columns) c.bottom = bottom - reserved;
    float end = top;
    if (sections_fit(scene, columns, end)) {
      chosen = plan;
      sections_end = end;
      break;
    }
  }
  std::vector<Column> columns = *chosen.columns;
  for (Column& c : columns) c.bottom = bottom - review_height(state, chosen.level, 0) - chosen.moves - 10;
  sections_end = layout_sections(scene, columns);
  fit_.columns = static_cast<int>(columns.size());

  has_graph_ = false;
  // The review and the move list stand at the bottom. Room the sections
  // leave goes to the review lines its level kept back, in order.
  // (sections_end is where a next line would be centred: 9 below the last
  // line's bottom; the gap above the review is 10.)
  const float below_sections = sections_end - 9 + 10;
  const float spare = std::max(0.f, bottom - chosen.moves - review_height(state, chosen.level, 0) - below_sections);
  const float review_h = review_height(state, chosen.level, spare);
  const float review_top = std::max(below_sections, bottom - chosen.moves - review_h);
  if (state.review) layout_review(session, state, chosen.level, spare, review_top);
  fit_.move_rows = layout_moves(session, state.review, state.ply, review_top + review_h, bottom);
  // Tab is offered only where the game gives something to cycle through.
  fit_.footer = scene.cycle_size() > 0 ? "H help  ·  ←/→ step  ·  Home/End  ·  Tab select  ·  E export"
                                       : "H help  ·  ←/→ step  ·  Home/End  ·  E export";
  add_text(fit_.footer, left, area.top + area.height - 14, 12, kDim, false);
  batch_.clear();
  for (const sf::Text& t : texts_) batch_.add(t);
}

// The game and file, the ply and status, the overlay chips and a passing
// message; returns the y below them.
float SidePanel::layout_header(const ReplaySession& session, const pb::Scene& scene, const PanelState& state) {
  const float left = area_.left + 16, width = area_.width - 32;
  float y = area_.top + 22;
  const std::string file = std::filesystem::path(session.file()).filename().string();
  add_text(session.game_name() + "  ·  " + file, left, y, kTitle, kText, true);
  y += 28;
  const std::string ply = state.position.empty() ? session.ply_text(state.ply) : state.position;
  const float w = add_text(ply, left, y, 15, kAccent, true);
  // The status wraps (a result line can be long), never runs out.
  const auto status = wrap_text(*font_, "·  " + scene.status(), 15, false, width, width - w - 10, pixel_scale_);
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
    const float tw = text_width(*font_, label, 12.5f, false, pixel_scale_);
    fill_convex(rounded_rect_points({x, y - 10, tw + 14, 20}, 5), on ? kChipOn : kRule, shapes_);
    add_text(label, x + 7, y, 12.5f, on ? kText : kDim, false);
    x += tw + 22;
  }
  const std::string play = state.autoplay ? fmt::format("▶ autoplay {:.2g} s", state.autoplay_seconds)
                                          : fmt::format("Space autoplay ({:.2g} s)", state.autoplay_seconds);
  add_text(play, x + 4, y, 12.5f, state.autoplay ? kAccent : kDim, false);
  y += 22;
  // The message wraps too (a puzzle's instruction is a long sentence).
  if (!state.message.empty())
    for (const auto& line : wrap_text(*font_, state.message, 12.5f, false, width, width, pixel_scale_)) {
      add_text(line, left, y, 12.5f, kAccent, false);
      y += 18;
    }
  return y;
}

bool SidePanel::sections_fit(const pb::Scene& scene, const std::vector<Column>& columns, float& end) {
  const std::size_t texts = texts_.size(), shapes = shapes_.size(), glyphs = glyphs_.size(), clicks = clicks_.size();
  end = layout_sections(scene, columns);
  const bool fits = fit_.complete();
  texts_.resize(texts);
  shapes_.resize(shapes);
  glyphs_.resize(glyphs);
  clicks_.resize(clicks);
  return fits;
}

float SidePanel::layout_sections(const pb::Scene& scene, const std::vector<Column>& columns) {
  fit_.sections.clear();
  std::size_t col = 0;
  float y = columns[0].top, lowest = y;
  bool full = false;  // every column used up: the rest is cut
  for (const pb::PanelSection& sec : scene.panel()) {
    PanelFit::Section& report = fit_.sections.emplace_back();
    report.title = sec.title();
    for (const pb::PanelLine& line : sec.lines()) report.lines += line.spans_size() > 0;
    if (full) continue;
    // A title needs its first line beside it.
    if (!sec.title().empty()) {
      if (y + 41 + 18 > columns[col].bottom && y > columns[col].top && col + 1 < columns.size()) y = columns[++col].top;
      if (y + 41 + 18 > columns[col].bottom) {
        full = true;
        continue;
      }
      const float left = columns[col].left, width = columns[col].width;
      y += 8;
      fill_rect({left, y - 4, width, 1}, kRule, shapes_);
      y += 12;
      for (const auto& part : wrap_text(*font_, sec.title(), kHead, true, width, width, pixel_scale_)) {
        add_text(part, left, y, kHead, kAccent, true);
        y += 21;
      }
    }
    for (const pb::PanelLine& line : sec.lines()) {
      if (line.spans_size() == 0) continue;
      // Laid out, then moved to the next column when it runs past this one.
      const std::size_t texts = texts_.size(), shapes = shapes_.size(), glyphs = glyphs_.size(), clicks = clicks_.size();
      float next = layout_line(line, columns[col].left, columns[col].left + columns[col].width, y);
      if (next - 9 > columns[col].bottom) {
        texts_.resize(texts);
        shapes_.resize(shapes);
        glyphs_.resize(glyphs);
        clicks_.resize(clicks);
        if (col + 1 >= columns.size()) {
          full = true;
          break;
        }
        y = columns[++col].top + 10;
        next = layout_line(line, columns[col].left, columns[col].left + columns[col].width, y);
        if (next - 9 > columns[col].bottom) {
          texts_.resize(texts);
          shapes_.resize(shapes);
          glyphs_.resize(glyphs);
          clicks_.resize(clicks);
          full = true;
          break;
        }
      }
      y = next;
      lowest = std::max(lowest, y);
      ++report.shown;
    }
    lowest = std::max(lowest, y);
  }
  if (full) {
    // What did not fit is marked, never silently dropped.
    const Column& c = columns[col];
    add_text("…", c.left, std::min(y, c.bottom), kBody, kDim, false);
  }
  return lowest;
}

// One line of a scene section at `y` (its spans, glyphs, wrapped parts);
// returns the y of the line below it.
float SidePanel::layout_line(const pb::PanelLine& line, float left, float right, float y) {
  const float top = y - 9;
  const float indent = left + 14.f * line.indent();
  float cx = indent;
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
    const auto parts = wrap_text(*font_, sp.text(), kBody, sp.bold(), right - indent - 14, right - cx, pixel_scale_);
    for (std::size_t i = 0; i < parts.size(); ++i) {
      if (i > 0) {
        y += 18;
        cx = indent + 14;
      }
      cx += add_text(parts[i], cx, y, kBody, c, sp.bold());
    }
    cx += 4;
  }
  const sf::FloatRect row{left - 6, top, right - left + 12, y + 9 - top};
  if (line.highlight()) {
    // Behind the line: insert the background before its glyphs.
    std::vector<sf::Vertex> bg;
    fill_convex(rounded_rect_points(row, 4), kHighlight, bg);
    shapes_.insert(shapes_.begin() + static_cast<long>(first_shape), bg.begin(), bg.end());
  }
  if (!line.select().empty()) clicks_.push_back({row, Hit{std::nullopt, line.select()}});
  return y + 18;
}

// Which review rows a level draws: everything; the review's own line, the
// verdict and the points lost (with the graph); the verdict alone.
bool SidePanel::review_row_shown(const ReviewRow& row, ReviewLevel level) {
  if (row.text.empty()) return false;
  switch (level) {
    case ReviewLevel::Full: return true;
    case ReviewLevel::Compact: return row.key == "review" || row.key == "verdict" || row.key == "lost" || row.key.empty();
    case ReviewLevel::Verdict:
    case ReviewLevel::Line: return row.key == "verdict";
    case ReviewLevel::Hidden: return false;
  }
  return true;
}

// The review's lines as drawn: each row of the level, and the rows it keeps
// back in order while `room` (logical pixels) lasts; `hidden` counts the
// rows still left out.
std::vector<SidePanel::ReviewLine> SidePanel::review_lines(const PanelState& state, ReviewLevel level, float room,
                                                           int& hidden) const {
  const float width = area_.width - 32;
  std::vector<ReviewLine> out;
  hidden = 0;
  for (const ReviewRow& r : state.review_rows) {
    if (r.text.empty()) continue;
    auto parts = wrap_text(*font_, r.text, kReview, r.bold, width - 14.f * r.indent, width - 14.f * r.indent, pixel_scale_);
    if (level == ReviewLevel::Line && review_row_shown(r, level) && parts.size() > 1) {
      // One line: the verdict's start (who, which move, how much it lost).
      parts.resize(1);
      parts[0] = wrap_text(*font_, parts[0], kReview, r.bold, width - 24, width - 24, pixel_scale_).front() + " …";
    }
    const float h = 16.f * static_cast<float>(parts.size());
    if (!review_row_shown(r, level)) {
      if (hidden > 0 || h > room) {  // in order: once one is left out, so are the rest
        ++hidden;
        continue;
      }
      room -= h;
    }
    for (auto& part : parts) out.push_back({&r, std::move(part)});
  }
  return out;
}

// The review's rows and its graph, above the move list.
float SidePanel::review_height(const PanelState& state, ReviewLevel level, float room) const {
  if (!state.review || level == ReviewLevel::Hidden) return 0;
  int hidden = 0;
  const float lines = 16.f * static_cast<float>(review_lines(state, level, room, hidden).size());
  const bool graph = level == ReviewLevel::Full || level == ReviewLevel::Compact;
  return (graph ? 10 + kGraphHeight + 8 : 10 + 8) + lines + (hidden > 0 && level != ReviewLevel::Line ? 16 : 0);
}

void SidePanel::layout_review(const ReplaySession& session, const PanelState& state, ReviewLevel level, float room,
                              float top) {
  if (level == ReviewLevel::Hidden) {
    fit_.review = "hidden";  // its marks stay in the move list
    return;
  }
  const float left = area_.left + 16, width = area_.width - 32;
  fill_rect({left, top, width, 1}, kRule, shapes_);
  float y = top + 14;
  int hidden = 0;
  for (const ReviewLine& line : review_lines(state, level, room, hidden)) {
    add_text(line.text, left + 14.f * line.row->indent, y, kReview, line.row->colour, line.row->bold);
    y += 16;
  }
  fit_.review = level == ReviewLevel::Full      ? "full"
                : level == ReviewLevel::Compact ? "compact"
                : level == ReviewLevel::Verdict ? "verdict"
                                                : "line";
  fit_.review_rows_hidden = hidden;
  if (hidden > 0 && level != ReviewLevel::Line) {
    add_text(fmt::format("(+{} review line{} kept back to leave the explanation whole)", hidden, hidden == 1 ? "" : "s"),
             left, y, kReview, kDim, false);
    y += 16;
  }
  if (level == ReviewLevel::Verdict || level == ReviewLevel::Line) return;
  graph_.layout(*state.review, session.plies(), state.ply, {left, y - 4, width, kGraphHeight}, shapes_,
                [&](const std::string& t, float x, float ty, float size, sf::Color c) { add_text(t, x, ty, size, c, false); });
  has_graph_ = true;
}

int SidePanel::layout_moves(const ReplaySession& session, const GameReview* review, int ply, float top,
                            float bottom) {
  const float left = area_.left + 16, width = area_.width - 32;
  fill_rect({left, top, width, 1}, kRule, shapes_);
  add_text("Moves (click to jump)", left, top + 14, kHead, kAccent, true);
  top += 28;
  const int entries = session.plies() + 1;  // "0 start" first
  const float col_w = width / move_columns(session, review, ply, width), row_h = 18;
  const int columns = static_cast<int>(std::lround(width / col_w));
  const int rows = (entries + columns - 1) / columns;
  const int visible = std::max(1, static_cast<int>((bottom - top) / row_h + 0.01f));  // 54 / 18 is 3, not 2.99
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
      const sf::Color num = i == ply ? kDimOnAccent : kDim;
      const sf::Color txt = i == ply ? kTextOnAccent : kText;
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
  return std::min(rows, visible);
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
  const sf::Color c = current ? kTextOnAccent : m.colour;
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
                       const std::vector<ReviewRow>& review_rows, const GameReview* review, const PanelFit* fit) {
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
  if (!fit) return out;
  for (const PanelFit::Section& sec : fit->sections)
    row("Layout", "section", sec.shown == sec.lines ? "whole" : fmt::format("cut {}/{}", sec.shown, sec.lines),
        fmt::format("{}: {} of {} lines drawn", sec.title.empty() ? "(untitled)" : sec.title, sec.shown, sec.lines));
  row("Layout", "columns", std::to_string(fit->columns), fmt::format("the sections in {} column{}", fit->columns, fit->columns == 1 ? "" : "s"));
  if (!fit->review.empty())
    row("Layout", "review", fit->review, fmt::format("review {}, {} line{} kept back", fit->review, fit->review_rows_hidden,
                                                      fit->review_rows_hidden == 1 ? "" : "s"));
  row("Layout", "moves", std::to_string(fit->move_rows), fmt::format("{} rows of moves", fit->move_rows));
  row("Layout", "footer", "", fit->footer);
  return out;
}

std::string visible_dump(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find_first_of("\t\n", at), text.size());
    out += gamehost::visible(std::string_view(text).substr(at, end - at));
    if (end < text.size()) out += text[end];
    at = end + 1;
  }
  return out;
}

}  // namespace viewer
