#include "viewer/analysis/move_tree_words.h"

#include <fmt/core.h>

#include <algorithm>

namespace viewer {

namespace {

using Tree = gamehost::VariationTree;

struct RowBuilder {
  const Tree& tree;
  std::size_t per_row;
  std::vector<TreeRow>& rows;
  const TreeWords& words;

  void flush(TreeRow& row) {
    if (!row.items.empty()) rows.push_back(std::move(row));
    row = TreeRow{row.indent, {}};
  }
  std::string label(Tree::NodeId x, bool first) const {
    const auto& n = tree.node(x);
    const std::string move = words.notation ? words.notation(x) : n.move.notation;
    const std::string text = first ? fmt::format("{}. {}", n.ply, move) : move;
    const bool leaves_game = !n.recorded && tree.node(n.parent).recorded;
    return leaves_game && !words.branch_mark.empty() ? text + " " + words.branch_mark : text;
  }
  // The line that starts with move `x`, at `indent`.
  void line(Tree::NodeId x, int indent) {
    TreeRow row{indent, {}};
    while (x >= 0) {
      const auto& n = tree.node(x);
      row.items.push_back({x, label(x, row.items.empty())});
      const auto& siblings = tree.node(n.parent).children;
      const bool replaced = siblings.size() > 1 && siblings.front() == x;
      if (replaced || row.items.size() >= per_row) flush(row);
      if (replaced)
        for (std::size_t i = 1; i < siblings.size(); ++i) line(siblings[i], indent + 1);
      if (n.recorded && n.ply == tree.plies() && !n.children.empty()) {
        // Lines played on past the game's end.
        flush(row);
        for (Tree::NodeId c : n.children) line(c, indent + 1);
        break;
      }
      x = n.children.empty() ? -1 : n.children.front();
    }
    flush(row);
  }
};

}  // namespace

std::vector<TreeRow> tree_rows(const Tree& tree, std::size_t per_row, const TreeWords& words) {
  std::vector<TreeRow> rows;
  RowBuilder b{tree, std::max<std::size_t>(1, per_row), rows, words};
  if (tree.plies() > 0) b.line(tree.game_node(1), 0);
  else
    for (Tree::NodeId c : tree.node(0).children) b.line(c, 1);
  return rows;
}

std::string tree_text(const Tree& tree, Tree::NodeId shown, const TreeWords& words) {
  std::string out;
  for (const TreeRow& row : tree_rows(tree, 1000, words)) {
    out += std::string(2 * static_cast<std::size_t>(row.indent), ' ');
    for (std::size_t i = 0; i < row.items.size(); ++i) {
      const bool here = row.items[i].node == shown;
      out += (i ? " " : "") + std::string(here ? "[" : "") + row.items[i].text + (here ? "]" : "");
    }
    out += '\n';
  }
  return out;
}

}  // namespace viewer
