// How the analysis board's move tree is written: its moves, its rows and
// the tree as text, apart from the panel that draws them
// (move_tree_panel.h), so the board's model says it without the panel.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "gamehost/records/variation_tree.h"

namespace viewer {

// `notation` (default: the node's own) lets a seat's view write what it did
// not see as "?"; `branch_mark` follows the first move of each line that
// leaves the game (kSampledMark when the variations are played from
// sampled hands).
struct TreeWords {
  std::function<std::string(gamehost::VariationTree::NodeId)> notation;
  std::string branch_mark;
};

// One line of the move list: moves of one line of play, indented by how
// deep the variation is nested.
struct TreeRow {
  int indent = 0;
  struct Item {
    gamehost::VariationTree::NodeId node = 0;
    std::string text;  // "12. RT@E3" at a row's start, else the notation
  };
  std::vector<Item> items;
};
// The tree as rows (at most `per_row` moves each): each line, then after a
// move the variations that replace it, one level deeper.
// `words`: how moves are written (move_tree_words.h).
std::vector<TreeRow> tree_rows(const gamehost::VariationTree& tree, std::size_t per_row, const TreeWords& words = {});
// The rows as text, one line each, two spaces per level, the shown node in
// [brackets] (for --dump-panel and tests).
std::string tree_text(const gamehost::VariationTree& tree, gamehost::VariationTree::NodeId shown,
                      const TreeWords& words = {});

}  // namespace viewer
