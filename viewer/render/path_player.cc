#include "viewer/render/path_player.h"

#include <SFML/Graphics/RenderTarget.hpp>

#include <algorithm>
#include <cmath>

#include "viewer/render/label_layout.h"
#include "viewer/render/text_util.h"

namespace viewer {

namespace {

bool same_points(const pb::Path& a, const pb::Path& b) {
  if (a.points_size() != b.points_size()) return false;
  for (int i = 0; i < a.points_size(); ++i)
    if (a.points(i).x() != b.points(i).x() || a.points(i).y() != b.points(i).y()) return false;
  return true;
}

constexpr sf::Uint32 kCaptionBox = 0x1c1e24e8;
constexpr sf::Uint32 kLabelText = 0x1a1a1aff;

}  // namespace

void PathPlayer::build_track(Track& tr, const BoardTransform& t, const sf::Font& font, float pixel_scale) {
  tr.points.clear();
  tr.labels.clear();
  tr.lot_px = t.scale;
  for (const auto& p : tr.path.points()) tr.points.push_back(t.map(p));
  const float label_px = t.length(tr.path.marker_size() > 0 ? std::min(0.36f, tr.path.marker_size() * 0.5f) : 0.3f);
  for (int i = 0; i < tr.path.points_size(); ++i) {
    const std::string text = i < tr.path.step_labels_size() ? tr.path.step_labels(i) : "";
    sf::Text label = crisp_text(font, text, label_px, pixel_scale, true);
    label.setFillColor(to_color(kLabelText));
    anchor_text(label, tr.points[i], 0);
    tr.labels.push_back(std::move(label));
  }
  tr.has_caption = !tr.path.label().empty();
  if (tr.has_caption) {
    const float size = t.length(tr.path.label_size() > 0 ? tr.path.label_size() : 0.34f);
    tr.caption = crisp_text(font, tr.path.label(), size, pixel_scale, true);
    tr.caption.setFillColor(sf::Color::White);
    anchor_text(tr.caption, t.map(tr.path.label_position()), 0);
  }
  tr.step_seconds = tr.path.step_ms() ? tr.path.step_ms() / 1000.f : 0.12f;
}

void PathPlayer::set_paths(const pb::Scene& scene, const BoardTransform& t, const sf::Font& font, float pixel_scale,
                           bool instant) {
  std::vector<Track> next;
  next.reserve(scene.paths_size());
  for (const pb::Path& p : scene.paths()) {
    Track tr;
    tr.id = p.id();
    tr.path = p;
    for (const Track& old : tracks_)
      if (old.id == p.id() && same_points(old.path, p)) tr.progress = old.progress;
    build_track(tr, t, font, pixel_scale);
    if (instant || !p.progressive()) tr.progress = static_cast<float>(std::max(0, p.points_size() - 1));
    next.push_back(std::move(tr));
  }
  tracks_ = std::move(next);
}

void PathPlayer::update(float dt) {
  for (Track& tr : tracks_) {
    const float end = static_cast<float>(std::max<std::size_t>(1, tr.points.size()) - 1);
    tr.progress = std::min(end, tr.progress + dt / tr.step_seconds);
  }
}

void PathPlayer::finish() {
  for (Track& tr : tracks_) tr.progress = static_cast<float>(std::max<std::size_t>(1, tr.points.size()) - 1);
}

bool PathPlayer::running() const {
  for (const Track& tr : tracks_)
    if (tr.progress + 1e-4f < static_cast<float>(std::max<std::size_t>(1, tr.points.size()) - 1)) return true;
  return false;
}

std::vector<sf::Vector2f> PathPlayer::lit_markers() const {
  std::vector<sf::Vector2f> out;
  for (const Track& tr : tracks_) {
    if (tr.path.marker_size() <= 0) continue;
    for (std::size_t i = 0; i < tr.points.size() && i <= static_cast<std::size_t>(tr.progress + 1e-4f); ++i)
      if (!tr.labels[i].getString().isEmpty()) out.push_back(tr.points[i]);
  }
  return out;
}

std::vector<sf::FloatRect> PathPlayer::label_boxes() const {
  std::vector<sf::FloatRect> out;
  for (const Track& tr : tracks_)
    for (const sf::Text& label : tr.labels)
      if (!label.getString().isEmpty()) out.push_back(label.getGlobalBounds());
  return out;
}

sf::FloatRect PathPlayer::caption_box(const sf::Text& caption) {
  const sf::FloatRect b = caption.getGlobalBounds();
  const float pad = b.height * 0.45f + 2;
  return {b.left - pad, b.top - pad, b.width + 2 * pad, b.height + 2 * pad};
}

std::vector<sf::FloatRect> PathPlayer::caption_boxes() const {
  std::vector<sf::FloatRect> out;
  for (const Track& tr : tracks_)
    if (tr.has_caption) out.push_back(caption_box(tr.caption));
  return out;
}

void PathPlayer::place_labels(std::vector<sf::FloatRect>& texts, const std::vector<sf::FloatRect>& solids,
                              sf::FloatRect area) {
  // Two routes through the same lot number it twice: the numbers move
  // apart diagonally within the lot (the earlier up-left, the later
  // down-right), so "2" and "2" never read as "22".
  struct Placed {
    sf::Text* text;
    float lot_px;
  };
  std::vector<Placed> placed;
  for (Track& tr : tracks_)
    for (sf::Text& label : tr.labels) {
      if (label.getString().isEmpty()) continue;
      for (Placed& other : placed) {
        if (!boxes_overlap(label.getGlobalBounds(), other.text->getGlobalBounds())) continue;
        const sf::Vector2f shift(0.2f * tr.lot_px, 0.2f * tr.lot_px);
        other.text->move(-shift);
        label.move(shift);
      }
      placed.push_back({&label, tr.lot_px});
    }
  for (const Placed& p : placed) texts.push_back(p.text->getGlobalBounds());
  std::vector<sf::FloatRect> avoid = texts;
  avoid.insert(avoid.end(), solids.begin(), solids.end());
  // Captions, in order, each at the free place nearest the plugin's; when
  // the board is too full for it, smaller, then off every text over the
  // least of the pieces and marks.
  for (Track& tr : tracks_) {
    if (!tr.has_caption) continue;
    const sf::Vector2f scale = tr.caption.getScale();
    for (const float shrink : {1.f, 0.85f, 0.7f}) {
      tr.caption.setScale(scale * shrink);
      const sf::FloatRect b = caption_box(tr.caption);
      const sf::Vector2f centre(b.left + b.width / 2, b.top + b.height / 2);
      bool free = false;
      sf::FloatRect at = place_box(centre, {b.width, b.height}, avoid, area, 4, &free);
      if (!free && shrink > 0.71f) continue;
      if (!free) at = place_box_off_texts(centre, {b.width, b.height}, texts, solids, area, 4);
      tr.caption.move(at.left - b.left, at.top - b.top);
      break;
    }
    texts.push_back(caption_box(tr.caption));
    avoid.push_back(caption_box(tr.caption));
  }
}

void PathPlayer::draw(sf::RenderTarget& target, sf::RenderStates states) const {
  if (tracks_.empty()) return;
  std::vector<sf::Vertex> tris;
  // Markers of every path first, then the lines, then labels and captions.
  for (const Track& tr : tracks_) {
    if (tr.path.marker_size() <= 0) continue;
    const float half = tr.path.marker_size() * tr.lot_px / 2;
    const sf::Color fill = to_color(tr.path.marker_fill());
    for (std::size_t i = 0; i < tr.points.size() && i <= static_cast<std::size_t>(tr.progress + 1e-4f); ++i) {
      if (tr.labels[i].getString().isEmpty()) continue;
      const sf::Vector2f c = tr.points[i];
      fill_convex(rounded_rect_points({c.x - half, c.y - half, 2 * half, 2 * half}, half * 0.25f), fill, tris);
    }
  }
  for (const Track& tr : tracks_) {
    if (tr.points.size() < 2) continue;
    const float width = std::max(1.5f, tr.path.width() * tr.lot_px);
    const int whole = static_cast<int>(tr.progress);
    Points line(tr.points.begin(), tr.points.begin() + std::min<std::size_t>(whole + 1, tr.points.size()));
    const float frac = tr.progress - static_cast<float>(whole);
    if (frac > 0 && whole + 1 < static_cast<int>(tr.points.size()))
      line.push_back(tr.points[whole] + (tr.points[whole + 1] - tr.points[whole]) * frac);
    stroke_open(line, width, to_color(tr.path.colour()), tris);
    // A dot at the start and, once reached, at the end.
    fill_convex(circle_points(tr.points.front(), width * 1.3f), to_color(tr.path.colour()), tris);
    if (tr.progress + 1e-4f >= static_cast<float>(tr.points.size() - 1))
      fill_convex(circle_points(tr.points.back(), width * 1.3f), to_color(tr.path.colour()), tris);
  }
  if (!tris.empty()) target.draw(tris.data(), tris.size(), sf::Triangles, states);
  TextBatch labels;
  for (const Track& tr : tracks_)
    for (std::size_t i = 0; i < tr.labels.size() && i <= static_cast<std::size_t>(tr.progress + 1e-4f); ++i)
      if (!tr.labels[i].getString().isEmpty()) labels.add(tr.labels[i]);
  target.draw(labels, states);
  std::vector<sf::Vertex> boxes;
  std::vector<const sf::Text*> captions;
  for (const Track& tr : tracks_) {
    if (!tr.has_caption || tr.progress + 1e-4f < static_cast<float>(tr.points.size() - 1)) continue;
    const sf::FloatRect b = caption_box(tr.caption);
    const float pad = tr.caption.getGlobalBounds().height * 0.45f + 2;
    const Points box = rounded_rect_points(b, pad);
    fill_convex(box, to_color(kCaptionBox), boxes);
    stroke_closed(box, 2, true, to_color(tr.path.colour()), boxes);
    captions.push_back(&tr.caption);
  }
  if (!boxes.empty()) target.draw(boxes.data(), boxes.size(), sf::Triangles, states);
  TextBatch caption_texts;
  for (const sf::Text* c : captions) caption_texts.add(*c);
  target.draw(caption_texts, states);
}

}  // namespace viewer
