// One UCT tree on one plugin instance (gamehost/agents/mcts.h). Nodes hold
// state bytes and statistics; a node's legal ids and its children's edges
// are made only when it is first expanded, and selection reads the edges,
// one contiguous block per node, rather than the scattered child nodes.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "gamehost/play/agents/mcts.h"
#include "gamehost/play/agents/playouts.h"

namespace gamehost {

namespace {

// Each seat's margin: its points minus the best of the others' (two seats:
// the difference). `margins` must hold one entry per seat.
void margins_of(const double* scores, int players, double* margins) {
  for (int s = 0; s < players; ++s) {
    double best_other = -1e300;
    for (int t = 0; t < players; ++t)
      if (t != s) best_other = std::max(best_other, scores[t]);
    margins[s] = players > 1 ? scores[s] - best_other : 0.0;
  }
}

}  // namespace

MctsTree::MctsTree(Plugin& game, const MctsOptions& options, std::uint64_t seed)
    : game_(game),
      c_(options.c),
      rollouts_(options.rollouts),
      score_weight_(options.score_weight),
      score_scale_(options.score_scale > 0 ? options.score_scale : 1.0),
      rng_(seed),
      players_(game.players()),
      playouts_(game, options.uniform) {
  flags_.set_legal_ids(true);
  returns_.resize(static_cast<std::size_t>(players_));
  margins_.resize(static_cast<std::size_t>(players_));
  scores_.resize(static_cast<std::size_t>(players_));
}

std::uint32_t MctsTree::add_node(std::uint32_t action, int mover, const std::string& state,
                                 const pb::StateInfo& info, bool listed) {
  Node n;
  n.action = action;
  n.mover = static_cast<std::int8_t>(mover);
  n.state_off = states_.size();
  n.state_len = static_cast<std::uint32_t>(state.size());
  states_.append(state);
  if (info.terminal()) {
    n.to_move = -2;
    n.legal_off = static_cast<std::uint32_t>(reals_.size());
    for (int s = 0; s < players_; ++s) reals_.push_back(s < info.returns_size() ? info.returns(s) : 0.0);
    // The final points, asked once per terminal node (the tree's flags ask
    // only for legal ids).
    pb::QueryFlags scores;
    scores.set_scores(true);
    const pb::StateInfo final_info = info.scores_size() > 0 ? info : game_.query(state, scores);
    for (int p = 0; p < players_; ++p)
      scores_[p] = p < final_info.scores_size() ? static_cast<double>(final_info.scores(p)) : 0.0;
    reals_.resize(reals_.size() + static_cast<std::size_t>(players_));
    margins_of(scores_.data(), players_, reals_.data() + reals_.size() - players_);
  } else {
    n.to_move = static_cast<std::int8_t>(info.to_move());
  }
  nodes_.push_back(n);
  const auto index = static_cast<std::uint32_t>(nodes_.size() - 1);
  if (listed && !info.terminal()) add_legal(index, info);
  return index;
}

void MctsTree::add_legal(std::uint32_t node, const pb::StateInfo& info) {
  const auto count = static_cast<std::uint32_t>(info.legal_ids_size());
  const std::uint32_t room = std::min(count, kFirstEdges);
  nodes_[node].legal_off = static_cast<std::uint32_t>(legal_.size());
  legal_.push_back(count);
  legal_.push_back(0);
  legal_.push_back(static_cast<std::uint32_t>(edges_.size()));
  legal_.push_back(room);
  legal_.insert(legal_.end(), info.legal_ids().begin(), info.legal_ids().end());
  edges_.resize(edges_.size() + room);
}

// Most listed nodes get one or two children before the search ends, so a
// node's edge block starts small and moves to the end of edges_, twice as
// large, when it is full (the old block is left unused until compaction).
std::uint32_t MctsTree::next_edge(std::uint32_t off) {
  const std::uint32_t tried = legal_[off + 1], first = legal_[off + 2], room = legal_[off + 3];
  if (tried == room) {
    const std::uint32_t moved = static_cast<std::uint32_t>(edges_.size());
    const std::uint32_t more = std::min(legal_[off], 2 * room);
    edges_.resize(edges_.size() + more);
    std::copy(edges_.begin() + first, edges_.begin() + first + tried, edges_.begin() + moved);
    legal_[off + 2] = moved;
    legal_[off + 3] = more;
  }
  return legal_[off + 2] + tried;
}

// The Query decodes the node's state in the plugin, so the Apply that
// follows it (an expansion) finds that state already decoded.
std::uint32_t MctsTree::legal_of(std::uint32_t node) {
  if (nodes_[node].legal_off == kNone) {
    scratch_.assign(state_of(nodes_[node]));
    add_legal(node, game_.query(scratch_, flags_));
  }
  return nodes_[node].legal_off;
}

// Room for the nodes and state bytes of `iters` iterations (at most one new
// node each), so the arrays are not copied as they grow.
void MctsTree::reserve(std::uint64_t iters) {
  constexpr std::uint64_t kMost = 1u << 22;  // beyond this, growing costs little next to the search
  const std::uint64_t more = std::min(iters, kMost) + 1;
  const std::uint64_t per_state = nodes_.empty() ? 0 : states_.size() / nodes_.size();
  nodes_.reserve(nodes_.size() + more);
  states_.reserve(states_.size() + more * per_state);
}

std::size_t MctsTree::bytes() const {
  return nodes_.size() * sizeof(Node) + states_.size() + legal_.size() * sizeof(std::uint32_t) +
         edges_.size() * sizeof(Edge) + reals_.size() * sizeof(double);
}

std::uint64_t MctsTree::root_visits() const { return root_ == kNone ? 0 : nodes_[root_].visits; }

std::uint32_t MctsTree::edge_of(std::uint32_t node, std::uint32_t action) const {
  const std::uint32_t off = nodes_[node].legal_off;
  if (nodes_[node].to_move == -2 || off == kNone) return kNone;
  for (std::uint32_t i = legal_[off + 1]; i-- > 0;)
    if (legal_[off + 4 + i] == action) return legal_[off + 2] + i;
  return kNone;
}

bool MctsTree::set_root(const std::string& state, const pb::StateInfo& info, bool reuse, int depth) {
  if (reuse && root_ != kNone) {
    // Breadth-first over created nodes, `depth` plies down, newest child first.
    std::vector<std::uint32_t> level{root_}, next;
    for (int d = 0; d <= depth && !level.empty(); ++d) {
      for (std::uint32_t i : level) {
        if (state_of(nodes_[i]) == state) {
          compact(i);
          if (nodes_[root_].legal_off == kNone) add_legal(root_, info);
          reset_root_sums();
          return true;
        }
        const Node& n = nodes_[i];
        if (n.to_move == -2 || n.legal_off == kNone) continue;
        const std::uint32_t first = legal_[n.legal_off + 2];
        for (std::uint32_t k = legal_[n.legal_off + 1]; k-- > 0;) next.push_back(edges_[first + k].child);
      }
      level.swap(next);
      next.clear();
    }
  }
  nodes_.clear();
  states_.clear();
  legal_.clear();
  edges_.clear();
  reals_.clear();
  root_ = add_node(0, -1, state, info, /*listed=*/true);
  reset_root_sums();
  return false;
}

// Copies the subtree under `new_root` into fresh storage, root first.
void MctsTree::compact(std::uint32_t new_root) {
  std::vector<Node> nodes;
  std::string states;
  std::vector<std::uint32_t> legal;
  std::vector<Edge> edges;
  std::vector<double> reals;
  nodes.reserve(nodes_.size());
  // (old index, new index) pairs still to copy children of.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> todo;
  auto copy = [&](std::uint32_t old) {
    Node n = nodes_[old];
    const std::uint64_t off = states.size();
    states.append(states_, n.state_off, n.state_len);
    n.state_off = off;
    if (n.to_move == -2) {
      const std::uint32_t r = static_cast<std::uint32_t>(reals.size());
      reals.insert(reals.end(), reals_.begin() + n.legal_off, reals_.begin() + n.legal_off + 2 * players_);
      n.legal_off = r;
    } else if (n.legal_off != kNone) {
      const std::uint32_t l = static_cast<std::uint32_t>(legal.size());
      const std::uint32_t count = legal_[n.legal_off], first = legal_[n.legal_off + 2];
      const std::uint32_t room = legal_[n.legal_off + 3];
      legal.insert(legal.end(), legal_.begin() + n.legal_off, legal_.begin() + n.legal_off + 4 + count);
      legal[l + 2] = static_cast<std::uint32_t>(edges.size());
      edges.insert(edges.end(), edges_.begin() + first, edges_.begin() + first + room);
      n.legal_off = l;
    }
    nodes.push_back(n);
    const auto idx = static_cast<std::uint32_t>(nodes.size() - 1);
    todo.emplace_back(old, idx);
    return idx;
  };
  copy(new_root);
  nodes[0].mover = -1;
  for (std::size_t t = 0; t < todo.size(); ++t) {
    const auto [old, idx] = todo[t];
    const Node& n = nodes[idx];
    if (n.to_move == -2 || n.legal_off == kNone) continue;
    const std::uint32_t tried = legal[n.legal_off + 1], first = legal[n.legal_off + 2];
    for (std::uint32_t k = 0; k < tried; ++k) {
      const std::uint32_t c = copy(edges[first + k].child);
      edges[first + k].child = c;
    }
  }
  nodes_.swap(nodes);
  states_.swap(states);
  legal_.swap(legal);
  edges_.swap(edges);
  reals_.swap(reals);
  root_ = 0;
}

std::uint32_t MctsTree::try_action(std::uint32_t node, std::uint32_t i) {
  const std::uint32_t off = nodes_[node].legal_off;
  const std::uint32_t edge = next_edge(off);
  std::uint32_t* ids = legal_.data() + off + 4;
  std::uint32_t& tried = legal_[off + 1];
  std::swap(ids[tried], ids[i]);
  const std::uint32_t action = ids[tried++];
  scratch_.assign(state_of(nodes_[node]));
  game_.apply(scratch_, action, apply_flags_, applied_);
  const std::uint32_t child = add_node(action, nodes_[node].to_move, applied_.state(), applied_.info(), false);
  edges_[edge].child = child;
  return edge;
}

void MctsTree::evaluate(const Node& n, std::vector<double>& returns, std::vector<double>& margins) {
  if (n.to_move == -2) {
    for (int s = 0; s < players_; ++s) {
      returns[s] = reals_[n.legal_off + s];
      margins[s] = reals_[n.legal_off + players_ + s];
    }
    return;
  }
  playouts_.run(state_of(n), rollouts_, rng_, returns, scores_);
  const double k = 1.0 / rollouts_;
  for (auto& r : returns) r *= k;
  for (auto& x : scores_) x *= k;
  margins_of(scores_.data(), players_, margins.data());
}

double MctsTree::utility(const Node& n) const {
  const double v = static_cast<double>(n.visits);
  const double u = n.value / v;
  if (score_weight_ == 0) return u;
  return u + score_weight_ * (2.0 / 3.141592653589793) * std::atan(n.margin / v / score_scale_);
}

// UCT over the tried edges, newest first (the first best wins ties).
std::uint32_t MctsTree::select_edge(std::uint32_t node, std::uint32_t off) const {
  const double log_n = std::log(static_cast<double>(nodes_[node].visits));
  const Edge* e = edges_.data() + legal_[off + 2];
  std::uint32_t best = kNone;
  double best_score = -1e300;
  for (std::uint32_t i = legal_[off + 1]; i-- > 0;) {
    const double score = e[i].utility + c_ * std::sqrt(log_n / static_cast<double>(e[i].visits));
    if (score > best_score) best_score = score, best = i;
  }
  return legal_[off + 2] + best;
}

// At a chance node: an outcome drawn by its probability (asked of the
// plugin; games with chance are rare and the call is cheap next to a
// rollout), its child created if new.
std::uint32_t MctsTree::chance_edge(std::uint32_t node, std::uint32_t off, bool& created) {
  scratch_.assign(state_of(nodes_[node]));
  const pb::StateInfo info = game_.query(scratch_, flags_);
  const std::uint32_t action = draw_chance(info, rng_.unit());
  created = false;
  if (const std::uint32_t e = edge_of(node, action); e != kNone) return e;
  const Legal l = legal_at(off);
  for (std::uint32_t i = l.tried; i < l.count; ++i)
    if (l.ids[i] == action) {
      created = true;
      return try_action(node, i);
    }
  throw HostError(fmt::format("{}: chance outcome {} is not among the outcomes listed for the same state",
                              game_.id(), action));
}

void MctsTree::iterate() {
  path_.clear();
  edges_path_.clear();
  std::uint32_t cur = root_;
  path_.push_back(cur);
  edges_path_.push_back(kNone);
  while (true) {
    if (nodes_[cur].to_move == -2) break;  // terminal: its returns
    const std::uint32_t off = legal_of(cur);
    if (legal_[off] == 0) break;
    std::uint32_t edge = kNone;
    bool fresh = false;
    if (nodes_[cur].to_move == -1) {
      edge = chance_edge(cur, off, fresh);
    } else if (cur == root_ && forced_ != kNone) {
      edge = forced_edge();
      fresh = edges_[edge].visits == 0;  // just created: evaluate it
    } else if (legal_[off + 1] < legal_[off]) {
      // An untried action at random.
      const std::uint32_t tried = legal_[off + 1];
      edge = try_action(cur, tried + static_cast<std::uint32_t>(rng_.below(legal_[off] - tried)));
      fresh = true;
    } else {
      edge = select_edge(cur, off);
    }
    cur = edges_[edge].child;
    path_.push_back(cur);
    edges_path_.push_back(edge);
    if (fresh) break;
  }
  evaluate(nodes_[cur], returns_, margins_);
  for (std::size_t k = 0; k < path_.size(); ++k) {
    Node& n = nodes_[path_[k]];
    ++n.visits;
    if (n.mover >= 0) n.value += returns_[n.mover], n.margin += margins_[n.mover];
    if (edges_path_[k] != kNone) {
      Edge& e = edges_[edges_path_[k]];
      e.visits = n.visits;
      if (n.mover >= 0) e.utility = utility(n);
    }
  }
  for (int p = 0; p < players_; ++p) root_returns_[p] += returns_[p], root_margins_[p] += margins_[p];
  ++root_iterations_;
}

std::uint64_t MctsTree::run(std::uint64_t iters, std::optional<std::chrono::steady_clock::time_point> deadline,
                            const std::atomic<bool>* stop) {
  std::uint64_t done = 0;
  const Node& root = nodes_[root_];
  if (root.to_move == -2 || legal_[root.legal_off] == 0) return 0;
  if (iters > 0) reserve(iters);
  while (iters == 0 || done < iters) {
    if ((done & 15) == 0) {
      if (deadline && std::chrono::steady_clock::now() >= *deadline) break;
      if (stop && stop->load(std::memory_order_relaxed)) break;
    }
    iterate();
    ++done;
  }
  return done;
}

// The root's edge for forced_, its child created (and marked tried) if new.
std::uint32_t MctsTree::forced_edge() {
  if (const std::uint32_t e = edge_of(root_, forced_); e != kNone) return e;
  const Legal l = legal_at(nodes_[root_].legal_off);
  for (std::uint32_t i = l.tried; i < l.count; ++i)
    if (l.ids[i] == forced_) return try_action(root_, i);
  throw HostError(fmt::format("action {} is not legal at the searched position", forced_));
}

void MctsTree::run_forced(std::uint32_t action, std::uint64_t iters) {
  const Node& root = nodes_[root_];
  if (root.to_move < 0 || legal_[root.legal_off] == 0) return;
  forced_ = action;
  for (std::uint64_t i = 0; i < iters; ++i) iterate();
  forced_ = kNone;
}

std::uint64_t MctsTree::child_visits(std::uint32_t action) const {
  if (root_ == kNone) return 0;
  const std::uint32_t e = edge_of(root_, action);
  return e == kNone ? 0 : edges_[e].visits;
}

std::vector<RootChild> MctsTree::root_children() const {
  std::vector<RootChild> out;
  if (root_ == kNone || nodes_[root_].to_move == -2) return out;
  const std::uint32_t off = nodes_[root_].legal_off;
  for (std::uint32_t i = legal_[off + 1]; i-- > 0;) {
    const Node& c = nodes_[edges_[legal_[off + 2] + i].child];
    out.push_back({c.action, c.visits, c.value, c.margin});
  }
  return out;
}

void MctsTree::reset_root_sums() {
  root_returns_.assign(static_cast<std::size_t>(players_), 0.0);
  root_margins_.assign(static_cast<std::size_t>(players_), 0.0);
  root_iterations_ = 0;
}

std::vector<std::uint32_t> MctsTree::principal_line(std::uint32_t action, int max_plies) const {
  std::vector<std::uint32_t> line;
  if (root_ == kNone) return line;
  std::uint32_t e = edge_of(root_, action);
  while (e != kNone && static_cast<int>(line.size()) < max_plies) {
    const std::uint32_t cur = edges_[e].child;
    line.push_back(nodes_[cur].action);
    // The most visited child, newest first on ties.
    e = kNone;
    const Node& n = nodes_[cur];
    if (n.to_move == -2 || n.legal_off == kNone) break;
    const std::uint32_t first = legal_[n.legal_off + 2];
    for (std::uint32_t i = legal_[n.legal_off + 1]; i-- > 0;)
      if (e == kNone || edges_[first + i].visits > edges_[e].visits) e = first + i;
  }
  return line;
}

}  // namespace gamehost
