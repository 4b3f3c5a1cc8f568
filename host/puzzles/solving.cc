// Judging a learner's move against the puzzle's values.
#include "gamehost/puzzles/solving.h"

#include <fmt/core.h>

#include <cmath>

namespace gamehost::puzzles {

std::string points_text(double points) {
  const double rounded = std::round(points * 10) / 10;
  return rounded == std::floor(rounded) ? fmt::format("{:.0f}", rounded) : fmt::format("{:.1f}", rounded);
}

Solving::Solving(Plugin& game, const ppb::Puzzle& puzzle) : game_(game), puzzle_(puzzle), state_(puzzle.state()) {}

void Solving::play(std::uint32_t action) {
  pb::ApplyResponse r;
  game_.apply(state_, action, pb::QueryFlags(), r);
  before_ = state_;
  state_ = r.state();
}

Verdict Solving::answer(std::uint32_t action, const std::string& notation) {
  const ppb::Step& s = step();
  Verdict v;
  if (action != s.best_action()) {
    first_try_ = false;
    double best = s.moves(0).value(), value = best;
    for (const auto& m : s.moves()) {
      if (m.action() == s.best_action()) best = m.value();
      if (m.action() == action) value = m.value();
    }
    v.points_lost = std::max(0.0, best - value);
    v.message = fmt::format("{} loses {} point{} against the best move. Try again, or {}.", notation,
                            points_text(v.points_lost), points_text(v.points_lost) == "1" ? "" : "s", hint_prompt_);
    return v;
  }
  v.right = true;
  play(action);
  ++next_;
  while (!solved() && step().seat() != puzzle_.seat()) {
    v.replies.push_back(step().best());
    play(step().best_action());
    ++next_;
  }
  v.solved = solved();
  v.message = fmt::format("{} is right{}.", notation, s.exact() ? " (proved by the exact solver)" : "");
  if (!v.replies.empty()) {
    std::string replies;
    for (const auto& r : v.replies) replies += (replies.empty() ? "" : ", ") + r;
    v.message += fmt::format(" The reply: {}.", replies);
  }
  v.message += v.solved ? " Solved!" : " Go on: find the next best move.";
  return v;
}

std::string Solving::hint() {
  first_try_ = false;
  const ppb::Step& s = step();
  ++hints_;
  if (hints_ == 1 && s.themes_size() > 0) {
    std::string themes;
    for (const auto& t : s.themes()) themes += (themes.empty() ? "" : ", ") + t;
    return "Hint: the best move " + themes + ".";
  }
  const auto at = s.best().find('@');
  if (at != std::string::npos) return fmt::format("Hint: the best move is {}@...", s.best().substr(0, at));
  return fmt::format("Hint: the best move is a {}-letter word starting with '{}'.", s.best().size(),
                     s.best().substr(0, 1));
}

std::vector<std::string> Solving::solution() const {
  std::vector<std::string> out;
  for (int i = next_; i < puzzle_.line_size(); ++i) out.push_back(puzzle_.line(i).best());
  return out;
}

}  // namespace gamehost::puzzles
