#include "gamehost/records/variation_tree.h"

#include <fmt/core.h>

#include <algorithm>

#include "gamehost/base/error.h"
#include "gamehost/records/record_framing.h"
#include "gamehost/records/regular_file.h"

namespace gamehost {

namespace {

constexpr std::uint32_t kMaxVariationBytes = 64u << 20;

// The children of `x` in the order the move list shows them: variations
// first, then the line goes on.
void push_children_for_walk(const VariationTree& tree, VariationTree::NodeId x, std::vector<VariationTree::NodeId>& stack) {
  const auto& kids = tree.node(x).children;
  // A stack pops last first: the continuation goes in first, then the
  // variations from the last to the first.
  if (!kids.empty()) stack.push_back(kids.front());
  for (std::size_t i = kids.size(); i-- > 1;) stack.push_back(kids[i]);
}

}  // namespace

VariationTree::VariationTree(const std::vector<Move>& game) : plies_(static_cast<int>(game.size())) {
  nodes_.push_back(Node{-1, {}, 0, true, true, {}});
  for (const Move& m : game) add_node(static_cast<NodeId>(nodes_.size()) - 1, m, true);
}

VariationTree VariationTree::of_log(const GameLog& log) {
  std::vector<Move> game;
  for (const auto& ply : log.record.plies()) game.push_back({ply.action_id(), ply.notation()});
  return VariationTree(game);
}

bool VariationTree::valid(NodeId id) const {
  return id >= 0 && static_cast<std::size_t>(id) < nodes_.size() && nodes_[static_cast<std::size_t>(id)].alive;
}

void VariationTree::require(NodeId id) const {
  if (!valid(id)) throw HostError(fmt::format("variation tree: no node {}", id));
}

bool VariationTree::has_variations() const {
  return std::any_of(nodes_.begin(), nodes_.end(), [](const Node& n) { return n.alive && !n.recorded; });
}

VariationTree::NodeId VariationTree::add_node(NodeId parent, const Move& move, bool recorded) {
  const NodeId id = static_cast<NodeId>(nodes_.size());
  nodes_.push_back(Node{parent, move, nodes_[static_cast<std::size_t>(parent)].ply + 1, recorded, true, {}});
  nodes_[static_cast<std::size_t>(parent)].children.push_back(id);
  return id;
}

VariationTree::NodeId VariationTree::play(NodeId at, const Move& move) {
  require(at);
  for (NodeId c : node(at).children)
    if (node(c).move.action_id == move.action_id) return c;
  return add_node(at, move, false);
}

VariationTree::NodeId VariationTree::line_start(NodeId id) const {
  NodeId x = id;
  while (!node(x).recorded) {
    const Node& parent = node(node(x).parent);
    if (parent.recorded || parent.children.front() != x) return x;
    x = node(x).parent;
  }
  return x;
}

bool VariationTree::promote(NodeId id) {
  require(id);
  const NodeId start = line_start(id);
  if (node(start).recorded) return false;
  Node& parent = nodes_[static_cast<std::size_t>(node(start).parent)];
  // Over the game the recorded move stays first.
  const bool game_goes_on = parent.recorded && parent.ply < plies_;
  const auto at = std::find(parent.children.begin(), parent.children.end(), start);
  const auto first = parent.children.begin() + (game_goes_on ? 1 : 0);
  if (at <= first) return false;
  std::iter_swap(at, at - 1);
  return true;
}

std::optional<VariationTree::NodeId> VariationTree::remove(NodeId id) {
  require(id);
  if (node(id).recorded) return std::nullopt;
  const NodeId parent = node(id).parent;
  auto& siblings = nodes_[static_cast<std::size_t>(parent)].children;
  siblings.erase(std::find(siblings.begin(), siblings.end(), id));
  // Iterative: a line may be as deep as kMaxVariationDepth, and no walk of
  // the tree may grow the call stack with it.
  std::vector<NodeId> stack{id};
  while (!stack.empty()) {
    const NodeId x = stack.back();
    stack.pop_back();
    nodes_[static_cast<std::size_t>(x)].alive = false;
    for (NodeId c : node(x).children) stack.push_back(c);
  }
  return parent;
}

std::vector<VariationTree::NodeId> VariationTree::line_to(NodeId id) const {
  require(id);
  std::vector<NodeId> line;
  for (NodeId x = id; x >= 0; x = node(x).parent) line.push_back(x);
  std::reverse(line.begin(), line.end());
  return line;
}

VariationTree::NodeId VariationTree::branch_point(NodeId id) const {
  require(id);
  NodeId x = id;
  while (!node(x).recorded) x = node(x).parent;
  return x;
}

std::vector<VariationTree::Move> VariationTree::moves_after_game(NodeId id) const {
  std::vector<Move> moves;
  for (NodeId x = id; !node(x).recorded; x = node(x).parent) moves.push_back(node(x).move);
  std::reverse(moves.begin(), moves.end());
  return moves;
}

std::string VariationTree::path_of(NodeId id) const {
  std::string path = std::to_string(node(branch_point(id)).ply);
  const auto moves = moves_after_game(id);
  for (std::size_t i = 0; i < moves.size(); ++i) path += (i ? "," : ":") + moves[i].notation;
  return path;
}

std::optional<VariationTree::NodeId> VariationTree::find(const std::string& text) const {
  const VariationPath path = parse_variation_path(text);
  if (path.ply > plies_) return std::nullopt;
  NodeId at = game_node(path.ply);
  for (const std::string& m : path.moves) {
    const auto& kids = node(at).children;
    const auto it = std::find_if(kids.begin(), kids.end(), [&](NodeId c) { return node(c).move.notation == m; });
    if (it == kids.end()) return std::nullopt;
    at = *it;
  }
  return at;
}

std::vector<VariationTree::NodeId> VariationTree::leaves() const {
  std::vector<NodeId> out;
  std::vector<NodeId> stack{0};
  while (!stack.empty()) {
    const NodeId x = stack.back();
    stack.pop_back();
    const Node& n = node(x);
    if (!n.recorded && n.children.empty()) out.push_back(x);
    // Variations first, then the line goes on: the order of the move list.
    push_children_for_walk(*this, x, stack);
  }
  return out;
}

VariationsFile VariationTree::to_file(const GameLog& log) const {
  VariationsFile file;
  auto& h = *file.mutable_header();
  h.set_game_id(log.record.header().game_id());
  h.set_initial_state_hash(log.record.header().initial_state_hash());
  h.set_plies(static_cast<std::uint32_t>(plies_));
  std::vector<std::uint32_t> index(nodes_.size(), 0);  // 1-based place in the file
  // Depth first, parents before children, siblings in their order (an
  // explicit stack: no walk grows the call stack with a line's depth).
  std::vector<NodeId> stack;
  for (std::size_t i = node(0).children.size(); i-- > 0;) stack.push_back(node(0).children[i]);
  while (!stack.empty()) {
    const NodeId c = stack.back();
    stack.pop_back();
    const NodeId x = node(c).parent;
    if (!node(c).recorded) {
      VariationNode& out = *file.add_nodes();
      if (node(x).recorded) out.set_ply(static_cast<std::uint32_t>(node(x).ply));
      else out.set_parent(index[static_cast<std::size_t>(x)]);
      out.set_action_id(node(c).move.action_id);
      out.set_notation(node(c).move.notation);
      index[static_cast<std::size_t>(c)] = static_cast<std::uint32_t>(file.nodes_size());
    }
    const auto& kids = node(c).children;
    for (std::size_t i = kids.size(); i-- > 0;) stack.push_back(kids[i]);
  }
  return file;
}

void VariationTree::add_file(const VariationsFile& file, const GameLog& log, const std::string& label) {
  const auto& h = file.header();
  if (h.game_id() != log.record.header().game_id() ||
      h.initial_state_hash() != log.record.header().initial_state_hash())
    throw HostError(fmt::format("{}: these variations belong to another game than {}", label, log.file));
  if (file.nodes_size() > kMaxVariationNodes)
    throw HostError(fmt::format("{}: {} variation moves, more than the {} a file may hold", label, file.nodes_size(),
                                kMaxVariationNodes));
  std::vector<NodeId> placed;
  std::vector<int> depth;  // of each node of the file: moves from the recorded game
  for (int k = 0; k < file.nodes_size(); ++k) {
    const VariationNode& n = file.nodes(k);
    NodeId parent;
    int moves = 1;
    if (n.parent() == 0) {
      if (n.ply() > static_cast<std::uint32_t>(plies_))
        throw HostError(fmt::format("{}: node {}: ply {} is past the game's end (ply {})", label, k + 1, n.ply(), plies_));
      parent = game_node(static_cast<int>(n.ply()));
    } else {
      if (n.parent() > static_cast<std::uint32_t>(k))
        throw HostError(fmt::format("{}: node {}: its parent {} does not come before it", label, k + 1, n.parent()));
      parent = placed[n.parent() - 1];
      moves = depth[n.parent() - 1] + 1;
      if (moves > kMaxVariationDepth)
        throw HostError(fmt::format("{}: node {}: a line more than {} moves deep", label, k + 1, kMaxVariationDepth));
    }
    placed.push_back(play(parent, {n.action_id(), n.notation()}));
    depth.push_back(moves);
  }
}

VariationPath parse_variation_path(const std::string& text) {
  auto fail = [&](const std::string& what) {
    return HostError(fmt::format("--variation {}: {} (PLY or PLY:MOVE,MOVE,...)", text, what));
  };
  VariationPath path;
  const auto colon = text.find(':');
  const std::string ply = text.substr(0, colon);
  if (ply.empty() || ply.size() > 6 || !std::all_of(ply.begin(), ply.end(), [](char c) { return c >= '0' && c <= '9'; }))
    throw fail("the ply is not a number");
  path.ply = std::stoi(ply);
  if (colon == std::string::npos) return path;
  path.moves = split_move_list(text.substr(colon + 1), "--variation " + text);
  return path;
}

std::vector<std::string> split_move_list(const std::string& text, const std::string& label) {
  std::vector<std::string> moves;
  std::size_t at = 0;
  while (true) {
    const auto comma = text.find(',', at);
    std::string move = text.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    while (!move.empty() && move.front() == ' ') move.erase(move.begin());
    while (!move.empty() && move.back() == ' ') move.pop_back();
    if (move.empty()) throw HostError(fmt::format("{}: move {} is empty", label, moves.size() + 1));
    moves.push_back(move);
    if (comma == std::string::npos) return moves;
    at = comma + 1;
  }
}

std::filesystem::path variations_path_for(const std::filesystem::path& log) { return log.string() + ".ghvars"; }

VariationTree parse_variations(std::string_view view, const std::string& label, const GameLog& log) {
  VariationTree tree = VariationTree::of_log(log);
  auto fail = [&](std::size_t at, const std::string& what) {
    throw HostError(fmt::format("{}: byte {}: {}", label, at, what));
  };
  if (view.size() < 12 || view.substr(0, 8) != kVariationsMagic) fail(0, "not a gamehost variations file (wrong magic)");
  if (get_u32(view, 8) != kVariationsFormatVersion)
    fail(8, fmt::format("variations format version {}, this host reads version {}", get_u32(view, 8),
                        kVariationsFormatVersion));
  const Frame frame = read_frame(view, 12, kMaxVariationBytes);
  if (!frame.error.empty()) fail(12, frame.error);
  if (frame.next != view.size()) fail(frame.next, "bytes after the variations record");
  VariationsFile file;
  if (!file.ParseFromArray(frame.payload.data(), static_cast<int>(frame.payload.size())))
    fail(12, "the record does not parse");
  tree.add_file(file, log, label);
  return tree;
}

VariationTree read_variations(const std::filesystem::path& log_path, const GameLog& log) {
  const auto path = variations_path_for(log_path);
  if (!std::filesystem::exists(path)) return VariationTree::of_log(log);
  return parse_variations(read_regular_file(path), path.string(), log);
}

void write_variations(const std::filesystem::path& log_path, const GameLog& log, const VariationTree& tree) {
  const auto path = variations_path_for(log_path);
  if (!tree.has_variations()) {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
    return;
  }
  std::string bytes(kVariationsMagic);
  put_u32(bytes, kVariationsFormatVersion);
  append_frame(bytes, tree.to_file(log));
  const std::filesystem::path temporary = path.string() + ".tmp";
  write_new_file(temporary, bytes, /*overwrite=*/true);
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) throw HostError(fmt::format("{}: cannot replace: {}", path.string(), error.message()));
}

}  // namespace gamehost
