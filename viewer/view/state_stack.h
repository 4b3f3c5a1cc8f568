// The modes of the one window (replay, analysis, position editor, puzzles,
// follow, tour, a tournament's grid) as states on a stack, after the SFML
// Game Development book's StateStack: the Application (app/application.h)
// owns the window, runs the one frame loop and hands each frame's events,
// time and drawing to the stack. A state never opens a window nor loops.
//
// Events go from the top state down until one takes it, so a state above
// sees an event first (the editor before the puzzles before the analysis
// board before the replay). Pushes and pops asked for while the stack is
// dispatching are applied once the dispatch is over, between two events or
// two frames, never while the stack is being walked.
#pragma once

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/System/Vector2.hpp>
#include <SFML/Window/Event.hpp>

#include <functional>
#include <memory>
#include <vector>

namespace viewer {

class StateStack;

class State {
 public:
  virtual ~State() = default;

  // `at`: the pointer in the window's current view coordinates (for a
  // button press: where it was pressed). True: the event is taken, the
  // states below do not see it.
  virtual bool handle_event(const sf::Event& event, sf::Vector2f at) = 0;
  // Time passes (`dt` seconds). True: something changed, a frame is due.
  virtual bool update(float /*dt*/) { return false; }
  // Draws the state, bottom state first (the bottom one clears).
  virtual void draw(sf::RenderTarget& target) = 0;
  // Drawn after every state's draw(), bottom first: what stays on top of
  // the states above (tooltips, help, prompts).
  virtual void draw_over(sf::RenderTarget& /*target*/) {}
  // The window was resized to `size` pixels (every state is told).
  virtual void resized(sf::Vector2u /*size*/) {}

  // True while the state must be drawn every frame (an animation, a clock).
  virtual bool busy() const { return false; }
  // True while the state takes every event itself (a modal prompt or help
  // box): the states above it are passed over.
  virtual bool captures_input() const { return false; }
  // True while the states between this one and the bottom one are not
  // drawn (the open editor covers the analysis board's panel).
  virtual bool covers_below() const { return false; }
  // The exit status when this state ends the program (the bottom state's
  // is returned by Application::run).
  virtual int exit_status() const { return 0; }

 protected:
  // The stack this state is on (set by the stack when pushed).
  StateStack& stack() const { return *stack_; }

 private:
  friend class StateStack;
  StateStack* stack_ = nullptr;
};

// What every state may use of the window (the Application owns it).
struct WindowContext {
  sf::RenderWindow* window = nullptr;
};

class StateStack {
 public:
  explicit StateStack(WindowContext context) : context_(context) {}
  ~StateStack();
  StateStack(const StateStack&) = delete;
  StateStack& operator=(const StateStack&) = delete;

  // Requests, applied between dispatches (apply_pending()).
  void push(std::unique_ptr<State> state);
  void pop();           // the top state
  void clear();         // every state: the program ends
  void close_window();  // the window closes (Q, Esc where it quits)

  // Top down until a state takes the event; then the pending changes.
  bool handle_event(const sf::Event& event, sf::Vector2f at);
  // Every state, top first (a mode above the replay moves its view before
  // the view animates); true when a frame is due.
  bool update(float dt);
  void draw(sf::RenderTarget& target);
  void resized(sf::Vector2u size);
  bool busy() const;
  void apply_pending();

  bool empty() const { return states_.empty(); }
  std::size_t size() const { return states_.size(); }
  State& bottom() const { return *states_.front(); }
  const WindowContext& context() const { return context_; }

 private:
  void pop_all();

  enum class Change { Push, Pop, Clear };
  struct Pending {
    Change change;
    std::unique_ptr<State> state;
  };

  WindowContext context_;
  std::vector<std::unique_ptr<State>> states_;  // bottom first
  std::vector<Pending> pending_;
};

}  // namespace viewer
