#include "gamehost/play/agents/mcts.h"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <thread>

#include "gamehost/play/agents/one_ply.h"
#include "gamehost/play/agents/playouts.h"
#include "gamehost/play/agents/spec.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/calls/parallel.h"

namespace gamehost {

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
  run_on_threads(threads, work);
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

std::vector<RootChild> MctsSearch::deepen(std::uint32_t action, std::uint64_t at_least) {
  if (hidden_ || trees_.size() != 1) return {};
  MctsTree& tree = *trees_[0];
  const std::uint64_t has = tree.child_visits(action);
  if (has < at_least) tree.run_forced(action, at_least - has);
  return tree.root_children();
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
    if (options_.uniform) s += ",uniform=1";
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
  if (!spec.get("time") && !spec.get("iters")) o.time = kMctsDefaultTime;
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
  if (auto u = spec.get("uniform")) {
    if (*u != "0" && *u != "1") throw fail("uniform must be 0 or 1");
    o.uniform = *u == "1";
  }
  std::uint32_t keep = 0;
  if (auto k = spec.get("keep")) {
    const auto n = unsigned_param(*k);
    if (n > 1'000'000) throw fail("keep must be 0..1000000");
    keep = static_cast<std::uint32_t>(n);
  }
  o.seed = spec.get("seed") ? unsigned_param(*spec.get("seed")) : default_agent_seed(context, 0x3C75ull);
  return std::make_unique<MctsAgent>(o, keep);
}

}  // namespace gamehost
