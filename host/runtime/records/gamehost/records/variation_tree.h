// The move tree of an analysis board: the recorded game as its main line
// and the variations tried from any ply, nested as deep as the user goes,
// with moving around, promoting and deleting; and the sidecar file that
// keeps them beside the log (LOG.ghvars, docs/logs.md "Variations"). Pure
// data: no plugin, no window; a move is an action id with its notation.
//
// Nodes are numbered: node P is the position after P plies of the recorded
// game (0 = the start, plies() = its end); variation moves get the next
// numbers, and a number is never reused, so a NodeId held by a window stays
// valid (a deleted node is only marked dead). The children of a node are in
// order: the first continues the line (for a node of the game, the recorded
// move), the others are variations from there, the first of them shown
// first.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gamehost/records/game_log.h"
#include "gamehost/records/variations.pb.h"

namespace gamehost {

using v1::VariationNode;
using v1::VariationsFile;

inline constexpr std::string_view kVariationsMagic{"\x89GHVARS\n", 8};
inline constexpr std::uint32_t kVariationsFormatVersion = 1;
// What a variations file may hold (docs/logs.md "Variations"): lines at
// most this many moves past the recorded game, and at most this many
// moves in all. Reading refuses more, so no walk of a tree read from a
// file (the viewer's, export's) goes deeper than a game could.
inline constexpr int kMaxVariationDepth = 1000;
inline constexpr int kMaxVariationNodes = 100000;

class VariationTree {
 public:
  using NodeId = int;
  struct Move {
    std::uint32_t action_id = 0;
    std::string notation;
  };
  struct Node {
    NodeId parent = -1;  // -1: the start
    Move move;           // the move that led here (none at the start)
    int ply = 0;         // plies from the start of the game
    bool recorded = false;  // on the recorded game
    bool alive = true;
    std::vector<NodeId> children;
  };

  VariationTree() : VariationTree(std::vector<Move>{}) {}
  // The recorded game, one move per ply.
  explicit VariationTree(const std::vector<Move>& game);
  static VariationTree of_log(const GameLog& log);

  int plies() const { return plies_; }  // of the recorded game
  const Node& node(NodeId id) const { return nodes_.at(static_cast<std::size_t>(id)); }
  bool valid(NodeId id) const;
  // The node of the recorded game after `ply` plies.
  NodeId game_node(int ply) const { return ply; }
  bool has_variations() const;

  // Plays `move` from `at`: the child that already plays it, or a new one
  // after the others (a new variation, or the continuation of a line that
  // ended at `at`).
  NodeId play(NodeId at, const Move& move);
  // The line `id` is on moves up one place among its siblings: a variation
  // becomes the one shown first, or, inside a variation, the line's own
  // continuation (the old continuation becomes its variation). The recorded
  // game always stays the main line (the log is never rewritten). Returns
  // false when there is nothing to promote (a node of the game, or already
  // first).
  bool promote(NodeId id);
  // Removes `id` and everything after it; returns its parent. Nodes of the
  // recorded game cannot be removed (returns nullopt).
  std::optional<NodeId> remove(NodeId id);

  // From the start to `id`, both included.
  std::vector<NodeId> line_to(NodeId id) const;
  // The last node of the game on the way to `id` (id itself when recorded).
  NodeId branch_point(NodeId id) const;
  // The moves from branch_point(id) to `id`.
  std::vector<Move> moves_after_game(NodeId id) const;
  // Where `id` is, for people and `--variation`: "PLY" for a node of the
  // game, else "PLY:MOVE,MOVE" (the ply of the branch point and the moves
  // from there in notation).
  std::string path_of(NodeId id) const;
  // The node a path names among the nodes kept, or nullopt.
  std::optional<NodeId> find(const std::string& path) const;
  // The last node of every variation line (a node with no child that is not
  // on the game), in the order the move list shows them.
  std::vector<NodeId> leaves() const;

  // The sidecar (docs/logs.md "Variations").
  VariationsFile to_file(const GameLog& log) const;
  // Adds the variations of `file` to this tree (the recorded game). Throws
  // HostError "LABEL: what" naming the node for a file that does not fit
  // (a parent after its child, a ply past the game, another game, a line
  // deeper than kMaxVariationDepth, more than kMaxVariationNodes moves).
  void add_file(const VariationsFile& file, const GameLog& log, const std::string& label);

 private:
  void require(NodeId id) const;
  NodeId add_node(NodeId parent, const Move& move, bool recorded);
  // The first node of the line `id` is on: where it leaves its parent's
  // first child (or the game).
  NodeId line_start(NodeId id) const;

  std::vector<Node> nodes_;
  int plies_ = 0;
};

// A path ("12" or "12:RT@E3,claim@E3") split: the ply and the move texts.
struct VariationPath {
  int ply = 0;
  std::vector<std::string> moves;
};
// Throws HostError "--variation PATH: what" for a malformed one.
VariationPath parse_variation_path(const std::string& path);
// "RT@E3, claim@E3" as its moves; throws "LABEL: move K is empty".
std::vector<std::string> split_move_list(const std::string& text, const std::string& label);

std::filesystem::path variations_path_for(const std::filesystem::path& log);  // LOG.ghvars

// The variations kept beside `log_path` (none when there is no file).
// Throws HostError "LOG.ghvars: byte N: what" for a damaged file or one of
// another game.
VariationTree read_variations(const std::filesystem::path& log_path, const GameLog& log);
// The same for the bytes of such a file, named `label` in errors (the
// reader the fuzzer feeds, tests/fuzz/variations_fuzz.cc).
VariationTree parse_variations(std::string_view bytes, const std::string& label, const GameLog& log);
// Replaces the sidecar with `tree`'s variations (written to a temporary
// file, then renamed over it: a crash leaves the old file or the new one);
// removes it when there are none.
void write_variations(const std::filesystem::path& log_path, const GameLog& log, const VariationTree& tree);

}  // namespace gamehost
