// The window's state stack (viewer/view/state_stack.h): events from the top
// state down until one takes it, a capturing state taking them past those
// above it, pushes and pops applied once a dispatch is over, drawing bottom
// first with covered states skipped, states destroyed top first.
#include <catch2/catch.hpp>

#include <SFML/Graphics/RenderTarget.hpp>

#include <functional>

#include <memory>
#include <string>
#include <vector>

#include "viewer/view/state_stack.h"

using viewer::State;
using viewer::StateStack;

namespace {

// Writes what happens to it into `log` as "NAME:what".
class Recorder : public State {
 public:
  Recorder(std::string name, std::vector<std::string>& log, bool takes) : name_(std::move(name)), log_(log), takes_(takes) {}
  ~Recorder() override { log_.push_back(name_ + ":gone"); }

  bool handle_event(const sf::Event& e, sf::Vector2f) override {
    log_.push_back(name_ + ":event");
    if (e.type == sf::Event::KeyPressed && e.key.code == sf::Keyboard::P && on_p) on_p(stack());
    return takes_;
  }
  bool update(float) override {
    log_.push_back(name_ + ":update");
    return false;
  }
  void draw(sf::RenderTarget&) override { log_.push_back(name_ + ":draw"); }
  void draw_over(sf::RenderTarget&) override { log_.push_back(name_ + ":over"); }
  bool captures_input() const override { return captures; }
  bool covers_below() const override { return covers; }

  bool captures = false, covers = false;
  std::function<void(StateStack&)> on_p;

 private:
  std::string name_;
  std::vector<std::string>& log_;
  bool takes_;
};

// A target nothing is drawn on (the states here draw nothing): no display
// needed.
class NoTarget : public sf::RenderTarget {
 public:
  sf::Vector2u getSize() const override { return {8, 8}; }
};

sf::Event key(sf::Keyboard::Key code) {
  sf::Event e;
  e.type = sf::Event::KeyPressed;
  e.key = {code, false, false, false, false};
  return e;
}

}  // namespace

TEST_CASE("the state stack: events top down, captures, changes between dispatches, covered states", "[unit][state-stack]") {
  std::vector<std::string> log;
  StateStack stack({});
  auto* bottom = new Recorder("replay", log, true);
  auto* middle = new Recorder("analysis", log, false);
  auto* top = new Recorder("editor", log, false);
  stack.push(std::unique_ptr<State>(bottom));
  stack.push(std::unique_ptr<State>(middle));
  stack.push(std::unique_ptr<State>(top));
  CHECK(stack.empty());  // a request until applied
  stack.apply_pending();
  REQUIRE(stack.size() == 3);

  // Top down until one takes it.
  CHECK(stack.handle_event(key(sf::Keyboard::A), {}));
  CHECK(log == std::vector<std::string>{"editor:event", "analysis:event", "replay:event"});

  // A capturing state (an open prompt) takes the events past those above it.
  log.clear();
  bottom->captures = true;
  stack.handle_event(key(sf::Keyboard::A), {});
  CHECK(log == std::vector<std::string>{"replay:event"});
  bottom->captures = false;

  // Updates top first; drawing bottom first, then the draw_over pass.
  log.clear();
  stack.update(0.1f);
  CHECK(log == std::vector<std::string>{"editor:update", "analysis:update", "replay:update"});
  NoTarget target;
  log.clear();
  stack.draw(target);
  CHECK(log == std::vector<std::string>{"replay:draw", "analysis:draw", "editor:draw", "replay:over", "analysis:over",
                                        "editor:over"});
  // An open editor covers the analysis panel, never the bottom state.
  top->covers = true;
  log.clear();
  stack.draw(target);
  CHECK(log == std::vector<std::string>{"replay:draw", "editor:draw", "replay:over", "analysis:over", "editor:over"});
  top->covers = false;

  // A pop asked for during a dispatch is applied once the dispatch is over:
  // the states below still see that event.
  top->on_p = [](StateStack& s) { s.pop(); };
  log.clear();
  stack.handle_event(key(sf::Keyboard::P), {});
  CHECK(log == std::vector<std::string>{"editor:event", "analysis:event", "replay:event", "editor:gone"});
  CHECK(stack.size() == 2);

  // A push from a state lands on top after the dispatch.
  middle->on_p = [&log](StateStack& s) { s.push(std::make_unique<Recorder>("puzzles", log, true)); };
  log.clear();
  stack.handle_event(key(sf::Keyboard::P), {});
  CHECK(log == std::vector<std::string>{"analysis:event", "replay:event"});
  REQUIRE(stack.size() == 3);
  log.clear();
  stack.handle_event(key(sf::Keyboard::A), {});
  CHECK(log == std::vector<std::string>{"puzzles:event"});

  // Cleared (or destroyed) top first: a state may hold references into those below.
  log.clear();
  stack.clear();
  stack.apply_pending();
  CHECK(stack.empty());
  CHECK(log == std::vector<std::string>{"puzzles:gone", "analysis:gone", "replay:gone"});
}
