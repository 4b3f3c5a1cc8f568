// A guided rules tour (docs/teaching.md, "A guided rules tour"): a text file
// of steps, each a position with a few sentences and at most one task that
// the learner answers with a move or a click. Answers are checked through
// the plugin (ParseAction, Apply, Query scores, Analyze), never by comparing
// text; `gamehost tour` and `replay-viewer --tour` share this library.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gamehost/calls/plugin.h"
#include "gamehost/calls/registry.h"

namespace gamehost {

struct TourTask {
  enum class Kind {
    None,
    Move,             // any legal move: it is played
    Refused,          // a move the rules refuse with ruling `code`
    Gains,            // a legal move after which the mover's score is `points` higher or more
    ClickMost,        // the claimed tower that scores the most (ties: any of them)
    ClickCompetitor,  // the competitor of the tower on `place`
    ClickCustomer,    // a customer of the tower on `place`
  };
  Kind kind = Kind::None;
  std::string code;   // Refused
  int points = 0;     // Gains
  std::string place;  // ClickCompetitor, ClickCustomer
  std::string ask;    // the instruction shown to the learner
  std::string done;   // said once the task is solved
  int line = 0;

  bool wants_click() const {
    return kind == Kind::ClickMost || kind == Kind::ClickCompetitor || kind == Kind::ClickCustomer;
  }
};

struct TourStep {
  std::string title;
  int line = 0;               // of its "step:" line
  std::string position;       // the position file's text
  std::string position_from;  // where it came from: "FILE:LINE" (inline) or the file's path
  int position_line = 0;
  std::vector<std::string> text;  // paragraphs
  TourTask task;
};

struct Tour {
  std::string file;
  std::string title;
  std::string game;
  int game_line = 0;
  std::vector<TourStep> steps;
};

// Reads a tour's text; `file` names it in errors, and relative position
// paths are read from its folder. Throws HostError "FILE:LINE: why".
Tour parse_tour(const std::string& text, const std::string& file);
Tour read_tour(const std::string& path);

// The shipped tour (games/tour/alien_city.tour, installed under share/).
std::string default_tour_path();

// The plugin of the tour's game; an unknown game is named with the
// file and line of its "game:" line.
Plugin& tour_plugin(Registry& registry, const Tour& tour);

// The state a step starts from; throws HostError "WHERE: position: why"
// naming the step's position line when the game refuses the position.
std::string tour_step_state(Plugin& plugin, const TourStep& step);

// Every step's starting state, each step's task checked answerable there
// (a move task not on a finished game, a click task's tower claimed and
// scored by the game's analysis). Throws HostError "FILE:LINE: why".
std::vector<std::string> load_tour_states(Plugin& plugin, const Tour& tour);

// What an answer did: `solved` the task, the `message` to show (the ruling
// for a refused move), and `state`: the position to show next (the move
// played when it was legal and kept, else the state answered in).
struct TourAnswer {
  bool solved = false;
  bool played = false;
  std::uint32_t action = 0;  // the move played, when played
  std::string message;
  std::string state;
};

// A move typed in the game's notation (terminal) or an action id clicked
// (viewer: `text` is then its notation) for a move task.
TourAnswer answer_move(Plugin& plugin, const std::string& state, const TourTask& task, const std::string& text);
// A place (Alien City: a lot) for a click task.
TourAnswer answer_click(Plugin& plugin, const std::string& state, const TourTask& task, const std::string& place);

}  // namespace gamehost
