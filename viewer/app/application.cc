#include "viewer/app/application.h"
#include "viewer/app/keys.h"

#include <SFML/System/Err.hpp>
#include <SFML/System/Sleep.hpp>
#include <SFML/Window/Event.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <utility>

#include "viewer/render/environment.h"
#include "viewer/export/animation_export.h"
#include "viewer/export/headless.h"
#include "viewer/render/mesh.h"
#include "viewer/render/text_util.h"
#include "viewer/render/palette.h"

namespace viewer {

namespace {

sf::ContextSettings window_settings(int antialias) {
  sf::ContextSettings s;
  s.antialiasingLevel = window_antialiasing(antialias);
  return s;
}

const sf::Color kBox(0x1c, 0x1e, 0x24, 0xf0);
const sf::Color kBoxEdge(0x5a, 0x60, 0x6e);

// Lines wrapped to `width`, measured: what a box of text needs.
struct BoxText {
  std::vector<std::pair<std::string, bool>> lines;
  sf::Vector2f size;
};

BoxText measure_box(const sf::Font& font, const std::vector<std::pair<std::string, bool>>& lines, float width,
                    float size) {
  BoxText out;
  for (const auto& [text, bold] : lines)
    for (const auto& part : wrap_text(font, text, size, bold, width, width)) out.lines.push_back({part, bold});
  float w = 0;
  for (const auto& [text, bold] : out.lines) w = std::max(w, text_width(font, text, size, bold));
  const float line_h = size * 1.45f, pad = 10;
  out.size = {w + 2 * pad, out.lines.size() * line_h + 2 * pad - (line_h - size)};
  return out;
}

// The measured lines in `box`.
void draw_box(sf::RenderTarget& target, const sf::Font& font, float pixel_scale, const BoxText& text,
              sf::FloatRect box, float size) {
  std::vector<sf::Vertex> v;
  const Points outline = rounded_rect_points(box, 6);
  fill_convex(outline, kBox, v);
  stroke_closed(outline, 1.5f, true, kBoxEdge, v);
  target.draw(v.data(), v.size(), sf::Triangles);
  const float line_h = size * 1.45f, pad = 10;
  float y = box.top + pad + size * 0.55f;
  for (const auto& [line, bold] : text.lines) {
    sf::Text t = crisp_text(font, line, size, pixel_scale, bold);
    t.setFillColor(bold ? kAccent : kText);
    anchor_text(t, {box.left + pad, y}, -1);
    target.draw(t);
    y += line_h;
  }
}

// A box of wrapped lines at `at` (kept inside the logical area).
void draw_box(sf::RenderTarget& target, const sf::Font& font, float pixel_scale,
              const std::vector<std::pair<std::string, bool>>& lines, sf::Vector2f at, float width, float size) {
  const BoxText text = measure_box(font, lines, width, size);
  sf::FloatRect box{at, text.size};
  box.left = std::clamp(box.left, 4.f, kLogicalSize.x - box.width - 4);
  box.top = std::clamp(box.top, 4.f, kLogicalSize.y - box.height - 4);
  draw_box(target, font, pixel_scale, text, box, size);
}

}  // namespace

Application::Application(ReplaySession* session, std::string error, const sf::Font& font,
                         const StartOptions& options)
    : font_(font),
      session_(session),
      error_(std::move(error)),
      options_(options) {
  {
    // SFML reports "Setting vertical sync not supported" on Mesa's software
    // driver while creating any window: noise for the user, so muted here.
    std::streambuf* old = sf::err().rdbuf(nullptr);
    window_.create(sf::VideoMode(1280, 800), "replay-viewer", sf::Style::Default, window_settings(options.antialias));
    sf::err().rdbuf(old);
  }
  window_.setFramerateLimit(60);
  window_.setKeyRepeatEnabled(true);
  if (session_) {
    window_.setTitle(fmt::format("{} — {} — replay-viewer", session_->game_name(),
                                 std::filesystem::path(session_->file()).filename().string()));
    view_ = std::make_unique<ReplayView>(*session_, font_);
    view_->set_board_cache(window_.getSettings().antialiasingLevel == 0);  // the copy has no multisampling
    if (options.review) view_->set_review(options.review);
    if (options.overlays) view_->set_overlays(*options.overlays);
    if (!options.select.empty()) view_->select(options.select, false);
    view_->go_to(options.ply.value_or(0), false);
    analysis_ = std::make_unique<AnalysisControls>(*session_, *view_, font_);
    analysis_->set_engine_threads(options.analysis_threads);
    if (!options.variation.empty())
      if (const auto node = analysis_->board().tree().find(options.variation)) analysis_->board().go_to(*node, false);
    editor_ = std::make_unique<PositionEditor>(*session_, *view_, font_);
    if (!options.position_file.empty() && editor_->available())
      editor_->start(session_->state(view_->ply()), options.position_file);
  }
  on_resize(window_.getSize());
}

int Application::run() {
  sf::Clock clock;
  sf::Clock since_frame;
  while (window_.isOpen()) {
    processEvents();
    update(std::min(clock.restart().asSeconds(), 0.1f));
    const bool busy = autoplay_ || message_timer_ > 0 || (view_ && view_->animating());
    // Idle (nothing changed): no frame, except one now and then in case the
    // window was uncovered (SFML reports no expose events).
    if (window_.isOpen() && (dirty_ || busy || since_frame.getElapsedTime().asSeconds() > 0.5f)) {
      render();
      since_frame.restart();
    } else {
      sf::sleep(sf::milliseconds(8));
    }
  }
  return session_ ? 0 : 1;
}

void Application::processEvents() {
  sf::Event e;
  while (window_.pollEvent(e)) handle(e);
}

void Application::handle(const sf::Event& e) {
  dirty_ = true;
  if (editor_event(e)) return;
  if (options_.on_event && view_ && !prompt_.active() && !help_) {
    sf::Vector2f at = mouse_;
    if (e.type == sf::Event::MouseButtonPressed) at = window_.mapPixelToCoords({e.mouseButton.x, e.mouseButton.y});
    if (options_.on_event(*view_, e, at)) return;
  }
  // The analysis board first: clicks that play moves, its panel, the move box.
  if (analysis_ && !prompt_.active() && !help_) {
    sf::Vector2f at = mouse_;
    if (e.type == sf::Event::MouseButtonPressed) at = window_.mapPixelToCoords({e.mouseButton.x, e.mouseButton.y});
    if (analysis_->handle(e, at)) return;
  }
  {
    switch (e.type) {
      case sf::Event::Closed: window_.close(); break;
      case sf::Event::Resized: on_resize({e.size.width, e.size.height}); break;
      case sf::Event::KeyPressed: on_key(e.key); break;
      case sf::Event::TextEntered: on_text(e.text.unicode); break;
      case sf::Event::MouseMoved:
        mouse_ = window_.mapPixelToCoords({e.mouseMove.x, e.mouseMove.y});
        mouse_inside_ = true;
        if (view_) {
          const pb::HitArea* hit = view_->board_hit(mouse_);
          view_->hover(hit ? hit->hover() : std::string());
        }
        break;
      case sf::Event::MouseLeft:
        mouse_inside_ = false;
        if (view_) view_->hover("");
        break;
      case sf::Event::MouseButtonPressed:
        // Right click selects even where a left click would play.
        if (e.mouseButton.button == sf::Mouse::Left || e.mouseButton.button == sf::Mouse::Right)
          on_click(window_.mapPixelToCoords({e.mouseButton.x, e.mouseButton.y}));
        break;
      default: break;
    }
  }
}

void Application::on_resize(sf::Vector2u size) {
  window_.setView(letterboxed_view(size));
  if (view_) view_->set_pixel_scale(pixel_scale_for(size));
}

void Application::on_key(const sf::Event::KeyEvent& key) {
  if (prompt_.active()) {
    on_prompt_key(key);
    return;
  }
  if (!view_) {
    if (key.code == sf::Keyboard::Escape || key.code == sf::Keyboard::Q) window_.close();
    return;
  }
  switch (key.code) {
    case sf::Keyboard::Right: view_->step(+1); break;
    case sf::Keyboard::Left: view_->step(-1); break;
    case sf::Keyboard::Home: view_->go_to(0); break;
    case sf::Keyboard::End: view_->go_to(session_->plies()); break;
    case sf::Keyboard::Space: set_autoplay(!autoplay_); break;
    case sf::Keyboard::Tab: view_->cycle(key.shift ? -1 : +1); break;
    case sf::Keyboard::E:
      prompt_.open(default_export_path(session_->file(), options_.export_dir));
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
    case sf::Keyboard::Q: window_.close(); break;
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

void Application::on_text(sf::Uint32 c) {
  if (prompt_.active()) {
    if (!std::exchange(swallow_text_, false) || (c != 'e' && c != 'E')) prompt_.type(c);
    return;
  }
  if (c == '?') help_ = !help_;
  if (!view_) return;
  if (c == '+' || c == '=') autoplay_seconds_ = std::max(0.1f, autoplay_seconds_ / 1.5f);
  else if (c == '-' || c == '_') autoplay_seconds_ = std::min(5.f, autoplay_seconds_ * 1.5f);
  else return;
  view_->set_autoplay(autoplay_, autoplay_seconds_);
}

void Application::on_click(sf::Vector2f p) {
  if (!view_) return;
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

void Application::set_autoplay(bool on) {
  autoplay_ = on;
  autoplay_timer_ = 0;
  if (on && view_->ply() >= session_->plies()) view_->go_to(0);
  view_->set_autoplay(autoplay_, autoplay_seconds_);
}

void Application::on_prompt_key(const sf::Event::KeyEvent& key) {
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
void Application::export_to(const std::string& path) {
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
      ReplayView copy(*session_, font_);
      if (view_->review()) copy.set_review(view_->review());
      copy.set_overlays(view_->overlays_on());
      if (!view_->selected().empty()) copy.select(view_->selected(), false);
      Offscreen off({800, 500});
      write_animation(copy, session_->plies(), off, *kind == ExportKind::Gif ? AnimationFormat::Gif : AnimationFormat::WebP,
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

void Application::update(float dt) {
  if (!view_) return;
  if (autoplay_) {
    autoplay_timer_ += dt;
    if (autoplay_timer_ >= autoplay_seconds_) {
      autoplay_timer_ = 0;
      if (view_->ply() >= session_->plies()) set_autoplay(false);
      else view_->step(+1);
    }
  }
  if (message_timer_ > 0 && (message_timer_ -= dt) <= 0) view_->set_message("");
  if (options_.on_update && options_.on_update(*view_, dt)) dirty_ = true;
  view_->update(dt);
}

void Application::render() {
  window_.clear(view_ ? view_->background() : sf::Color(0x23, 0x26, 0x2d));
  if (!view_) {
    draw_error();
  } else {
    view_->draw(window_);
    if (editor_ && editor_->active()) {
      editor_->draw(window_, pixel_scale_for(window_.getSize()));
    } else {
      analysis_->sync(pixel_scale_for(window_.getSize()));
      analysis_->draw(window_);
    }
    if (mouse_inside_ && !help_ && !prompt_.active()) draw_tooltip();
    if (help_) draw_help();
    if (prompt_.active()) draw_prompt();
  }
  window_.display();
  dirty_ = false;
}

// The board editor (Ctrl+E, position_editor.h) takes the events while it
// is open; Ctrl+E opens it on the position shown, a ply or a variation's.
bool Application::editor_event(const sf::Event& e) {
  if (!editor_ || prompt_.active() || help_) return false;
  sf::Vector2f at = mouse_;
  if (e.type == sf::Event::MouseButtonPressed) at = window_.mapPixelToCoords({e.mouseButton.x, e.mouseButton.y});
  if (editor_->handle(e, at)) return true;
  if (e.type != sf::Event::KeyPressed || !e.key.control || e.key.code != sf::Keyboard::E || editor_->active())
    return false;
  if (!editor_->available()) {
    view_->set_message(session_->game_name() + " has no board editor");
    return true;
  }
  const bool variation = view_->off_game();
  const std::string state = variation ? analysis_->board().state(analysis_->board().current())
                                      : session_->state(view_->ply());
  const std::filesystem::path log(session_->file());
  editor_->start(state, log.parent_path() / fmt::format("{}-ply{}.position.txt", log.stem().string(), view_->ply()));
  return true;
}

void Application::draw_tooltip() {
  const std::string tip = view_->tooltip_at(mouse_);
  if (tip.empty()) return;
  // Placed off every label and piece (label_layout.h); the place is kept
  // while neither the pointer nor the text changes.
  const BoxText text = measure_box(font_, {{tip, false}}, 340, 13.5f);
  if (tip != tooltip_text_ || mouse_ != tooltip_mouse_) {
    tooltip_text_ = tip;
    tooltip_mouse_ = mouse_;
    tooltip_box_ = view_->tooltip_box(mouse_, text.size);
  }
  draw_box(window_, font_, pixel_scale_for(window_.getSize()), text, tooltip_box_, 13.5f);
}

void Application::draw_help() {
  std::vector<std::pair<std::string, bool>> lines = {{"Keys", true}};
  for (const KeyHelp& k : key_table()) {
    switch (k.when) {
      case KeyHelp::When::kOverlays:  // this game's own overlays, by name
        for (const pb::Overlay& o : view_->scene().overlays())
          lines.push_back({o.shortcut() + "   " + o.name() + " on / off", false});
        break;
      case KeyHelp::When::kTour: break;  // the tour's window has its own keys (tour_mode.h)
      case KeyHelp::When::kReview:
        if (!view_->review()) break;
        [[fallthrough]];
      case KeyHelp::When::kAlways: lines.push_back({fmt::format("{}   {}", k.keys, k.does), false}); break;
    }
  }
  draw_box(window_, font_, pixel_scale_for(window_.getSize()), lines, {280, 60}, 720, 15);
}

// The file name being edited, over the bottom of the board, with a cursor.
void Application::draw_prompt() {
  const float scale = pixel_scale_for(window_.getSize());
  const sf::FloatRect box{kBoardArea.left + 12, kBoardArea.top + kBoardArea.height - 104, kBoardArea.width - 24, 92};
  std::vector<sf::Vertex> v;
  const Points outline = rounded_rect_points(box, 8);
  fill_convex(outline, kBox, v);
  stroke_closed(outline, 2, true, kAccent, v);
  const float size = 15, field_y = box.top + 54;
  fill_convex(rounded_rect_points({box.left + 12, field_y - 14, box.width - 24, 28}, 4), sf::Color(0x2c, 0x30, 0x3a), v);
  // The end of a long path stays in sight.
  std::string shown = prompt_.path();
  std::size_t cut = 0;
  while (cut < shown.size() && text_width(font_, shown.substr(cut), size, false, scale) > box.width - 44) ++cut;
  while (cut < shown.size() && (static_cast<unsigned char>(shown[cut]) & 0xc0) == 0x80) ++cut;
  const std::size_t cursor = prompt_.cursor() > cut ? prompt_.cursor() - cut : 0;
  shown = (cut ? "…" : "") + shown.substr(cut);
  const float cursor_x = box.left + 20 + text_width(font_, shown.substr(0, cursor + (cut ? std::string("…").size() : 0)), size, false, scale);
  fill_rect({cursor_x, field_y - 10, 1.5f, 20}, kAccent, v);
  window_.draw(v.data(), v.size(), sf::Triangles);
  auto line = [&](const std::string& text, float x, float y, sf::Color c, bool bold) {
    sf::Text t = crisp_text(font_, text, size, scale, bold);
    t.setFillColor(c);
    anchor_text(t, {x, y}, -1);
    window_.draw(t);
  };
  line("Save the whole game as .gif or .webp (or this view as .png)", box.left + 14, box.top + 20, kAccent, true);
  line(shown, box.left + 20, field_y, kText, false);
  line("Enter saves  ·  Esc cancels", box.left + 14, box.top + 80, sf::Color(0x9a, 0xa0, 0xab), false);
}

// A progress bar in the window while the game is written (the window is
// not responsive meanwhile).
void Application::draw_progress(int done, int total) {
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

void Application::draw_error() {
  draw_box(window_, font_, pixel_scale_for(window_.getSize()),
           {{"This log cannot be shown", true}, {error_, false}, {"Esc or Q closes the window.", false}}, {140, 300},
           980, 17);
}

}  // namespace viewer
