#include "gamehost/review/units.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

namespace gamehost::review {

namespace {

// Rounded as printed, so that -0.04 at one place is 0, never "-0.0".
double rounded(double v, int decimals) {
  const double scale = std::pow(10.0, decimals);
  const double r = std::round(v * scale) / scale;
  return r == 0 ? 0.0 : r;
}

std::string unsigned_number(double v, int decimals) { return fmt::format("{:.{}f}", rounded(v, decimals), decimals); }

// A result game's margin (a return, -1..1) as its expected result (0..1).
double result_of(double margin) { return std::clamp((margin + 1) / 2, 0.0, 1.0); }

const char* outcome_word(double margin) {
  if (margin > 0.5) return "win";
  if (margin < -0.5) return "loss";
  return "draw";
}

}  // namespace

std::string signed_number(double v, int decimals) {
  const double r = rounded(v, decimals);
  return r == 0 ? fmt::format("{:.{}f}", 0.0, decimals) : fmt::format("{:+.{}f}", r, decimals);
}

std::string ValueUnits::value(const rpb::Evaluation& e) const {
  if (results_) {
    const std::string r = unsigned_number(result_of(e.margin()), 2);
    return e.exact() ? r + " " + outcome_word(e.margin()) : r;
  }
  if (e.exact()) return signed_number(e.margin(), 0) + " exact";
  return fmt::format("{} ({:.0f}%)", signed_number(e.margin(), 1), rounded(100 * e.win_probability(), 0));
}

std::string ValueUnits::lost(double points_lost) const {
  return results_ ? unsigned_number(points_lost / 2, 2) : unsigned_number(points_lost, 1);
}

std::string ValueUnits::lost_with_error(const rpb::PlyReview& p) const {
  if (p.lost_error() <= 0) return lost(p.points_lost());
  return lost(p.points_lost()) + "±" + lost(p.lost_error());
}

std::string ValueUnits::lost_words(const rpb::PlyReview& p) const {
  if (!results_) return fmt::format("lost {} points", lost(p.points_lost()));
  if (p.before().exact() && p.after().exact())
    return fmt::format("turns a {} into a {}", outcome_word(p.before().margin()), outcome_word(p.after().margin()));
  return fmt::format("lost {} of the expected result", lost(p.points_lost()));
}

std::string ValueUnits::total_lost(double points) const {
  return results_ ? fmt::format("{} of the expected result lost", unsigned_number(points / 2, 2))
                  : fmt::format("{} points lost", unsigned_number(points, 1));
}

std::string ValueUnits::legend(const rpb::ReviewSettings& s) const {
  if (results_)
    return fmt::format(
        "(values: the mover's expected result in games, a win 1.00, a draw 0.50, a loss 0.00; win, draw, loss: "
        "proved by the endgame solver; classes from the expected result lost: inaccuracy {:g}, mistake {:g}, "
        "blunder {:g})\n",
        shown(s.inaccuracy()), shown(s.mistake()), shown(s.blunder()));
  return fmt::format(
      "(values: the mover's expected final margin in points and its chance to win; exact: proved by the endgame "
      "solver; classes from points lost: inaccuracy {:g}, mistake {:g}, blunder {:g})\n",
      s.inaccuracy(), s.mistake(), s.blunder());
}

}  // namespace gamehost::review
