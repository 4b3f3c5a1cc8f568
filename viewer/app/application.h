// The interactive viewer's one window and its one frame loop: events,
// update, drawing, for whichever modes are on its state stack
// (view/state_stack.h): the replay with the analysis board, the editor,
// the puzzles or a followed log above it (app/replay_state.h builds that
// stack), the tour, a tournament's grid. Input becomes view options for the
// plugin through ReplayView; the window only maps pixels to the logical
// view and back.
#pragma once

#include <SFML/Graphics/RenderWindow.hpp>

#include <string>

#include "viewer/view/state_stack.h"

namespace viewer {

// How the window is opened.
struct WindowOptions {
  std::string title = "replay-viewer";
  int antialias = -1;        // multisampling level; -1: window_antialiasing()'s choice
  unsigned frame_rate = 60;  // frames a second at most
  // The fixed logical view letterboxed into the window (the replay, the
  // tour); false: one unit a pixel (a tournament's grid).
  bool letterboxed = true;
};

class Application {
 public:
  // Opens the window (a display must be there: environment.h).
  explicit Application(const WindowOptions& options);

  sf::RenderWindow& window() { return window_; }
  StateStack& stack() { return stack_; }
  // Pushes `state` at once (before run()).
  void push(std::unique_ptr<State> state);

  // The frame loop, until the window closes or the stack empties; returns
  // the bottom state's exit status.
  int run();

 private:
  void on_resize(sf::Vector2u size);

  sf::RenderWindow window_;
  WindowOptions options_;
  StateStack stack_;
  sf::Vector2f mouse_{-1, -1};  // the pointer, in the view's coordinates
};

}  // namespace viewer
