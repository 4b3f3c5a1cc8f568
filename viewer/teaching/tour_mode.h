// replay-viewer --tour (docs/teaching.md, "A guided rules tour"): the
// guided rules tour in the window. The board is the game's own scene of
// each step's position; the panel shows the step's text, its task and the
// verdict on the learner's answer. A click answers: a "click" task with the
// place under the pointer (the hit area's hover key: Alien City's lot), a
// move task with the move there (the analysis board's clickable moves, a
// picker when several pieces fit); Enter types an answer instead. Answers
// are checked through the plugin by gamehost/tour/tour.h, as `gamehost tour`
// checks them.
#pragma once

#include <SFML/Graphics/Font.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/tour/tour.h"
#include "viewer/render/scene_drawable.h"
#include "viewer/view/state_stack.h"

namespace viewer {

class TourModel;
// The tour as a state of the window's stack (view/state_stack.h), the
// whole window; `changed` is called after every change of the model.
std::unique_ptr<State> make_tour_state(TourModel& model, const sf::Font& font,
                                       std::function<void(const TourModel&)> changed);
// Writes the --dump-panel text to `path` (whole, through a .part file) or
// stdout ("-"); false when it cannot be written.
bool write_tour_dump(const std::string& path, const std::string& text);

// Prints "replay-viewer: MESSAGE" on stderr; returns `code`.
int tour_fail(int code, const std::string& message);
// Draws the shown step at 1280x800 offscreen into the PNG `out`.
int save_tour_screenshot(TourModel& model, const std::string& font_path, const std::string& out);

// The tour's state, without SFML: the step shown, its position (with the
// learner's moves), the last answer and its verdict.
class TourModel {
 public:
  struct Choice {
    std::uint32_t action_id = 0;
    std::string label;
  };

  TourModel(gamehost::Plugin& plugin, gamehost::Tour tour, std::size_t first);

  const gamehost::Tour& tour() const { return tour_; }
  gamehost::Plugin& plugin() const { return plugin_; }
  std::size_t step_index() const { return step_; }
  const gamehost::TourStep& step() const { return tour_.steps[step_]; }
  const std::string& state() const { return state_; }
  // The learner's last move, to point it out on the board.
  const std::optional<std::uint32_t>& last_action() const { return last_action_; }
  // What the board selects: the tower a click task was answered with.
  const std::string& selected() const { return selected_; }
  const std::vector<Choice>& picker() const { return picker_; }
  // Grows with every change (the window redraws, --dump-panel rewrites).
  int version() const { return version_; }

  // Another step (clamped); false at either end.
  bool go(int delta);
  // The step's position again.
  void reset();
  // A typed answer: a move, or a place for a click task.
  void answer(const std::string& text);
  // A click on the board: the place for a click task; else the moves there
  // (one is played, several open the picker), or the game's refusal.
  void click(const pb::HitArea& hit);
  // A picker entry, 0-based.
  void choose(std::size_t index);

  // The panel as lines (style: 0 text, 1 title, 2 task, 3 right, 4 wrong, 5 dim).
  struct Line {
    std::string text;
    int style = 0;
  };
  std::vector<Line> panel() const;
  // The panel as tab-separated text (section, key, value, text), for --dump-panel.
  std::string dump() const;

 private:
  void verdict(const gamehost::TourAnswer& a, const std::string& answered);
  std::string notation(std::uint32_t action_id) const;

  gamehost::Plugin& plugin_;
  gamehost::Tour tour_;
  std::vector<std::string> starts_;
  std::size_t step_ = 0;
  std::string state_;
  std::optional<std::uint32_t> last_action_;
  std::string selected_, answered_, message_;
  bool solved_ = false, last_right_ = false;
  std::vector<Choice> picker_;
  int version_ = 0;
};

}  // namespace viewer
