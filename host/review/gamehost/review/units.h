// How a review speaks of values, in the game's own units (docs/review.md):
// points for games that keep a score (Alien City, City Planning); the
// expected result, in fractions of a game (win 1.00, draw 0.50, loss 0.00),
// for games decided by win or loss only (Connect Four), whose margins are
// returns (win 1, draw 0, loss -1). No text made here shows "-0.0" or "-0".
#pragma once

#include <string>
#include <string_view>

#include "gamehost/review/review_file.h"

namespace gamehost::review {

// ReviewHeader.value_unit's values.
inline constexpr std::string_view kUnitPoints = "points";
inline constexpr std::string_view kUnitResult = "result";

class ValueUnits {
 public:
  explicit ValueUnits(const rpb::ReviewHeader& header) : results_(header.value_unit() == kUnitResult) {}
  bool results() const { return results_; }

  // A value for its seat: "+3.2 (58%)", "-12 exact"; results "0.61",
  // "1.00 win" (exact: proved).
  std::string value(const rpb::Evaluation& e) const;
  // What a move lost, without its unit: "28.0"; results "1.00".
  std::string lost(double points_lost) const;
  // lost(), with "±error" after it when the loss is an estimate with a
  // measured error: "32.9±4.1"; results "0.53±0.04".
  std::string lost_with_error(const rpb::PlyReview& p) const;
  // What a move lost, said in a sentence's words: "lost 28.0 points";
  // results "turns a win into a loss" when both values are proved, else
  // "lost 0.25 of the expected result".
  std::string lost_words(const rpb::PlyReview& p) const;
  // A threshold or a sum of points lost in the text's unit: 0.5 -> 0.25 for
  // results.
  double shown(double points) const { return results_ ? points / 2 : points; }
  // "Summary:" line's "250.4 points lost" / "3.00 of the expected result lost".
  std::string total_lost(double points) const;
  // The legend under the table.
  std::string legend(const rpb::ReviewSettings& s) const;

 private:
  bool results_;
};

// v rounded to `decimals` places, a negative zero made 0, printed with a
// sign when not zero ("+3.2", "-1", "0.0").
std::string signed_number(double v, int decimals);

}  // namespace gamehost::review
