// The replay as the bottom state of the window's stack (view/state_stack.h):
// the board at a ply, the side panel, the keys of docs/viewer.md (steps,
// autoplay, overlays, N for mistakes), the pointer's tooltip, the help box
// (H) and the E key's export prompt. While the help box or the prompt is
// open it takes every event (the states above it are passed over). The
// analysis board, the editor, the puzzles and a followed log are states
// above it that drive its view (app/application.h builds the stack).
// ErrorState: the window on a log that cannot be shown.
#pragma once

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/RenderWindow.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "viewer/export/export_prompt.h"
#include "viewer/view/replay_view.h"
#include "viewer/view/state_stack.h"

namespace viewer {

// Where the replay opens.
struct ReplayStart {
  std::optional<int> ply;
  std::string select;
  std::optional<std::vector<std::string>> overlays;  // exactly these on
  std::string export_dir;  // the folder E proposes ("": default_export_path's choice)
  const GameReview* review = nullptr;  // the game's review, when loaded
};

class ReplayState : public State {
 public:
  ReplayState(ReplaySession& session, const sf::Font& font, sf::RenderWindow& window, const ReplayStart& start);

  ReplayView& view() { return *view_; }

  bool handle_event(const sf::Event& event, sf::Vector2f at) override;
  bool update(float dt) override;
  void draw(sf::RenderTarget& target) override;
  void draw_over(sf::RenderTarget& target) override;
  void resized(sf::Vector2u size) override;
  bool busy() const override;
  bool captures_input() const override { return prompt_.active() || help_; }

 private:
  void on_key(const sf::Event::KeyEvent& key);
  void on_text(sf::Uint32 unicode);
  void on_click(sf::Vector2f p);
  void set_autoplay(bool on);
  // E: the prompt, then the whole game (.gif, .webp) or this view (.png).
  void on_prompt_key(const sf::Event::KeyEvent& key);
  void export_to(const std::string& path);
  void draw_prompt(sf::RenderTarget& target);
  void draw_progress(int done, int total);
  void draw_tooltip(sf::RenderTarget& target);
  void draw_help(sf::RenderTarget& target);

  ReplaySession& session_;
  const sf::Font& font_;
  sf::RenderWindow& window_;  // for the export's progress frames and its size
  std::unique_ptr<ReplayView> view_;
  std::string export_dir_;
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
  int tooltip_labels_ = -1;  // ReplayView::labels_placed() when it was placed
};

// What is stacked above the replay (main's options).
struct ReplayModes {
  int analysis_threads = 1;   // the live engine's search threads (--analysis-threads)
  std::string variation;      // a saved variation to open at (PLY:MOVE,...)
  std::string position_file;  // --position FILE: the editor open at once, Ctrl+S saving there
};

class Application;
// The replay's stack, bottom first: the replay, the analysis board, then
// `mode`'s state when given (the puzzles, a followed log: made on the
// replay's view), then the position editor; the window titled after the
// game. Returns the replay's view.
ReplayView& push_replay_states(Application& application, ReplaySession& session, const sf::Font& font,
                               const ReplayStart& start, const ReplayModes& modes,
                               const std::function<std::unique_ptr<State>(ReplayView&)>& mode = nullptr);

// "This log cannot be shown" and why, until Esc, Q or the window closes;
// the program then exits 1.
class ErrorState : public State {
 public:
  ErrorState(std::string error, const sf::Font& font) : error_(std::move(error)), font_(font) {}

  bool handle_event(const sf::Event& event, sf::Vector2f at) override;
  void draw(sf::RenderTarget& target) override;
  int exit_status() const override { return 1; }

 private:
  std::string error_;
  const sf::Font& font_;
};

}  // namespace viewer
