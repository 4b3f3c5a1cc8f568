#include "viewer/analysis/analysis_input.h"

#include <fmt/core.h>

namespace viewer {

AnalysisControls::AnalysisControls(ReplaySession& session, ReplayView& view, const sf::Font& font)
    : view_(view), font_(font), board_(session, &view), session_(session) {}

void AnalysisControls::set_engine(bool on) {
  reaper_.retire(std::move(live_));  // never waits for the old search
  live_node_ = -1;
  live_shown_ = {};
  markers_.clear();
  if (on) {
    live_node_ = board_.current();
    // Seen by a seat, the engine searches the hands that seat could
    // imagine (play_state), never the true ones.
    live_ = std::make_unique<gamehost::review::LiveAnalysis>(session_.plugin(), board_.play_state(live_node_),
                                                             engine_threads_);
    shown_ = true;
  }
  changed();
}

bool AnalysisControls::visible() const {
  return shown_ || move_box_ || !picker_.empty() || view_.off_game() || board_.tree().has_variations() ||
         !board_.problem().empty() || !board_.message().empty();
}

void AnalysisControls::sync(float pixel_scale) {
  const auto node = board_.current();
  // The search follows the position; new lines are laid out as they come.
  if (live_ && node != live_node_) set_engine(true);
  if (live_) {
    auto update = live_->latest();
    if (update.refreshes != live_shown_.refreshes || update.problem != live_shown_.problem) {
      live_shown_ = std::move(update);
      stale_ = true;
      place_markers(pixel_scale);
    } else if (pixel_scale != pixel_scale_ && !markers_.markers().empty()) {
      place_markers(pixel_scale);  // the digits rasterised for the new size
    }
  }
  // The session's game may have changed under the same node (a followed
  // log grew, the next puzzle's game): its tree is laid out again.
  if (session_.revision() != laid_out_revision_) stale_ = true;
  if (!stale_ && node == laid_out_node_ && pixel_scale == pixel_scale_) return;
  if (node != laid_out_node_ || stale_) off_board_ = board_.off_board_moves();
  laid_out_node_ = node;
  laid_out_revision_ = session_.revision();
  pixel_scale_ = pixel_scale;
  stale_ = false;
  MoveTreePanel::Extra extra{off_board_, move_box_, picker_, picker_at_, live_ ? &live_shown_ : nullptr};
  panel_.layout(board_, extra, font_, pixel_scale, kAnalysisArea);
}

void AnalysisControls::place_markers(float pixel_scale) {
  if (live_shown_.top.empty()) {  // nothing yet, or nothing to search
    markers_.clear();
    return;
  }
  pb::ViewOptions targets;
  targets.set_hit_actions(true);
  pb::Scene scene;
  session_.render_state(board_.play_state(live_node_), std::nullopt, targets, scene);
  markers_.set(place_engine_markers(scene, live_shown_.top), font_, pixel_scale);
}

void AnalysisControls::draw(sf::RenderTarget& target) const {
  if (live_) target.draw(markers_);
  if (visible()) target.draw(panel_);
}

bool AnalysisControls::handle(const sf::Event& e, sf::Vector2f mouse) {
  bool mine = false;
  switch (e.type) {
    case sf::Event::MouseButtonPressed:
      if (e.mouseButton.button == sf::Mouse::Left) mine = on_click(mouse);
      break;
    case sf::Event::KeyPressed: mine = on_key(e.key); break;
    case sf::Event::TextEntered:
      if (move_box_) {
        const sf::Uint32 c = e.text.unicode;
        if (c >= 32 && c != 127) {
          std::string utf8;
          sf::Utf8::encode(c, std::back_inserter(utf8));
          *move_box_ += utf8;
        }
        mine = true;
      }
      break;
    default: break;
  }
  if (mine) changed();
  return mine;
}

bool AnalysisControls::on_click(sf::Vector2f p) {
  if (const auto best = markers_.hit(p); best && picker_.empty()) {  // the engine's numbered move
    board_.play(*best);
    shown_ = true;
    return true;
  }
  if (visible() || !picker_.empty()) {
    sync(pixel_scale_);
    if (const auto hit = panel_.hit(p)) {
      use(*hit);
      return true;
    }
    if (!picker_.empty()) {  // a click beside the picker closes it
      picker_.clear();
      return true;
    }
    if (kAnalysisArea.contains(p) && visible()) return true;
  }
  const AnalysisBoard::Click click = board_.click(p);
  if (!click.on_board) return false;
  if (click.choices.size() == 1) {  // played already
    shown_ = true;
    return true;
  }
  if (click.choices.size() > 1) {
    picker_ = click.choices;
    for (auto& c : picker_)
      if (c.label.empty()) c.label = fmt::format("action {}", c.action_id);
    picker_at_ = p;
    shown_ = true;
    return true;
  }
  // Nothing to play here: a selectable piece is selected as before (the
  // window does it), else the game says why not.
  const pb::HitArea* shown_hit = view_.board_hit(p);
  if (shown_hit && !shown_hit->select().empty()) return false;
  if (click.refusal.empty()) return false;
  board_.set_message(click.refusal);
  return true;
}

void AnalysisControls::use(const MoveTreePanel::Hit& hit) {
  if (hit.node) board_.go_to(*hit.node);
  if (hit.action) {
    picker_.clear();
    board_.play(*hit.action);
  }
  if (!hit.button) return;
  switch (*hit.button) {
    case MoveTreePanel::Button::BackToGame: board_.back_to_game(); break;
    case MoveTreePanel::Button::Promote: board_.promote(); break;
    case MoveTreePanel::Button::Remove: board_.remove(); break;
    case MoveTreePanel::Button::TypeMove: move_box_ = std::string(); break;
    case MoveTreePanel::Button::Engine: set_engine(!live_); break;
  }
}

bool AnalysisControls::on_key(const sf::Event::KeyEvent& key) {
  if (move_box_) {
    if (key.code == sf::Keyboard::Enter) {
      if (board_.play_typed(*move_box_)) move_box_.reset();
    } else if (key.code == sf::Keyboard::Escape) {
      move_box_.reset();
    } else if (key.code == sf::Keyboard::BackSpace && !move_box_->empty()) {
      // One UTF-8 character back.
      do move_box_->pop_back();
      while (!move_box_->empty() && (static_cast<unsigned char>(move_box_->back()) & 0xc0) == 0x80);
    }
    return true;  // letters are typed, not overlay keys
  }
  if (!picker_.empty()) {
    if (key.code == sf::Keyboard::Escape) picker_.clear();
    const int n = key.code - sf::Keyboard::Num1;
    if (n >= 0 && n < static_cast<int>(picker_.size()) && n < 9) {
      const auto id = picker_[static_cast<std::size_t>(n)].action_id;
      picker_.clear();
      board_.play(id);
    }
    return true;
  }
  if (key.code == sf::Keyboard::L && key.control) {
    set_engine(!live_);
    return true;
  }
  switch (key.code) {
    case sf::Keyboard::Enter:
      move_box_ = std::string();
      shown_ = true;
      return true;
    case sf::Keyboard::Escape:
      // Hides the panel; in a variation also goes back to the game (the
      // window's Esc, clearing the selection, comes next otherwise).
      if (!visible()) return false;
      board_.set_message("");
      shown_ = false;
      if (!view_.off_game()) return false;
      board_.back_to_game();
      return true;
    default: break;
  }
  if (!view_.off_game()) return false;
  switch (key.code) {
    case sf::Keyboard::Left: board_.step(-1); return true;
    case sf::Keyboard::Right: board_.step(+1); return true;
    case sf::Keyboard::Delete: board_.remove(); return true;
    default: return false;
  }
}

}  // namespace viewer
