// The analysis board's model (docs/viewer.md, "Analysis board"): the move
// tree of the shown log (gamehost/records/variation_tree.h) with the state of every
// node, which node the view shows, what a click on the board plays there
// (the scene's clickable moves, docs/interface.md), typed moves, promote,
// delete and back to the game, and the variations kept in LOG.ghvars after
// every change. Knows no game: moves come from the plugin.
#pragma once

#include <SFML/System/Vector2.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/records/variation_tree.h"
#include "viewer/analysis/move_tree_words.h"
#include "viewer/view/replay_view.h"

namespace viewer {

inline const std::string kRandomDraw = "random draw (seeded)";
// After the first move of each variation in the move tree, when the
// variations are played from sampled hands (--as).
inline const std::string kSampledMark = "(sampled hand)";

class AnalysisBoard {
 public:
  using NodeId = gamehost::VariationTree::NodeId;
  struct Choice {
    std::uint32_t action_id = 0;
    std::string label;  // the picker's name, or the notation
  };
  // What a click on the board means: several choices (a picker), one (it
  // was played), or the game's refusal (a ruling).
  struct Click {
    std::vector<Choice> choices;
    std::string refusal;
    bool on_board = false;  // the click was on an area of the board
  };

  // Reads LOG.ghvars beside the session's log; a damaged one, or one whose
  // moves do not replay, is named by problem() and ignored. `view` (null
  // for --dump-panel) shows the node the board is at. When the session
  // takes a log again (a followed log grew, follow.h; the next puzzle's
  // game), the tree follows at the next call of current().
  AnalysisBoard(ReplaySession& session, ReplayView* view);

  const gamehost::VariationTree& tree() const { return tree_; }
  // The node the view shows (the game's ply when it left no variation).
  // First takes the session's newer plies, if any (follow_game).
  NodeId current();
  const std::string& problem() const { return problem_; }
  // A passing line for the panel ("saved", a refusal, a typed move's error).
  const std::string& message() const { return message_; }
  void set_message(std::string m) { message_ = std::move(m); }

  // The state after `node`.
  const std::string& state(NodeId node);
  // The state moves are played from at `node`: state(node), but seen by a
  // seat of a game with hidden hands (--as), a node of the game is the
  // sample that seat could have imagined there (gamehost/secrets/hidden_sample.h),
  // so no variation tells the true hands.
  const std::string& play_state(NodeId node);
  // "B's hand sampled (seed 1), as A saw it" when variations are played
  // from samples, else "".
  const std::string& sampled_label() const { return sampled_label_; }
  // Saved lines a game with hidden hands could not play with these hands
  // (made from a sample, or from the true hands): "2 saved lines need other
  // hands than these: not shown, kept in the file", else "".
  const std::string& unplayable_note() const { return unplayable_note_; }
  // How the move tree writes each move: the game's moves as its move list
  // lists them (a draw the seat did not see as "?"), a variation's draws
  // the seat would not see as "?" too, and the sampled mark.
  TreeWords tree_words();
  // The panel's header for `node`: "Ply 12 of 47" on the game, else
  // "Variation: ply 12 + 4 moves", with " (depth 2)" for a line inside a
  // variation.
  std::string position_label(NodeId node) const;
  // Shows `node` (a ply of the game or a variation's move).
  void go_to(NodeId node, bool animate = true);
  // The targets of the board at logical point `p` in the shown position.
  Click click(sf::Vector2f p);
  // The legal moves of the shown position that no area of the board holds
  // (decline, pass, chance outcomes), by notation; at a chance ply first
  // kRandomDraw, an outcome drawn by the stated probabilities, seeded by
  // the position (the same draw every time there).
  std::vector<Choice> off_board_moves();
  // Plays `action_id` from the shown node: the recorded move follows the
  // game; another starts (or follows) a variation, which is saved.
  void play(std::uint32_t action_id);
  // A typed move (the same errors as `gamehost enter`); false with the
  // error in message().
  bool play_typed(const std::string& text);
  // ← and → inside the tree: the parent, the line's continuation.
  void step(int direction);
  bool promote();
  bool remove();
  void back_to_game();

  // Variations saved in LOG.ghvars after every change; a damaged file is
  // kept as LOG.ghvars.damaged first, never overwritten.
  void save();

  // The board as text for --dump-panel, section "Analysis": the shown node
  // (its path), a damaged sidecar, every variation's path, the tree's rows.
  std::string dump();
  // Whether the dump has more to say than the game's ply.
  bool worth_dumping() const {
    return tree_.has_variations() || !problem_.empty() || !unplayable_note_.empty() || !tree_.node(current_).recorded;
  }

 private:
  // The tree of the session's game and the variations kept beside it.
  void load();
  // load() again when the session took a log since (its revision).
  void follow_game();
  void require_state(NodeId node);
  // tree_ with the saved lines the sampled hands could not play put back,
  // for saving.
  gamehost::VariationTree with_unplayable() const;

  ReplaySession& session_;
  ReplayView* view_;
  gamehost::VariationTree tree_;
  gamehost::GameLog log_;
  NodeId current_ = 0;
  int revision_ = -1;  // the session's revision the tree was made from
  std::map<NodeId, std::string> states_;  // variation nodes (the game's are the session's)
  std::string problem_, message_;
  std::string sampled_label_, unplayable_note_;
  std::map<NodeId, std::string> samples_;  // nodes of the game, seen by a seat
  std::map<NodeId, std::string> words_;  // variation moves as the seat sees them
  gamehost::VariationTree kept_;  // the file as read, when lines are hidden
  std::vector<NodeId> unplayable_;  // first moves of the lines hidden
};

// The topmost hit area of `scene` at logical point `p` (the board fitted
// into the board area as the view draws it), or null.
const pb::HitArea* hit_area_at(const pb::Scene& scene, sf::Vector2f p);

}  // namespace viewer
