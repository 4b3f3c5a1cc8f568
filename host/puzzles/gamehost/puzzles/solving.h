// Solving one puzzle, the same at the terminal and in the viewer: the
// learner's move judged against the values the miner found, the reply
// played after a right one, a hint after a wrong one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gamehost/calls/plugin.h"
#include "gamehost/puzzles/puzzles.pb.h"

namespace gamehost::puzzles {

namespace ppb = gamehost::puzzles::v1;

struct Verdict {
  bool right = false;
  double points_lost = 0;           // best's value minus the move's (wrong answers)
  std::vector<std::string> replies; // the other seat's replies played after a right answer
  bool solved = false;              // the line is complete
  std::string message;              // for people
};

class Solving {
 public:
  Solving(Plugin& game, const ppb::Puzzle& puzzle);

  const std::string& state() const { return state_; }
  // The state before the last move played (the learner's or a reply), for
  // the board's mark; empty at the start.
  const std::string& before() const { return before_; }
  bool solved() const { return next_ >= puzzle_.line_size(); }
  // No wrong answer and no hint so far.
  bool first_try() const { return first_try_; }
  const ppb::Step& step() const { return puzzle_.line(next_); }

  // Judges the legal move `action` of the current step (Pre: !solved()).
  Verdict answer(std::uint32_t action, const std::string& notation);
  // What the best move does, then (asked again) the shape of its notation.
  std::string hint();
  // How a wrong answer's verdict says to ask for a hint: "type 'hint'" at
  // the terminal, the window's key in the viewer.
  void set_hint_prompt(std::string prompt) { hint_prompt_ = std::move(prompt); }
  // The rest of the line in notation, from the current step.
  std::vector<std::string> solution() const;

 private:
  void play(std::uint32_t action);

  Plugin& game_;
  const ppb::Puzzle& puzzle_;
  std::string state_, before_;
  int next_ = 0;
  int hints_ = 0;
  bool first_try_ = true;
  std::string hint_prompt_ = "type 'hint'";
};

// "12" or "12.5": a value as people read it (whole numbers without a point).
std::string points_text(double points);

}  // namespace gamehost::puzzles
