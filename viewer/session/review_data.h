// A game review (`gamehost review`, docs/review.md) opened beside its log
// for the viewer: found as LOG.ghreview or named with --review, checked to
// be a review of exactly this log (the FNV-1a hash of its bytes), and read
// per ply: the class marks of the move list, the sentence the panel says,
// the better move to draw as a ghost, the next mistake for the N key.
// A partial review (cut short) shows the plies it has. Knows no game.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/review/review_file.h"

namespace viewer {

namespace rpb = gamehost::review::v1;

// Points with at most one decimal, no trailing ".0": 7, 12.5.
std::string points_text(double points);
// A margin with its sign: +3, -4.5, 0.
std::string margin_text(double margin);

class GameReview {
 public:
  // The review for `log`: `explicit_path` when given (then it must exist),
  // else review_path_for(log) when that file exists, else none (nullptr).
  // Throws gamehost::HostError naming both files when the review is of
  // another log, or when the file is not a readable review.
  static std::unique_ptr<GameReview> open_for(const std::filesystem::path& log,
                                              const std::filesystem::path& explicit_path);

  const std::string& file() const { return review_.file; }
  const rpb::ReviewHeader& header() const { return review_.header; }
  // Plies reviewed (a partial review has fewer than the log).
  int plies() const { return static_cast<int>(review_.plies.size()); }
  bool complete() const { return plies() >= static_cast<int>(review_.header.log_plies()); }
  // The review of move `ply` (1-based), when reviewed (not a chance event).
  const rpb::PlyReview* at(int ply) const;
  // The ghost's action: the engine's better move at `ply`, when the move
  // played lost points.
  std::optional<std::uint32_t> better_action(int ply) const;
  // The next (direction +1) or previous (-1) move after / before `ply`
  // classed a mistake or a blunder.
  std::optional<int> next_mistake(int ply, int direction) const;

  // "Black: RT@E5 lost 7 points; best was GT@C4 (+3 instead of -4)." — the
  // verdict on move `ply` in words, or "" when not reviewed.
  std::string sentence(int ply, const std::vector<std::string>& seat_names) const;
  // "Expected after the best move: GT@C4 BD@D2 …", or "".
  std::string expected_line(int ply) const;

 private:
  gamehost::review::ReviewFile review_;
};

}  // namespace viewer
