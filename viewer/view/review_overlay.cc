#include "viewer/view/review_overlay.h"

#include <fmt/core.h>

#include "gamehost/review/reviewer.h"
#include "viewer/session/review_changes.h"
#include "viewer/render/palette.h"

namespace viewer {

namespace {

std::string review_title(const GameReview& review) {
  const auto& s = review.header().settings();
  std::string t = fmt::format("{} {} iterations a position", s.engine(), s.iterations());
  if (s.solver_nodes() > 0) t += ", endgame solver";
  if (!review.complete())
    t += fmt::format(" — partial: {} of {} plies reviewed", review.plies(), review.header().log_plies());
  return t;
}

}  // namespace

ClassMark class_mark(rpb::MoveClass c) {
  // Colours from palette.h; the shape and text say the same thing again.
  const std::string mark = gamehost::review::class_symbol(c);
  switch (c) {
    case rpb::INACCURACY: return {mark, kInaccuracy, ClassMark::Shape::Disc};
    case rpb::MISTAKE: return {mark, kMistake, ClassMark::Shape::Square};
    case rpb::BLUNDER: return {mark, kBlunder, ClassMark::Shape::Triangle};
    default: return {mark, kDim, ClassMark::Shape::None};
  }
}

std::vector<ReviewRow> review_rows(const GameReview& review, ReplaySession& session, int ply) {
  std::vector<ReviewRow> rows;
  rows.push_back({"review", review.file(), review_title(review), kDim});
  const rpb::PlyReview* r = review.at(ply);
  if (ply == 0) {
    rows.push_back({"", "", "N / Shift+N: the next / previous mistake or blunder", kDim});
    return rows;
  }
  if (!r) {
    rows.push_back({"verdict", "", ply > review.plies() ? "This move is not reviewed yet." : "A chance event: not reviewed.", kDim});
    return rows;
  }
  const ClassMark mark = class_mark(r->move_class());
  const bool lost = r->points_lost() > 0;
  rows.push_back({"verdict", gamehost::review::class_name(r->move_class()), review.sentence(ply, session.seat_names()),
                  lost && !mark.text.empty() ? mark.colour : (lost ? kText : kGood), true});
  if (lost) rows.push_back({"lost", points_text(r->points_lost()), "", kText});
  if (const std::string line = review.expected_line(ply); !line.empty()) rows.push_back({"expected", "", line, kText});
  for (const LineChange& c : line_changes(session, *r))
    rows.push_back({"change." + c.key, c.value, c.text, c.key == "depth" ? kDim : kText, false, c.key == "depth" ? 0 : 1});
  return rows;
}

std::string move_mark(const GameReview& review, int ply) {
  const rpb::PlyReview* r = review.at(ply);
  if (!r) return "";
  const ClassMark m = class_mark(r->move_class());
  if (r->points_lost() <= 0) return m.text;
  return m.text.empty() ? points_text(r->points_lost()) : m.text + " " + points_text(r->points_lost());
}

}  // namespace viewer
