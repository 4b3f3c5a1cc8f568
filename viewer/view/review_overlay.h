// The review in the side panel: the review's own line (engine, plies
// reviewed), the verdict on the move that led to the shown ply in words, the
// engine's expected line and what the better move would have changed; and
// the marks of the move list. Shared by the drawn panel and --dump-panel.
#pragma once

#include <SFML/Graphics/Color.hpp>

#include <string>
#include <vector>

#include "viewer/session/replay_session.h"
#include "viewer/session/review_data.h"

namespace viewer {

// How a move class is marked in the move list: text, colour and a shape,
// so the mark never relies on colour alone.
struct ClassMark {
  enum class Shape { None, Disc, Square, Triangle };
  std::string text;  // "?!", "?", "??", "□" or ""
  sf::Color colour;
  Shape shape = Shape::None;
};
ClassMark class_mark(rpb::MoveClass c);

struct ReviewRow {
  std::string key, value, text;
  sf::Color colour;
  bool bold = false;
  int indent = 0;
};

// The review section of the panel at `ply` (0: the start).
std::vector<ReviewRow> review_rows(const GameReview& review, ReplaySession& session, int ply);

// How move `ply` is marked in the move list: "?? 24", "?! 3.5", "2" (a
// good move's points lost), "□" (forced), "" (the engine's choice or not
// reviewed).
std::string move_mark(const GameReview& review, int ply);

}  // namespace viewer
