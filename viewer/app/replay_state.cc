#include "viewer/app/replay_state.h"

#include <SFML/Graphics/RenderWindow.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <utility>

#include "viewer/analysis/analysis_states.h"
#include "viewer/app/application.h"
#include "viewer/app/keys.h"
#include "viewer/export/animation_export.h"
#include "viewer/export/headless.h"
#include "viewer/render/mesh.h"
#include "viewer/render/palette.h"
#include "viewer/render/text_box.h"
#include "viewer/render/text_util.h"

namespace viewer {

namespace {

const sf::FloatRect kLogicalArea{{0, 0}, kLogicalSize};

}  // namespace

ReplayState::ReplayState(ReplaySession& session, const sf::Font& font, sf::RenderWindow& window,
                         const ReplayStart& start)
    : session_(session), font_(font), window_(window), export_dir_(start.export_dir) {
  view_ = std::make_unique<ReplayView>(session_, font_);
  view_->set_board_cache(window_.getSettings().antialiasingLevel == 0);  // the copy has no multisampling
  if (start.review) view_->set_review(start.review);
  if (start.overlays) view_->set_overlays(*start.overlays);
  if (!start.select.empty()) view_->select(start.select, false);
  view_->go_to(start.ply.value_or(0), false);
}

bool ReplayState::handle_event(const sf::Event& e, sf::Vector2f at) {
  switch (e.type) {
    case sf::Event::KeyPressed: on_key(e.key); break;
    case sf::Event::TextEntered: on_text(e.text.unicode); break;
    case sf::Event::MouseMoved: {
      mouse_ = at;
      mouse_inside_ = true;
      const pb::HitArea* hit = view_->board_hit(mouse_);
      view_->hover(hit ? hit->hover() : std::string());
      break;
    }
    case sf::Event::MouseLeft:
      mouse_inside_ = false;
      view_->hover("");
      break;
    case sf::Event::MouseButtonPressed:
      // Right click selects even where a left click would play.
      if (e.mouseButton.button == sf::Mouse::Left || e.mouseButton.button == sf::Mouse::Right) on_click(at);
      break;
    default: return false;
  }
  return true;
}

void ReplayState::resized(sf::Vector2u size) { view_->set_pixel_scale(pixel_scale_for(size)); }

void ReplayState::on_key(const sf::Event::KeyEvent& key) {
  if (prompt_.active()) {
    on_prompt_key(key);
    return;
  }
  switch (key.code) {
    case sf::Keyboard::Right: view_->step(+1); break;
    case sf::Keyboard::Left: view_->step(-1); break;
    case sf::Keyboard::Home: view_->go_to(0); break;
    case sf::Keyboard::End: view_->go_to(session_.plies()); break;
    case sf::Keyboard::Space: set_autoplay(!autoplay_); break;
    case sf::Keyboard::Tab: view_->cycle(key.shift ? -1 : +1); break;
    case sf::Keyboard::E:
      prompt_.open(default_export_path(session_.file(), export_dir_));
      swallow_text_ = true;
      break;
    case sf::Keyboard::H: help_ = !help_; break;
    case sf::Keyboard::N:
      if (!view_->jump_to_mistake(key.shift ? -1 : +1)) {
        view_->set_message(!view_->review() ? "no review: run gamehost review on this log"
                                            : key.shift ? "no earlier mistake or blunder" : "no later mistake or blunder");
        message_timer_ = 3;
      }
      break;
    case sf::Keyboard::Q: stack().close_window(); break;
    case sf::Keyboard::Escape:
      if (help_) help_ = false;
      else view_->select("", false);
      break;
    default:
      if (key.code >= sf::Keyboard::A && key.code <= sf::Keyboard::Z && !key.control && !key.alt)
        view_->toggle_overlay(std::string(1, static_cast<char>('A' + (key.code - sf::Keyboard::A))));
      break;
  }
}

void ReplayState::on_text(sf::Uint32 c) {
  if (prompt_.active()) {
    if (!std::exchange(swallow_text_, false) || (c != 'e' && c != 'E')) prompt_.type(c);
    return;
  }
  if (c == '?') help_ = !help_;
  if (c == '+' || c == '=') autoplay_seconds_ = std::max(0.1f, autoplay_seconds_ / 1.5f);
  else if (c == '-' || c == '_') autoplay_seconds_ = std::min(5.f, autoplay_seconds_ * 1.5f);
  else return;
  view_->set_autoplay(autoplay_, autoplay_seconds_);
}

void ReplayState::on_click(sf::Vector2f p) {
  if (help_) {
    help_ = false;
    return;
  }
  if (const auto hit = view_->panel_hit(p)) {
    if (hit->ply) view_->go_to(*hit->ply);
    if (hit->select) view_->select(*hit->select);
    return;
  }
  if (const pb::HitArea* hit = view_->board_hit(p)) view_->select(hit->select());
}

void ReplayState::set_autoplay(bool on) {
  autoplay_ = on;
  autoplay_timer_ = 0;
  if (on && view_->ply() >= session_.plies()) view_->go_to(0);
  view_->set_autoplay(autoplay_, autoplay_seconds_);
}

void ReplayState::on_prompt_key(const sf::Event::KeyEvent& key) {
  swallow_text_ = false;
  switch (prompt_.key(key.code)) {
    case ExportPrompt::Outcome::Save: export_to(prompt_.path()); break;
    case ExportPrompt::Outcome::Cancel:
      view_->set_message("export cancelled");
      message_timer_ = 2;
      break;
    case ExportPrompt::Outcome::Editing: break;
  }
}

// The whole game at a size a chat or a forum takes (docs/viewer.md: a
// 47-ply game is about 450 KiB as GIF), with the view's overlays,
// selection and review; or this view as a PNG.
void ReplayState::export_to(const std::string& path) {
  const auto kind = export_kind(path);
  if (!kind) {
    view_->set_message(path + ": name a .gif or .webp file (the whole game) or a .png (this view)");
    message_timer_ = 5;
    return;
  }
  // A missing folder is named, never made (as --screenshot without --mkdir).
  std::string problem = prepare_output(path, OutputKind::File, false).value_or("");
  if (!problem.empty()) {
    // nothing written
  } else if (*kind == ExportKind::Png) {
    view_->finish();
    save_png(render_image(*view_, window_.getSize()), path, problem);
  } else {
    try {
      ReplayView copy(session_, font_);
      if (view_->review()) copy.set_review(view_->review());
      copy.set_overlays(view_->overlays_on());
      if (!view_->selected().empty()) copy.select(view_->selected(), false);
      Offscreen off({800, 500});
      write_animation(copy, session_.plies(), off, *kind == ExportKind::Gif ? AnimationFormat::Gif : AnimationFormat::WebP,
                      path, AnimationOptions{}, 80, [this](int done, int total) { draw_progress(done, total); });
    } catch (const std::exception& e) {
      problem = e.what();
    }
    window_.setActive(true);
  }
  if (problem.empty()) {
    std::printf("saved %s\n", path.c_str());
    view_->set_message("saved " + path);
  } else {
    std::fprintf(stderr, "replay-viewer: %s\n", problem.c_str());
    view_->set_message(problem);
  }
  std::fflush(stdout);
  message_timer_ = 5;
}

bool ReplayState::update(float dt) {
  if (autoplay_) {
    autoplay_timer_ += dt;
    if (autoplay_timer_ >= autoplay_seconds_) {
      autoplay_timer_ = 0;
      if (view_->ply() >= session_.plies()) set_autoplay(false);
      else view_->step(+1);
    }
  }
  if (message_timer_ > 0 && (message_timer_ -= dt) <= 0) view_->set_message("");
  view_->update(dt);
  return false;
}

bool ReplayState::busy() const { return autoplay_ || message_timer_ > 0 || view_->animating(); }

void ReplayState::draw(sf::RenderTarget& target) {
  target.clear(view_->background());
  view_->draw(target);
}

void ReplayState::draw_over(sf::RenderTarget& target) {
  if (mouse_inside_ && !help_ && !prompt_.active()) draw_tooltip(target);
  if (help_) draw_help(target);
  if (prompt_.active()) draw_prompt(target);
}

void ReplayState::draw_tooltip(sf::RenderTarget& target) {
  const std::string tip = view_->tooltip_at(mouse_);
  if (tip.empty()) return;
  // Placed off every label and piece (label_layout.h); the place is kept
  // while neither the pointer, the text nor the board's labels change (a
  // caption placed after the tooltip stayed hidden under it).
  const BoxText text = measure_box(font_, {{tip, false}}, 340, 13.5f);
  if (tip != tooltip_text_ || mouse_ != tooltip_mouse_ || view_->labels_placed() != tooltip_labels_) {
    tooltip_text_ = tip;
    tooltip_mouse_ = mouse_;
    tooltip_labels_ = view_->labels_placed();
    tooltip_box_ = view_->tooltip_box(mouse_, text.size);
  }
  draw_box(target, font_, pixel_scale_for(target.getSize()), text, tooltip_box_, 13.5f);
}

void ReplayState::draw_help(sf::RenderTarget& target) {
  BoxLines lines = {{"Keys", true}};
  for (const KeyHelp& k : key_table()) {
    switch (k.when) {
      case KeyHelp::When::kOverlays:  // this game's own overlays, by name
        for (const pb::Overlay& o : view_->scene().overlays())
          lines.push_back({o.shortcut() + "   " + o.name() + " on / off", false});
        break;
      case KeyHelp::When::kTour: break;  // the tour's state has its own keys (tour_mode.h)
      case KeyHelp::When::kReview:
        if (!view_->review()) break;
        [[fallthrough]];
      case KeyHelp::When::kAlways: lines.push_back({fmt::format("{}   {}", k.keys, k.does), false}); break;
    }
  }
  draw_box(target, font_, pixel_scale_for(target.getSize()), lines, {280, 60}, 720, 15, kLogicalArea);
}

// The file name being edited, over the bottom of the board, with a cursor.
void ReplayState::draw_prompt(sf::RenderTarget& target) {
  const float scale = pixel_scale_for(target.getSize());
  const sf::FloatRect box{kBoardArea.left + 12, kBoardArea.top + kBoardArea.height - 104, kBoardArea.width - 24, 92};
  std::vector<sf::Vertex> v;
  const Points outline = rounded_rect_points(box, 8);
  fill_convex(outline, kBox, v);
  stroke_closed(outline, 2, true, kAccent, v);
  const float size = 15, field_y = box.top + 54;
  fill_convex(rounded_rect_points({box.left + 12, field_y - 14, box.width - 24, 28}, 4), kField, v);
  // The end of a long path stays in sight.
  std::string shown = prompt_.path();
  std::size_t cut = 0;
  while (cut < shown.size() && text_width(font_, shown.substr(cut), size, false, scale) > box.width - 44) ++cut;
  while (cut < shown.size() && (static_cast<unsigned char>(shown[cut]) & 0xc0) == 0x80) ++cut;
  const std::size_t cursor = prompt_.cursor() > cut ? prompt_.cursor() - cut : 0;
  shown = (cut ? "…" : "") + shown.substr(cut);
  const float cursor_x = box.left + 20 + text_width(font_, shown.substr(0, cursor + (cut ? std::string("…").size() : 0)), size, false, scale);
  fill_rect({cursor_x, field_y - 10, 1.5f, 20}, kAccent, v);
  target.draw(v.data(), v.size(), sf::Triangles);
  auto line = [&](const std::string& text, float x, float y, sf::Color c, bool bold) {
    sf::Text t = crisp_text(font_, text, size, scale, bold);
    t.setFillColor(c);
    anchor_text(t, {x, y}, -1);
    target.draw(t);
  };
  line("Save the whole game as .gif or .webp (or this view as .png)", box.left + 14, box.top + 20, kAccent, true);
  line(shown, box.left + 20, field_y, kText, false);
  line("Enter saves  ·  Esc cancels", box.left + 14, box.top + 80, kDim, false);
}

// A progress bar in the window while the game is written (the window is
// not responsive meanwhile): frames drawn here, outside the frame loop.
void ReplayState::draw_progress(int done, int total) {
  window_.setActive(true);
  window_.clear(view_->background());
  view_->draw(window_);
  const sf::FloatRect box{kBoardArea.left + 12, kBoardArea.top + kBoardArea.height - 80, kBoardArea.width - 24, 68};
  std::vector<sf::Vertex> v;
  fill_convex(rounded_rect_points(box, 8), kBox, v);
  const float fraction = total ? static_cast<float>(done) / static_cast<float>(total) : 1;
  fill_rect({box.left + 14, box.top + 40, (box.width - 28) * fraction, 12}, kAccent, v);
  stroke_closed(rounded_rect_points({box.left + 14, box.top + 40, box.width - 28, 12}, 2), 1, true, kBoxEdge, v);
  window_.draw(v.data(), v.size(), sf::Triangles);
  sf::Text t = crisp_text(font_, fmt::format("writing {} of {} frames…", done, total), 15, pixel_scale_for(window_.getSize()));
  t.setFillColor(kText);
  anchor_text(t, {box.left + 14, box.top + 20}, -1);
  window_.draw(t);
  window_.display();
}

ReplayView& push_replay_states(Application& application, ReplaySession& session, const sf::Font& font,
                               const ReplayStart& start, const ReplayModes& modes,
                               const std::function<std::unique_ptr<State>(ReplayView&)>& mode) {
  sf::RenderWindow& window = application.window();
  window.setTitle(fmt::format("{} — {} — replay-viewer", session.game_name(),
                              std::filesystem::path(session.file()).filename().string()));
  auto replay = std::make_unique<ReplayState>(session, font, window, start);
  ReplayView& view = replay->view();
  application.push(std::move(replay));
  auto analysis = std::make_unique<AnalysisState>(session, view, font, modes.analysis_threads, modes.variation);
  AnalysisControls& controls = analysis->controls();
  application.push(std::move(analysis));
  if (mode) application.push(mode(view));
  auto editor = std::make_unique<EditorState>(session, view, font, controls);
  if (!modes.position_file.empty()) editor->open_on(modes.position_file);
  application.push(std::move(editor));
  return view;
}

bool ErrorState::handle_event(const sf::Event& e, sf::Vector2f) {
  if (e.type == sf::Event::KeyPressed && (e.key.code == sf::Keyboard::Escape || e.key.code == sf::Keyboard::Q))
    stack().close_window();
  return true;
}

void ErrorState::draw(sf::RenderTarget& target) {
  target.clear(kWindowBackground);
  draw_box(target, font_, pixel_scale_for(target.getSize()),
           {{"This log cannot be shown", true}, {error_, false}, {"Esc or Q closes the window.", false}}, {140, 300}, 980, 17,
           kLogicalArea);
}

}  // namespace viewer
