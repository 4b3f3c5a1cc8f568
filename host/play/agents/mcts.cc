#include "gamehost/agents/mcts.h"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <thread>

#include "gamehost/agents/one_ply.h"
#include "gamehost/agents/playouts.h"
#include "gamehost/agents/spec.h"
#include "gamehost/input_checks.h"

namespace gamehost {


// ------------------------------------------------------------------ MctsTree

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
      plugin_rollout_(has_method(game, pb::METHOD_ROLLOUT)) {
  flags_.set_legal_ids(true);
  returns_.resize(static_cast<std::size_t>(players_));
  margins_.resize(static_cast<std::size_t>(players_));
  scores_.resize(static_cast<std::size_t>(players_));
}

std::uint32_t MctsTree::add_node(std::uint32_t action, int mover, const std::string& state,
                                 const pb::StateInfo& info) {
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
    n.legal_off = static_cast<std::uint32_t>(legal_.size());
    n.legal_n = static_cast<std::uint32_t>(info.legal_ids_size());
    legal_.insert(legal_.end(), info.legal_ids().begin(), info.legal_ids().end());
  }
  nodes_.push_back(n);
  return static_cast<std::uint32_t>(nodes_.size() - 1);
}

std::size_t MctsTree::bytes() const {
  return nodes_.size() * sizeof(Node) + states_.size() + legal_.size() * sizeof(std::uint32_t) +
         reals_.size() * sizeof(double);
}

std::uint64_t MctsTree::root_visits() const { return root_ == kNone ? 0 : nodes_[root_].visits; }

bool MctsTree::set_root(const std::string& state, const pb::StateInfo& info, bool reuse, int depth) {
  if (reuse && root_ != kNone) {
    // Breadth-first over created nodes, `depth` plies down.
    std::vector<std::uint32_t> level{root_}, next;
    for (int d = 0; d <= depth && !level.empty(); ++d) {
      for (std::uint32_t i : level) {
        if (state_of(nodes_[i]) == state) {
          compact(i);
          reset_root_sums();
          return true;
        }
        for (std::uint32_t ch = nodes_[i].first_child; ch != kNone; ch = nodes_[ch].next_sibling)
          next.push_back(ch);
      }
      level.swap(next);
      next.clear();
    }
  }
  nodes_.clear();
  states_.clear();
  legal_.clear();
  reals_.clear();
  root_ = add_node(0, -1, state, info);
  reset_root_sums();
  return false;
}

// Copies the subtree under `new_root` into fresh storage, root first.
void MctsTree::compact(std::uint32_t new_root) {
  std::vector<Node> nodes;
  std::string states;
  std::vector<std::uint32_t> legal;
  std::vector<double> reals;
  nodes.reserve(nodes_.size());
  // (old index, new index) pairs still to copy children of.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> todo;
  auto copy = [&](std::uint32_t old) {
    Node n = nodes_[old];
    n.next_sibling = kNone;
    n.first_child = kNone;
    const std::uint64_t off = states.size();
    states.append(states_, n.state_off, n.state_len);
    n.state_off = off;
    if (n.to_move == -2) {
      const std::uint32_t r = static_cast<std::uint32_t>(reals.size());
      reals.insert(reals.end(), reals_.begin() + n.legal_off, reals_.begin() + n.legal_off + 2 * players_);
      n.legal_off = r;
    } else {
      const std::uint32_t l = static_cast<std::uint32_t>(legal.size());
      legal.insert(legal.end(), legal_.begin() + n.legal_off, legal_.begin() + n.legal_off + n.legal_n);
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
    std::uint32_t prev = kNone;
    for (std::uint32_t ch = nodes_[old].first_child; ch != kNone; ch = nodes_[ch].next_sibling) {
      const std::uint32_t c = copy(ch);
      if (prev == kNone) nodes[idx].first_child = c;
      else nodes[prev].next_sibling = c;
      prev = c;
    }
  }
  nodes_.swap(nodes);
  states_.swap(states);
  legal_.swap(legal);
  reals_.swap(reals);
  root_ = 0;
}

std::uint32_t MctsTree::expand(std::uint32_t parent, std::uint32_t action) {
  scratch_.assign(state_of(nodes_[parent]));
  game_.apply(scratch_, action, flags_, applied_);
  const int mover = nodes_[parent].to_move;
  const std::uint32_t child = add_node(action, mover, applied_.state(), applied_.info());
  // Newest child first: selection order does not matter to UCT.
  nodes_[child].next_sibling = nodes_[parent].first_child;
  nodes_[parent].first_child = child;
  return child;
}

void MctsTree::evaluate(const Node& n, std::vector<double>& returns, std::vector<double>& margins) {
  if (n.to_move == -2) {
    for (int s = 0; s < players_; ++s) {
      returns[s] = reals_[n.legal_off + s];
      margins[s] = reals_[n.legal_off + players_ + s];
    }
    return;
  }
  std::fill(scores_.begin(), scores_.end(), 0.0);
  if (plugin_rollout_) {
    rollout_req_.mutable_state()->assign(state_of(n));
    rollout_req_.set_seed(rng_.next());
    rollout_req_.set_count(rollouts_);
    game_.call(pb::METHOD_ROLLOUT, rollout_req_, rollout_resp_);
    for (int s = 0; s < players_; ++s) {
      returns[s] = s < rollout_resp_.returns_sum_size() ? rollout_resp_.returns_sum(s) : 0.0;
      scores_[s] = s < rollout_resp_.scores_sum_size() ? rollout_resp_.scores_sum(s) : 0.0;
    }
  } else {
    std::fill(returns.begin(), returns.end(), 0.0);
    random_playouts(game_, state_of(n), rollouts_, rng_, returns, &scores_);
  }
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

std::uint32_t MctsTree::select_child(const Node& n) {
  const double log_n = std::log(static_cast<double>(n.visits));
  std::uint32_t best = kNone;
  double best_score = -1e300;
  for (std::uint32_t ch = n.first_child; ch != kNone; ch = nodes_[ch].next_sibling) {
    const Node& c = nodes_[ch];
    const double v = static_cast<double>(c.visits);
    const double score = utility(c) + c_ * std::sqrt(log_n / v);
    if (score > best_score) best_score = score, best = ch;
  }
  return best;
}

// At a chance node: an outcome drawn by its probability (asked of the
// plugin; games with chance are rare and the call is cheap next to a
// rollout), its child created if new.
std::uint32_t MctsTree::chance_child(std::uint32_t node, bool& created) {
  scratch_.assign(state_of(nodes_[node]));
  const pb::StateInfo info = game_.query(scratch_, flags_);
  const std::uint32_t action = draw_chance(info, rng_.unit());
  for (std::uint32_t ch = nodes_[node].first_child; ch != kNone; ch = nodes_[ch].next_sibling)
    if (nodes_[ch].action == action) {
      created = false;
      return ch;
    }
  created = true;
  return expand(node, action);
}

void MctsTree::iterate() {
  path_.clear();
  std::uint32_t cur = root_;
  path_.push_back(cur);
  while (true) {
    Node& n = nodes_[cur];
    if (n.to_move == -2 || n.legal_n == 0) break;  // terminal: its returns
    if (n.to_move == -1) {
      bool created = false;
      cur = chance_child(cur, created);
      path_.push_back(cur);
      if (created) break;
      continue;
    }
    if (cur == root_ && forced_ != kNone) {
      cur = forced_child();
      path_.push_back(cur);
      if (nodes_[cur].visits == 0) break;  // just created: evaluate it
      continue;
    }
    if (n.tried < n.legal_n) {
      // An untried action at random: swap it to the front of the untried part.
      const std::uint32_t j = n.tried + static_cast<std::uint32_t>(rng_.below(n.legal_n - n.tried));
      std::swap(legal_[n.legal_off + n.tried], legal_[n.legal_off + j]);
      const std::uint32_t action = legal_[n.legal_off + n.tried];
      ++n.tried;
      cur = expand(cur, action);  // may reallocate nodes_: `n` is not used after this
      path_.push_back(cur);
      break;
    }
    cur = select_child(n);
    path_.push_back(cur);
  }
  evaluate(nodes_[cur], returns_, margins_);
  for (std::uint32_t i : path_) {
    Node& n = nodes_[i];
    ++n.visits;
    if (n.mover >= 0) n.value += returns_[n.mover], n.margin += margins_[n.mover];
  }
  for (int p = 0; p < players_; ++p) root_returns_[p] += returns_[p], root_margins_[p] += margins_[p];
  ++root_iterations_;
}

std::uint64_t MctsTree::run(std::uint64_t iters, std::optional<std::chrono::steady_clock::time_point> deadline,
                            const std::atomic<bool>* stop) {
  std::uint64_t done = 0;
  const Node& root = nodes_[root_];
  if (root.to_move == -2 || root.legal_n == 0) return 0;
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

// The root's child for forced_, created (and marked tried) if new.
std::uint32_t MctsTree::forced_child() {
  for (std::uint32_t ch = nodes_[root_].first_child; ch != kNone; ch = nodes_[ch].next_sibling)
    if (nodes_[ch].action == forced_) return ch;
  Node& root = nodes_[root_];
  for (std::uint32_t i = root.tried; i < root.legal_n; ++i)
    if (legal_[root.legal_off + i] == forced_) {
      std::swap(legal_[root.legal_off + root.tried], legal_[root.legal_off + i]);
      ++root.tried;
      break;
    }
  return expand(root_, forced_);
}

void MctsTree::run_forced(std::uint32_t action, std::uint64_t iters) {
  const Node& root = nodes_[root_];
  if (root.to_move < 0 || root.legal_n == 0) return;
  forced_ = action;
  for (std::uint64_t i = 0; i < iters; ++i) iterate();
  forced_ = kNone;
}

std::uint64_t MctsTree::child_visits(std::uint32_t action) const {
  for (std::uint32_t ch = nodes_[root_].first_child; ch != kNone; ch = nodes_[ch].next_sibling)
    if (nodes_[ch].action == action) return nodes_[ch].visits;
  return 0;
}

std::vector<RootChild> MctsTree::root_children() const {
  std::vector<RootChild> out;
  if (root_ == kNone) return out;
  for (std::uint32_t ch = nodes_[root_].first_child; ch != kNone; ch = nodes_[ch].next_sibling)
    out.push_back({nodes_[ch].action, nodes_[ch].visits, nodes_[ch].value, nodes_[ch].margin});
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
  std::uint32_t cur = nodes_[root_].first_child;
  while (cur != kNone && nodes_[cur].action != action) cur = nodes_[cur].next_sibling;
  while (cur != kNone && static_cast<int>(line.size()) < max_plies) {
    line.push_back(nodes_[cur].action);
    std::uint32_t best = kNone;
    for (std::uint32_t ch = nodes_[cur].first_child; ch != kNone; ch = nodes_[ch].next_sibling)
      if (best == kNone || nodes_[ch].visits > nodes_[best].visits) best = ch;
    cur = best;
  }
  return line;
}

// ---------------------------------------------------------------- MctsSearch

MctsSearch::MctsSearch(Plugin& game, const MctsOptions& options)
    : options_(options), hidden_(has_method(game, pb::METHOD_SAMPLE_HIDDEN)) {
  for (int t = 0; t < std::max(1, options.threads); ++t) {
    games_.push_back(game.clone());
    SplitMix mix(options.seed + 0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(t));
    trees_.push_back(std::make_unique<MctsTree>(*games_.back(), options, mix.next()));
  }
}

MctsSearch::~MctsSearch() = default;

// Adds `from`'s children into `into` by action.
void MctsSearch::force_visits(MctsTree& tree, std::uint64_t at_least) {
  if (!forced_action_ || at_least == 0) return;
  const std::uint64_t has = tree.child_visits(*forced_action_);
  if (has < at_least) tree.run_forced(*forced_action_, at_least - has);
}

static void merge_children(std::vector<RootChild>& into, const std::vector<RootChild>& from) {
  for (const RootChild& c : from) {
    auto it = std::find_if(into.begin(), into.end(), [&](const RootChild& m) { return m.action == c.action; });
    if (it == into.end()) into.push_back(c);
    else it->visits += c.visits, it->value += c.value, it->margin += c.margin;
  }
}

void MctsSearch::TreeShare::add_root_sums(const MctsTree& tree) {
  if (returns.empty()) returns.assign(tree.root_returns().size(), 0.0), margins.assign(tree.root_margins().size(), 0.0);
  for (std::size_t p = 0; p < returns.size(); ++p)
    returns[p] += tree.root_returns()[p], margins[p] += tree.root_margins()[p];
  root_iterations += tree.root_iterations();
}

MctsSearch::TreeShare MctsSearch::run_tree(int t, const std::string& state, const pb::StateInfo& info,
                                           std::uint64_t iters,
                                           std::optional<std::chrono::steady_clock::time_point> deadline,
                                           int depth) {
  MctsTree& tree = *trees_[static_cast<std::size_t>(t)];
  TreeShare share;
  if (!hidden_) {
    share.reused = tree.set_root(state, info, options_.reuse, depth);
    share.done = tree.run(iters, deadline);
    force_visits(tree, forced_visits_);
    share.children = tree.root_children();
    share.add_root_sums(tree);
    return share;
  }
  // Determinized search: a fresh tree on each sample; the seat to move has
  // the same legal actions in every sample (it sees its own options).
  Plugin& game = *games_[static_cast<std::size_t>(t)];
  const auto start = std::chrono::steady_clock::now();
  pb::SampleHiddenRequest req;
  req.set_state(state);
  req.set_seat(info.to_move() >= 0 ? info.to_move() : sample_seat_);
  pb::SampleHiddenResponse sample;
  for (int k = 0; k < kHiddenSamples; ++k) {
    SplitMix mix(options_.seed ^ (searches_ * 0x9E3779B97F4A7C15ull) ^
                 (static_cast<std::uint64_t>(t * kHiddenSamples + k) << 40));
    req.set_seed(mix.next());
    game.call(pb::METHOD_SAMPLE_HIDDEN, req, sample);
    tree.set_root(sample.state(), info, /*reuse=*/false, depth);
    std::uint64_t part = 0;
    if (iters > 0) part = iters / kHiddenSamples + (static_cast<std::uint64_t>(k) < iters % kHiddenSamples ? 1 : 0);
    std::optional<std::chrono::steady_clock::time_point> until;
    if (deadline) until = start + (*deadline - start) * (k + 1) / kHiddenSamples;
    share.done += tree.run(part, until);
    force_visits(tree, (forced_visits_ + kHiddenSamples - 1) / kHiddenSamples);
    merge_children(share.children, tree.root_children());
    share.add_root_sums(tree);
  }
  return share;
}

MctsSearch::Result MctsSearch::search(const std::string& state, const pb::StateInfo& info) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  Result r;
  const int threads = static_cast<int>(trees_.size());
  const int depth = std::max(2, games_[0]->players());
  std::optional<clock::time_point> deadline;
  if (options_.time > 0) deadline = start + std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(options_.time));
  std::vector<TreeShare> shares(static_cast<std::size_t>(threads));
  auto work = [&](int t) {
    std::uint64_t iters = 0;
    if (options_.iters > 0) iters = options_.iters / threads + (static_cast<std::uint64_t>(t) < options_.iters % threads ? 1 : 0);
    shares[static_cast<std::size_t>(t)] = run_tree(t, state, info, iters, deadline, depth);
  };
  if (threads == 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
  }
  // Sum the root statistics; the most visited action wins.
  ++searches_;
  TreeShare total;
  for (std::size_t t = 0; t < trees_.size(); ++t) {
    merge_children(r.children, shares[t].children);
    for (std::size_t p = 0; p < shares[t].returns.size(); ++p) {
      if (total.returns.empty()) total.returns.assign(shares[t].returns.size(), 0.0), total.margins = total.returns;
      total.returns[p] += shares[t].returns[p], total.margins[p] += shares[t].margins[p];
    }
    total.root_iterations += shares[t].root_iterations;
    r.iterations += shares[t].done;
    r.nodes += trees_[t]->nodes();
    r.bytes += trees_[t]->bytes();
  }
  r.reused = shares[0].reused;
  if (total.root_iterations > 0) {
    const double k = 1.0 / static_cast<double>(total.root_iterations);
    for (std::size_t p = 0; p < total.returns.size(); ++p) {
      r.root_return_mean.push_back(total.returns[p] * k);
      r.root_margin_mean.push_back(total.margins[p] * k);
    }
  }
  if (r.children.empty()) {
    r.action = info.legal_ids(0);  // no time for a single iteration
  } else {
    std::sort(r.children.begin(), r.children.end(), [](const RootChild& a, const RootChild& b) {
      if (a.visits != b.visits) return a.visits > b.visits;
      const double ma = a.value / static_cast<double>(a.visits), mb = b.value / static_cast<double>(b.visits);
      if (ma != mb) return ma > mb;
      return a.action < b.action;
    });
    r.action = r.children.front().action;
    if (line_plies_ > 0 && !hidden_) r.best_line = trees_[0]->principal_line(r.action, line_plies_);
  }
  r.seconds = std::chrono::duration<double>(clock::now() - start).count();
  return r;
}

// --------------------------------------------------------------------- agents

namespace {

std::string number_text(double x) { return fmt::format("{:g}", x); }

class MctsAgent final : public Agent {
 public:
  MctsAgent(const MctsOptions& o, std::uint32_t keep) : options_(o), keep_(keep) {
    if (keep_ > 0) options_.reuse = false;  // a kept subtree would bring back the pruned actions
  }

  std::optional<std::uint32_t> choose(const Turn& turn) override {
    if (!search_ || &turn.game != game_) {
      search_ = std::make_unique<MctsSearch>(turn.game, options_);
      game_ = &turn.game;
    }
    if (keep_ == 0 || turn.info.to_move() < 0) return search_->search(turn.state, turn.info).action;
    // keep=K: the root's actions cut to the K best one ply ahead (one_ply.h).
    SplitMix rng(options_.seed ^ (0xD1B54A32D192ED03ull * static_cast<std::uint64_t>(turn.ply)));
    pb::StateInfo root = turn.info;
    const std::vector<std::uint32_t> kept = keep_best_actions(turn, keep_, rng);
    *root.mutable_legal_ids() = {kept.begin(), kept.end()};
    return search_->search(turn.state, root).action;
  }

  std::string spec() const override {
    std::string s = options_.time > 0 ? fmt::format("mcts:time={}", number_text(options_.time))
                                      : fmt::format("mcts:iters={}", options_.iters);
    s += fmt::format(",c={},score={},scale={},threads={},rollouts={},seed={}", number_text(options_.c),
                     number_text(options_.score_weight), number_text(options_.score_scale), options_.threads,
                     options_.rollouts, options_.seed);
    if (keep_ > 0) s += fmt::format(",keep={}", keep_);
    return s;
  }

 private:
  MctsOptions options_;
  std::uint32_t keep_;
  std::unique_ptr<MctsSearch> search_;
  const Plugin* game_ = nullptr;
};

// The value of a Number parameter within [lo, hi]: inf, nan, values that
// overflow or underflow (1e999, 4.9e-324) and values out of range are refused
// with the range.
double number_in(const AgentSpec& spec, const std::string& key, double lo, double hi, const char* unit) {
  const std::string v = *spec.get(key);
  double x = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (ec != std::errc() || end != v.data() + v.size() || !std::isfinite(x) || x < lo || x > hi)
    throw HostError(fmt::format("agent '{}': {} must be {:g}..{:g}{}, not '{}'", spec_text(spec), key, lo, hi, unit,
                                clipped(v)));
  return x;
}

}  // namespace

std::unique_ptr<Agent> make_mcts_agent(const AgentSpec& spec, const AgentContext& context) {
  auto fail = [&](const std::string& what) { return HostError(fmt::format("agent '{}': {}", spec_text(spec), what)); };
  MctsOptions o;
  if (spec.get("time") && spec.get("iters")) throw fail("give time or iters, not both");
  if (spec.get("time")) o.time = number_in(spec, "time", 0.001, 86400, " seconds");
  if (auto n = spec.get("iters")) o.iters = unsigned_param(*n);
  if (spec.get("iters") && (o.iters == 0 || o.iters > 1'000'000'000)) throw fail("iters must be 1..1000000000");
  if (!spec.get("time") && !spec.get("iters")) o.time = 1;
  if (spec.get("c")) o.c = number_in(spec, "c", 0, 100, "");
  if (spec.get("score")) o.score_weight = number_in(spec, "score", 0, 4, "");
  if (spec.get("scale")) o.score_scale = number_in(spec, "scale", 0.001, 1e6, " points");
  if (auto t = spec.get("threads")) {
    const auto n = unsigned_param(*t);
    if (n < 1 || n > 256) throw fail("threads must be 1..256");
    o.threads = static_cast<int>(n);
  }
  if (auto k = spec.get("rollouts")) {
    const auto n = unsigned_param(*k);
    if (n < 1 || n > 1'000'000) throw fail("rollouts must be 1..1000000");
    o.rollouts = static_cast<std::uint32_t>(n);
  }
  std::uint32_t keep = 0;
  if (auto k = spec.get("keep")) {
    const auto n = unsigned_param(*k);
    if (n > 1'000'000) throw fail("keep must be 0..1000000");
    keep = static_cast<std::uint32_t>(n);
  }
  o.seed = spec.get("seed") ? unsigned_param(*spec.get("seed")) : derived_agent_seed(context.game_seed, context.seat, 0x3C75ull);
  return std::make_unique<MctsAgent>(o, keep);
}

}  // namespace gamehost
