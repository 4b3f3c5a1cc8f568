#include "viewer/view/replay_view.h"

#include <algorithm>
#include <cctype>

#include "viewer/render/label_layout.h"
#include "viewer/render/palette.h"

namespace viewer {

sf::View letterboxed_view(sf::Vector2u size) {
  sf::View view(sf::FloatRect(0, 0, kLogicalSize.x, kLogicalSize.y));
  const float w = static_cast<float>(std::max(1u, size.x)), h = static_cast<float>(std::max(1u, size.y));
  const float scale = std::min(w / kLogicalSize.x, h / kLogicalSize.y);
  const float vw = kLogicalSize.x * scale / w, vh = kLogicalSize.y * scale / h;
  view.setViewport({(1 - vw) / 2, (1 - vh) / 2, vw, vh});
  return view;
}

float pixel_scale_for(sf::Vector2u size) {
  return std::min(static_cast<float>(size.x) / kLogicalSize.x, static_cast<float>(size.y) / kLogicalSize.y);
}

BoardTransform board_transform(const pb::Scene& scene) {
  BoardTransform t;
  const auto& b = scene.bounds();
  const float bw = b.width() > 0 ? b.width() : 1, bh = b.height() > 0 ? b.height() : 1;
  t.scale = std::min(kBoardArea.width / bw, kBoardArea.height / bh);
  const float left = kBoardArea.left + (kBoardArea.width - bw * t.scale) / 2;
  const float top = kBoardArea.top + (kBoardArea.height - bh * t.scale) / 2;
  t.origin = {left - b.x() * t.scale, top - b.y() * t.scale};
  return t;
}

ReplayView::ReplayView(ReplaySession& session, const sf::Font& font) : session_(session), font_(font) {
  // The first scene tells which overlays the game offers and which are on
  // by default.
  pb::Scene probe;
  session_.render(0, pb::ViewOptions(), probe);
  for (const pb::Overlay& o : probe.overlays())
    if (o.default_on()) overlays_.push_back(o.key());
  refresh(Change::Ply);
}

pb::ViewOptions ReplayView::view_options() const {
  pb::ViewOptions v;
  v.set_selected(selected_);
  v.set_hovered(hovered_);
  for (const auto& o : overlays_) v.add_overlays(o);
  if (review_ && !off_game_)
    if (const auto ghost = review_->better_action(ply_)) v.set_ghost_action_id(*ghost);
  if (editing_) v.set_edit(true);
  return v;
}

void ReplayView::set_editing(bool on) {
  editing_ = on;
  refresh(Change::View);
}

void ReplayView::go_to(int ply, bool animate) {
  ply = std::clamp(ply, 0, session_.plies());
  if (ply == ply_ && current_ && !off_game_) return;
  ply_ = ply;
  off_game_.reset();
  refresh(animate ? Change::Ply : Change::View);
  if (!animate) finish();
}

void ReplayView::show_off_game(std::optional<OffGame> position, bool animate) {
  if (!position) return go_to(ply_, animate);
  ply_ = std::clamp(position->branch_ply, 0, session_.plies());
  off_game_ = std::move(position);
  refresh(animate ? Change::Ply : Change::View);
  if (!animate) finish();
}

void ReplayView::select(const std::string& value, bool toggle) {
  selected_ = toggle && value == selected_ ? std::string() : value;
  refresh(Change::View);
}

void ReplayView::cycle(int direction) {
  const auto& c = scene().cycle();
  if (c.empty()) return;
  const int n = c.size();
  int i = -1;
  for (int k = 0; k < n; ++k)
    if (c[k] == selected_) i = k;
  i = i < 0 ? (direction > 0 ? 0 : n - 1) : ((i + direction) % n + n) % n;
  select(c[i], false);
}

void ReplayView::hover(const std::string& value) {
  if (value == hovered_) return;
  hovered_ = value;
  refresh(Change::Hover);
}

bool ReplayView::toggle_overlay(const std::string& key_or_shortcut) {
  for (const pb::Overlay& o : scene().overlays()) {
    const bool by_key = o.key() == key_or_shortcut;
    const bool by_letter = key_or_shortcut.size() == 1 && o.shortcut().size() == 1 &&
                           std::toupper(static_cast<unsigned char>(o.shortcut()[0])) ==
                               std::toupper(static_cast<unsigned char>(key_or_shortcut[0]));
    if (!by_key && !by_letter) continue;
    const auto it = std::find(overlays_.begin(), overlays_.end(), o.key());
    if (it == overlays_.end()) overlays_.push_back(o.key());
    else overlays_.erase(it);
    refresh(Change::View);
    return true;
  }
  return false;
}

void ReplayView::set_overlays(const std::vector<std::string>& keys) {
  overlays_ = keys;
  refresh(Change::View);
}

void ReplayView::refresh(Change change) {
  pb::Scene scene;
  if (off_game_) session_.render_state(off_game_->state, off_game_->last_action, view_options(), scene);
  else session_.render(ply_, view_options(), scene);
  const BoardTransform transform = board_transform(scene);
  auto prepared = std::make_shared<const PreparedScene>(std::move(scene), transform, font_, pixel_scale_);
  // Steps animate (a running animation is finished at once); view changes
  // blend quickly; hovering never restarts anything.
  if (change == Change::Hover && layers_.animating()) layers_.retarget(prepared);
  else if (change == Change::Hover) layers_.show(prepared, false);
  else layers_.show(prepared, current_ != nullptr, change == Change::Ply ? 0.25f : 0.15f);
  current_ = std::move(prepared);
  set_paths();
  refresh_panel();
}

// The paths of the current scene, their captions moved off every other
// text and piece.
void ReplayView::set_paths() {
  paths_.set_paths(current_->scene(), current_->transform(), font_, pixel_scale_, false);
  std::vector<sf::FloatRect> texts = scene_text_boxes(*current_);
  paths_.place_labels(texts, piece_boxes(*current_), kBoardArea);
  ++labels_placed_;
}

std::vector<sf::FloatRect> ReplayView::text_boxes() const {
  std::vector<sf::FloatRect> out = scene_text_boxes(*current_);
  for (const auto& boxes : {paths_.label_boxes(), paths_.caption_boxes()}) out.insert(out.end(), boxes.begin(), boxes.end());
  return out;
}

std::vector<sf::FloatRect> ReplayView::pieces() const { return piece_boxes(*current_); }

sf::FloatRect ReplayView::tooltip_box(sf::Vector2f p, sf::Vector2f size) const {
  std::vector<sf::FloatRect> avoid = text_boxes();
  const auto solid = pieces();
  avoid.insert(avoid.end(), solid.begin(), solid.end());
  avoid.push_back({p.x - 12, p.y - 12, 24, 24});  // the pointer and its arrow
  const sf::FloatRect area{4, 4, kLogicalSize.x - 8, kLogicalSize.y - 8};
  return place_box(p + sf::Vector2f(16 + size.x / 2, 18 + size.y / 2), size, avoid, area, 10);
}

void ReplayView::set_review(const GameReview* review) {
  review_ = review;
  review_rows_.clear();
  panel_state_.review = review;
  refresh(Change::View);
}

bool ReplayView::jump_to_mistake(int direction) {
  const auto ply = review_ ? review_->next_mistake(ply_, direction) : std::nullopt;
  if (ply) go_to(*ply);
  return ply.has_value();
}

const std::vector<ReviewRow>& ReplayView::review_rows() {
  static const std::vector<ReviewRow> none;
  if (!review_) return none;
  auto it = review_rows_.find(ply_);
  if (it == review_rows_.end()) it = review_rows_.emplace(ply_, viewer::review_rows(*review_, session_, ply_)).first;
  return it->second;
}

void ReplayView::refresh_panel() {
  if (!current_) return;
  panel_state_.ply = ply_;
  panel_state_.position = off_game_ ? off_game_->label : std::string();
  panel_state_.review_rows = review_rows();
  panel_state_.overlays_on = overlays_;
  panel_.layout(session_, current_->scene(), panel_state_, font_, pixel_scale_, kPanelArea);
}

void ReplayView::update(float dt) {
  layers_.update(dt);
  paths_.update(dt);
}

void ReplayView::finish() {
  layers_.finish();
  layers_.update(0);
  paths_.finish();
}

void ReplayView::set_pixel_scale(float scale) {
  if (std::abs(scale - pixel_scale_) < 1e-3f) return;
  pixel_scale_ = scale;
  // Texts are rasterised for the new scale; the picture stays as it is.
  auto again = std::make_shared<const PreparedScene>(current_->scene(), current_->transform(), font_, pixel_scale_);
  const bool was_animating = layers_.animating();
  if (was_animating) layers_.retarget(again);
  else layers_.show(again, false);
  current_ = std::move(again);
  set_paths();
  refresh_panel();
}

sf::Color ReplayView::background() const {
  const auto bg = current_ ? current_->scene().background() : 0;
  return bg ? to_color(bg) : kWindowBackground;
}

void ReplayView::draw(sf::RenderTarget& target) const {
  if (cache_board_ && !layers_.animating()) board_cache_.draw(target, layers_, current_, background(), kPanelArea.left);
  else target.draw(layers_);
  target.draw(panel_);
  target.draw(paths_);
}

const pb::HitArea* ReplayView::board_hit(sf::Vector2f p) const {
  return kBoardArea.contains(p) ? current_->hit_at(p) : nullptr;
}

std::string ReplayView::tooltip_at(sf::Vector2f p) const {
  return kBoardArea.contains(p) ? current_->tooltip_at(p) : std::string();
}

}  // namespace viewer
