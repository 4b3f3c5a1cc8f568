// The interactive viewer: a resizable window, the frame loop
// (processEvents, update, render) and the controls of docs/viewer.md.
// Input becomes view options for the plugin through ReplayView; the window
// only maps pixels to the fixed logical view and back.
#pragma once

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/System/Clock.hpp>
#include <SFML/Window/Event.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "viewer/analysis/analysis_input.h"
#include "viewer/export/export_prompt.h"
#include "viewer/analysis/position_editor.h"
#include "viewer/view/replay_view.h"

namespace viewer {

struct StartOptions {
  std::optional<int> ply;
  std::string select;
  std::optional<std::vector<std::string>> overlays;  // exactly these on
  std::string export_dir;  // the folder E proposes ("": default_export_path's choice)
  int antialias = -1;  // multisampling level; -1: window_antialiasing()'s choice
  const GameReview* review = nullptr;  // the game's review, when loaded
  std::string variation;  // a saved variation to open at (PLY:MOVE,...)
  // Called every frame (e.g. --follow's Follower::tick); true: redraw.
  std::function<bool(ReplayView&, float dt)> on_update;
  int analysis_threads = 1;  // the live engine's search threads (--analysis-threads)
  // --position FILE: the board editor opens at once and Ctrl+S saves there.
  std::string position_file;
  // Called first with every event (e.g. --puzzles' clicks, puzzle_mode.h),
  // `at` the pointer in logical coordinates; true: the event is taken.
  std::function<bool(ReplayView&, const sf::Event&, sf::Vector2f at)> on_event = nullptr;
};

class Application {
 public:
  // `session` may be null: the window then shows `error` (a log that failed
  // to verify) until it is closed.
  Application(ReplaySession* session, std::string error, const sf::Font& font, const StartOptions& options);

  // Runs until the window closes; returns the exit status (1 when showing
  // an error).
  int run();

  void processEvents();
  void update(float dt);
  void render();

 private:
  void handle(const sf::Event& e);
  void on_key(const sf::Event::KeyEvent& key);
  void on_text(sf::Uint32 unicode);
  void on_click(sf::Vector2f p);
  void on_resize(sf::Vector2u size);
  void set_autoplay(bool on);
  // E: the prompt, then the whole game (.gif, .webp) or this view (.png).
  void on_prompt_key(const sf::Event::KeyEvent& key);
  void export_to(const std::string& path);
  void draw_prompt();
  void draw_progress(int done, int total);
  void draw_tooltip();
  void draw_help();
  void draw_error();

  sf::RenderWindow window_;
  const sf::Font& font_;
  ReplaySession* session_;
  std::string error_;
  std::unique_ptr<ReplayView> view_;
  std::unique_ptr<AnalysisControls> analysis_;  // moves tried on the board (analysis_input.h)
  std::unique_ptr<PositionEditor> editor_;      // the board editor (position_editor.h)
  bool editor_event(const sf::Event& e);
  StartOptions options_;
  bool help_ = false;
  ExportPrompt prompt_;
  bool swallow_text_ = false;  // the 'e' of the E that opened the prompt
  bool autoplay_ = false;
  float autoplay_seconds_ = 0.8f;
  float autoplay_timer_ = 0;
  float message_timer_ = 0;
  sf::Vector2f mouse_{-1, -1};
  bool mouse_inside_ = false;
  std::string tooltip_text_;  // the tooltip last placed, for the pointer at
  sf::Vector2f tooltip_mouse_;
  sf::FloatRect tooltip_box_;
  // A frame is drawn only when something changed (an event, an animation,
  // autoplay); an idle viewer sleeps in waitEvent.
  bool dirty_ = true;
};

}  // namespace viewer
