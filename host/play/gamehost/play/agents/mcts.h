// Monte Carlo tree search (UCT) over the plugin interface: the tree holds
// opaque state bytes and action ids only, so it knows no game. Each
// iteration selects down the tree by UCT, expands one new child with one
// Apply call, and evaluates it with one Rollout call (K random playouts run
// inside the plugin, their returns summed); plugins without Rollout get
// playouts through Apply, ply by ply.
//
// Determinism: a search is a function of (root state, seed, iteration budget,
// c, K, threads); a time budget is not deterministic. Threads are
// root-parallel: each has its own plugin instance (Plugin::clone()), its own
// tree and seed; their root visit counts are summed.
//
// The tree is kept between moves: the next root is found among the old
// tree's descendants by its state bytes (our move then the opponents'), and
// that subtree is compacted into fresh storage.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/play/agents/playouts.h"
#include "gamehost/play/agents/random_agent.h"
#include "gamehost/play/agents/spec.h"

namespace gamehost {

// Seconds per move when neither time nor iters is given.
inline constexpr double kMctsDefaultTime = 1;

struct MctsOptions {
  double time = 0;            // seconds per move (0: use iters)
  std::uint64_t iters = 0;    // iterations per move, over all threads (0: use time)
  double c = 1.4;             // UCT exploration constant (returns' scale)
  // Score-aware utility: a node is worth its mean return plus
  // score_weight * (2/pi) atan(mean margin / score_scale), so that among
  // won (or lost) lines the search prefers the larger margin. 0: returns
  // only. The agent's 0.1 never trades more than a few percent of winning
  // chance for points (at 0.5 it gambled close games away, docs/strength.md);
  // the review searches with 0.5, to tell moves apart by points.
  double score_weight = 0.1;
  double score_scale = 20;
  int threads = 1;
  std::uint32_t rollouts = 1; // playouts per Rollout call (K)
  bool uniform = false;       // uniformly random playouts, not the game's guided policy
  std::uint64_t seed = 1;
  bool reuse = true;          // keep the tree between moves
};

// What a root child accumulated.
struct RootChild {
  std::uint32_t action = 0;
  std::uint64_t visits = 0;
  double value = 0;   // summed returns for the seat to move at the root
  double margin = 0;  // summed final-score margins for that seat (0 when the game keeps no points)
};

// One tree on one plugin instance (one thread).
class MctsTree {
 public:
  // Uses options' c, rollouts, score_weight and score_scale.
  MctsTree(Plugin& game, const MctsOptions& options, std::uint64_t seed);

  // Makes `state` the root. With reuse, looks for it among the current
  // tree's nodes up to `depth` plies below the root and keeps that subtree;
  // returns whether it did. `info` needs to_move and legal_ids.
  bool set_root(const std::string& state, const pb::StateInfo& info, bool reuse, int depth);

  // Runs iterations until `iters` are done or `deadline` passes (checked
  // every few iterations) or *stop is set. Returns the iterations run.
  std::uint64_t run(std::uint64_t iters, std::optional<std::chrono::steady_clock::time_point> deadline,
                    const std::atomic<bool>* stop = nullptr);

  std::vector<RootChild> root_children() const;
  // Runs `iters` more iterations that all go through the root's child for
  // `action` (a legal action at a root where a seat is to move), so that
  // child's value is known as well as the best one's.
  void run_forced(std::uint32_t action, std::uint64_t iters);
  std::uint64_t child_visits(std::uint32_t action) const;
  // Each seat's returns and margins summed over the iterations run since
  // the root was set (any root, chance nodes included), and their count.
  const std::vector<double>& root_returns() const { return root_returns_; }
  const std::vector<double>& root_margins() const { return root_margins_; }
  std::uint64_t root_iterations() const { return root_iterations_; }
  // The most visited line below the root child reached by `action`
  // (that action first), at most max_plies long: the search's expected play.
  std::vector<std::uint32_t> principal_line(std::uint32_t action, int max_plies) const;
  std::size_t nodes() const { return nodes_.size(); }
  // Bytes held by nodes, state bytes, legal-id lists and edges (sizes, not capacities).
  std::size_t bytes() const;
  std::uint64_t root_visits() const;

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  // 48 bytes. A node's legal ids are listed, and its edges made, when it is
  // first expanded, not when it is created: most nodes are leaves visited
  // once, and the plugin need not list their legal actions at all.
  struct Node {
    std::uint32_t action = 0;       // the action from the parent
    std::uint32_t visits = 0;
    // In legal_: count, tried, edge offset, edge room, then the ids (tried
    // ones first, in the order tried); kNone until listed. Terminal: returns
    // then margins in reals_.
    std::uint32_t legal_off = kNone;
    std::uint32_t state_len = 0;
    std::uint64_t state_off = 0;    // state bytes in states_
    double value = 0;               // summed returns of `mover`
    double margin = 0;              // summed score margins of `mover`
    std::int8_t to_move = 0;        // seat to move here; -1 chance; -2 terminal
    std::int8_t mover = 0;          // seat that chose `action` (-1: chance or root)
  };
  // A listed node's children, one edge per tried id in the same order, so
  // that selection reads one contiguous block instead of chasing children
  // through the node array.
  struct Edge {
    double utility = 0;             // the child's utility() after its last visit
    std::uint32_t visits = 0;       // the child's visits
    std::uint32_t child = kNone;    // kNone: not tried
  };
  // A listed node's block in legal_.
  struct Legal {
    std::uint32_t count, tried, edges;
    std::uint32_t* ids;
  };

  // `info` lists the legal ids when `listed` (else they are asked for when
  // the node is first expanded).
  std::uint32_t add_node(std::uint32_t action, int mover, const std::string& state, const pb::StateInfo& info,
                         bool listed);
  void add_legal(std::uint32_t node, const pb::StateInfo& info);
  std::uint32_t legal_of(std::uint32_t node);  // legal_off, listed first if need be
  Legal legal_at(std::uint32_t off) { return {legal_[off], legal_[off + 1], legal_[off + 2], legal_.data() + off + 4}; }
  static constexpr std::uint32_t kFirstEdges = 2;  // a newly listed node's edge room
  // The edge for `off`'s next tried id, its block moved and grown if full.
  std::uint32_t next_edge(std::uint32_t off);
  void reserve(std::uint64_t iters);
  std::string_view state_of(const Node& n) const { return {states_.data() + n.state_off, n.state_len}; }
  void iterate();
  // Tries the untried id at position `i` of `node`'s list: moves it to the
  // front of the untried ones, Apply, new child. Returns its edge.
  std::uint32_t try_action(std::uint32_t node, std::uint32_t i);
  // Rollout or terminal returns and score margins per seat, each a mean.
  void evaluate(const Node& n, std::vector<double>& returns, std::vector<double>& margins);
  double utility(const Node& n) const;  // mean, for UCT
  std::uint32_t select_edge(std::uint32_t node, std::uint32_t off) const;
  // The edge of `action` among `node`'s tried ones (newest first), or kNone.
  std::uint32_t edge_of(std::uint32_t node, std::uint32_t action) const;
  std::uint32_t chance_edge(std::uint32_t node, std::uint32_t off, bool& created);
  std::uint32_t forced_edge();
  void compact(std::uint32_t new_root);
  void reset_root_sums();
  std::uint32_t forced_ = kNone;  // with run_forced: the root child every iteration takes

  Plugin& game_;
  double c_;
  std::uint32_t rollouts_;
  double score_weight_;
  double score_scale_;
  SplitMix rng_;
  int players_;
  Playouts playouts_;
  std::vector<Node> nodes_;
  std::string states_;
  std::vector<std::uint32_t> legal_;  // per listed node: count, tried, edge offset, edge room, ids
  std::vector<Edge> edges_;
  std::vector<double> reals_;         // terminal nodes: returns per seat, then margins per seat
  std::uint32_t root_ = kNone;
  std::vector<double> root_returns_, root_margins_;
  std::uint64_t root_iterations_ = 0;
  // Reused per iteration.
  std::vector<std::uint32_t> path_;   // nodes from the root
  std::vector<std::uint32_t> edges_path_;  // the edge into each (kNone for the root)
  std::vector<double> returns_;
  std::vector<double> margins_;
  std::vector<double> scores_;
  pb::ApplyResponse applied_;
  pb::QueryFlags flags_;        // legal ids
  pb::QueryFlags apply_flags_;  // nothing beyond what every StateInfo has
  std::string scratch_;
};

// A search over `threads` trees (root-parallel); the agent's engine, also
// used by the benchmarks.
class MctsSearch {
 public:
  MctsSearch(Plugin& game, const MctsOptions& options);
  ~MctsSearch();

  struct Result {
    std::uint32_t action = 0;
    std::uint64_t iterations = 0;  // over all threads
    std::uint64_t nodes = 0;       // over all trees, after the search
    std::uint64_t bytes = 0;
    bool reused = false;           // the first tree kept its subtree
    double seconds = 0;
    // The root's children over all trees, best first (the order that picks
    // `action`), and the search's expected line after the best action
    // (that action first; from the first tree; empty with hidden information).
    std::vector<RootChild> children;
    std::vector<std::uint32_t> best_line;
    // Each seat's mean return and mean margin over every iteration of the
    // search: the position's value under the search's play, defined at
    // chance nodes too.
    std::vector<double> root_return_mean, root_margin_mean;
  };
  // Searches from `state` (info with to_move and legal_ids) and returns the
  // most visited root action (ties: higher mean, then lower id).
  //
  // Games with hidden information (plugins offering SampleHidden): the search
  // never looks at the true state. Each tree searches a few sampled states
  // that the seat to move cannot tell from it (kHiddenSamples per tree, the
  // budget split evenly), and their root statistics are summed — so the
  // choice depends only on what the seat has seen (City Planning's C20). The
  // tree is then not kept between moves.
  Result search(const std::string& state, const pb::StateInfo& info);

  // The first tree's most visited line after root action `action` (that
  // action first) in the last search; empty with hidden information.
  std::vector<std::uint32_t> last_line(std::uint32_t action, int max_plies) const {
    return hidden_ ? std::vector<std::uint32_t>{} : trees_[0]->principal_line(action, max_plies);
  }

  // After a search without hidden information on one thread: gives root
  // action `action` at least `at_least` visits (more iterations, each
  // through it) and returns the root's children then; empty otherwise.
  std::vector<RootChild> deepen(std::uint32_t action, std::uint64_t at_least);

  // How many plies of Result::best_line a search fills in (default 0).
  void set_line_plies(int plies) { line_plies_ = plies; }
  // Hidden information: whose view to sample at a chance node (default 0;
  // a seat to move is always sampled for itself).
  void set_sample_seat(int seat) { sample_seat_ = seat; }
  // After each tree's search, gives root action `action` at least
  // `at_least` visits (over a tree's samples), for the review of a move
  // played; nullopt: no forcing.
  void set_forced(std::optional<std::uint32_t> action, std::uint64_t at_least) {
    forced_action_ = action;
    forced_visits_ = at_least;
  }

  static constexpr int kHiddenSamples = 4;

 private:
  // One tree's share of a search: from `state`, or from samples of it.
  struct TreeShare {
    std::uint64_t done = 0;
    bool reused = false;
    std::vector<RootChild> children;
    std::vector<double> returns, margins;  // root sums per seat
    std::uint64_t root_iterations = 0;
    void add_root_sums(const MctsTree& tree);
  };
  TreeShare run_tree(int t, const std::string& state, const pb::StateInfo& info, std::uint64_t iters,
                     std::optional<std::chrono::steady_clock::time_point> deadline, int depth);

  MctsOptions options_;
  bool hidden_ = false;        // the game offers SampleHidden
  std::uint64_t searches_ = 0; // varies the samples from move to move
  int line_plies_ = 0;
  int sample_seat_ = 0;
  std::optional<std::uint32_t> forced_action_;
  std::uint64_t forced_visits_ = 0;
  void force_visits(MctsTree& tree, std::uint64_t at_least);
  std::vector<std::unique_ptr<Plugin>> games_;  // one per thread
  std::vector<std::unique_ptr<MctsTree>> trees_;
};

// "mcts:time=S|iters=N,c=X,threads=T,rollouts=K,seed=N".
std::unique_ptr<Agent> make_mcts_agent(const AgentSpec& spec, const AgentContext& context);


}  // namespace gamehost
