#include "application.h"

#include <SFML/System/Err.hpp>
#include <SFML/System/Sleep.hpp>
#include <SFML/Window/Event.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "environment.h"
#include "headless.h"
#include "mesh.h"
#include "text_util.h"

namespace viewer {

namespace {

sf::ContextSettings window_settings(int antialias) {
  sf::ContextSettings s;
  s.antialiasingLevel = window_antialiasing(antialias);
  return s;
}

const sf::Color kBox(0x1c, 0x1e, 0x24, 0xf0);
const sf::Color kBoxEdge(0x5a, 0x60, 0x6e);
const sf::Color kText(0xe4, 0xe7, 0xee);
const sf::Color kAccent(0xff, 0xd2, 0x3f);

// A box of wrapped lines at `at` (kept inside the logical area).
void draw_box(sf::RenderTarget& target, const sf::Font& font, float pixel_scale,
              const std::vector<std::pair<std::string, bool>>& lines, sf::Vector2f at, float width, float size) {
  std::vector<std::pair<std::string, bool>> wrapped;
  for (const auto& [text, bold] : lines)
    for (const auto& part : wrap_text(font, text, size, bold, width, width)) wrapped.push_back({part, bold});
  float w = 0;
  for (const auto& [text, bold] : wrapped) w = std::max(w, text_width(font, text, size, bold));
  const float line_h = size * 1.45f, pad = 10;
  sf::FloatRect box{at.x, at.y, w + 2 * pad, wrapped.size() * line_h + 2 * pad - (line_h - size)};
  box.left = std::clamp(box.left, 4.f, kLogicalSize.x - box.width - 4);
  box.top = std::clamp(box.top, 4.f, kLogicalSize.y - box.height - 4);
  std::vector<sf::Vertex> v;
  const Points outline = rounded_rect_points(box, 6);
  fill_convex(outline, kBox, v);
  stroke_closed(outline, 1.5f, true, kBoxEdge, v);
  target.draw(v.data(), v.size(), sf::Triangles);
  float y = box.top + pad + size * 0.55f;
  for (const auto& [text, bold] : wrapped) {
    sf::Text t = crisp_text(font, text, size, pixel_scale, bold);
    t.setFillColor(bold ? kAccent : kText);
    anchor_text(t, {box.left + pad, y}, -1);
    target.draw(t);
    y += line_h;
  }
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
        if (e.mouseButton.button == sf::Mouse::Left)
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
    case sf::Keyboard::E: export_png(); break;
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

void Application::export_png() {
  const std::string name = fmt::format("{}-ply{:03}.png", std::filesystem::path(session_->file()).stem().string(),
                                       view_->ply());
  const std::string path = (std::filesystem::path(options_.export_dir) / name).string();
  std::string problem;
  view_->finish();
  if (save_png(render_image(*view_, window_.getSize()), path, problem)) {
    std::printf("saved %s\n", path.c_str());
    view_->set_message("saved " + path);
  } else {
    std::fprintf(stderr, "replay-viewer: %s\n", problem.c_str());
    view_->set_message(problem);
  }
  std::fflush(stdout);
  message_timer_ = 4;
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
  view_->update(dt);
}

void Application::render() {
  window_.clear(view_ ? view_->background() : sf::Color(0x23, 0x26, 0x2d));
  if (!view_) {
    draw_error();
  } else {
    view_->draw(window_);
    if (mouse_inside_ && !help_) draw_tooltip();
    if (help_) draw_help();
  }
  window_.display();
  dirty_ = false;
}

void Application::draw_tooltip() {
  const std::string tip = view_->tooltip_at(mouse_);
  if (tip.empty()) return;
  draw_box(window_, font_, pixel_scale_for(window_.getSize()), {{tip, false}}, mouse_ + sf::Vector2f(16, 18), 340, 13.5f);
}

void Application::draw_help() {
  std::vector<std::pair<std::string, bool>> lines = {
      {"Keys", true},
      {"← / →   step back / forward one ply", false},
      {"Home / End   the start / the end", false},
      {"Space   autoplay on / off;  + / −  faster / slower", false},
      {"Tab / Shift+Tab   cycle through what the game lets you select", false},
      {"Click on the board to select, again to clear;  Esc clears", false},
      {"Click a move in the list to jump there", false},
  };
  for (const pb::Overlay& o : view_->scene().overlays())
    lines.push_back({o.shortcut() + "   " + o.name() + " on / off", false});
  if (view_->review()) {
    lines.push_back({"N / Shift+N   the next / previous mistake or blunder of the review", false});
    lines.push_back({"Click the evaluation graph to jump to that ply", false});
  }
  lines.push_back({"E   export this view as a PNG (in " + options_.export_dir + ")", false});
  lines.push_back({"H or ?   this help;  Q   quit", false});
  lines.push_back({"Hover the board for details (tooltips come from the game).", false});
  draw_box(window_, font_, pixel_scale_for(window_.getSize()), lines, {330, 220}, 560, 16);
}

void Application::draw_error() {
  draw_box(window_, font_, pixel_scale_for(window_.getSize()),
           {{"This log cannot be shown", true}, {error_, false}, {"Esc or Q closes the window.", false}}, {140, 300},
           980, 17);
}

}  // namespace viewer
