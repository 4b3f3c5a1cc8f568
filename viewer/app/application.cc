#include "viewer/app/application.h"

#include <SFML/System/Clock.hpp>
#include <SFML/System/Err.hpp>
#include <SFML/System/Sleep.hpp>
#include <SFML/Window/Event.hpp>

#include <algorithm>

#include "viewer/render/environment.h"
#include "viewer/view/replay_view.h"

namespace viewer {

Application::Application(const WindowOptions& options) : options_(options), stack_(WindowContext{&window_}) {
  sf::ContextSettings settings;
  settings.antialiasingLevel = window_antialiasing(options.antialias);
  {
    // SFML reports "Setting vertical sync not supported" on Mesa's software
    // driver while creating any window: noise for the user, so muted here.
    std::streambuf* old = sf::err().rdbuf(nullptr);
    window_.create(sf::VideoMode(1280, 800), options.title, sf::Style::Default, settings);
    sf::err().rdbuf(old);
  }
  window_.setFramerateLimit(options.frame_rate);
  window_.setKeyRepeatEnabled(true);
}

void Application::push(std::unique_ptr<State> state) {
  stack_.push(std::move(state));
  stack_.apply_pending();
}

void Application::on_resize(sf::Vector2u size) {
  if (options_.letterboxed) window_.setView(letterboxed_view(size));
  else window_.setView(sf::View(sf::FloatRect(0, 0, static_cast<float>(size.x), static_cast<float>(size.y))));
  stack_.resized(size);
}

int Application::run() {
  on_resize(window_.getSize());
  int status = stack_.empty() ? 0 : stack_.bottom().exit_status();
  sf::Clock clock;
  sf::Clock since_frame;
  // A frame is drawn only when something changed (an event, an animation, a
  // busy state); an idle viewer sleeps.
  bool dirty = true;
  while (window_.isOpen() && !stack_.empty()) {
    sf::Event e;
    while (window_.pollEvent(e)) {
      dirty = true;
      sf::Vector2f at = mouse_;
      switch (e.type) {
        case sf::Event::Closed: window_.close(); continue;
        case sf::Event::Resized: on_resize({e.size.width, e.size.height}); continue;
        case sf::Event::MouseMoved: at = mouse_ = window_.mapPixelToCoords({e.mouseMove.x, e.mouseMove.y}); break;
        case sf::Event::MouseButtonPressed:
          at = window_.mapPixelToCoords({e.mouseButton.x, e.mouseButton.y});
          break;
        default: break;
      }
      stack_.handle_event(e, at);
    }
    if (stack_.update(std::min(clock.restart().asSeconds(), 0.1f))) dirty = true;
    if (stack_.empty()) break;
    status = stack_.bottom().exit_status();
    // Idle (nothing changed): no frame, except one now and then in case the
    // window was uncovered (SFML reports no expose events).
    if (window_.isOpen() && (dirty || stack_.busy() || since_frame.getElapsedTime().asSeconds() > 0.5f)) {
      stack_.draw(window_);
      window_.display();
      since_frame.restart();
      dirty = false;
    } else {
      sf::sleep(sf::milliseconds(8));
    }
  }
  return status;
}

}  // namespace viewer
