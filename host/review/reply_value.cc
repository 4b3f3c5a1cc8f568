#include "gamehost/review/reply_value.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <vector>

#include "gamehost/play/agents/playouts.h"

namespace gamehost::review {

namespace {

// A position valued by playouts, for the reviewed seat.
struct Leaf {
  std::string state;
  bool terminal = false;
  double margin_sum = 0;  // terminal: the final margin itself
  double return_sum = 0;  // terminal: the final return itself
  std::uint64_t playouts = 0;
  // Batches of playouts, for the standard error: the sum over batches of
  // n·mean² (the variance between batch means estimates the playouts').
  double batch_square_sum = 0;
  std::uint64_t batches = 0;

  double margin() const { return terminal ? margin_sum : margin_sum / std::max<double>(1, playouts); }
  // The standard error of margin(): 0 when terminal; unknown (taken as the
  // whole spread a margin can have in one batch) with fewer than two batches.
  double error() const {
    if (terminal) return 0;
    if (batches < 2) return std::abs(margin());
    const double n = static_cast<double>(playouts), m = margin();
    const double variance = std::max(0.0, (batch_square_sum - n * m * m) / static_cast<double>(batches - 1));
    return std::sqrt(variance / n);
  }
  double mean_return() const { return terminal ? return_sum : return_sum / std::max<double>(1, playouts); }
};

// Runs playouts from leaves, one seeded stream for the whole valuation.
class LeafPlayouts {
 public:
  static constexpr std::uint64_t kBatches = 4;

  LeafPlayouts(Plugin& game, int seat, bool keeps_points, bool uniform, std::uint64_t seed)
      : seat_(seat), keeps_points_(keeps_points), playouts_(game, uniform), rng_(seed) {}

  // Runs `count` playouts in up to kBatches calls, so that every leaf's
  // spread is measured (the calls' seeds follow one stream either way).
  void run(Leaf& leaf, std::uint64_t count) {
    if (leaf.terminal || count == 0) return;
    const std::uint64_t batches = std::min<std::uint64_t>(kBatches, count);
    for (std::uint64_t b = 0; b < batches; ++b) {
      const std::uint64_t n = count / batches + (b < count % batches ? 1 : 0);
      playouts_.run(leaf.state, static_cast<std::uint32_t>(n), rng_, returns_, scores_);
      const double margin = keeps_points_ ? scores_[seat_] - scores_[1 - seat_] : returns_[seat_];
      leaf.return_sum += returns_[seat_];
      leaf.margin_sum += margin;
      leaf.playouts += n;
      leaf.batch_square_sum += margin * margin / static_cast<double>(n);
      ++leaf.batches;
    }
  }

 private:
  int seat_;
  bool keeps_points_;
  Playouts playouts_;
  SplitMix rng_;
  std::vector<double> returns_ = std::vector<double>(2), scores_ = std::vector<double>(2);
};

// Successive halving: `budget` playouts spread over ceil(log2 n) rounds of
// equal shares; after each round the half of the leaves best for the other
// seat (lowest margin for the reviewed one) stays. Returns the survivor.
const Leaf& best_reply(std::vector<Leaf>& replies, std::uint64_t budget, LeafPlayouts& playouts) {
  assert(!replies.empty());
  if (replies.size() == 1) {
    playouts.run(replies.front(), std::max<std::uint64_t>(1, budget));
    return replies.front();
  }
  std::vector<std::size_t> alive(replies.size());
  for (std::size_t i = 0; i < alive.size(); ++i) alive[i] = i;
  const auto rounds = static_cast<std::uint64_t>(std::ceil(std::log2(static_cast<double>(alive.size()))));
  for (std::uint64_t round = 0; round < rounds && alive.size() > 1; ++round) {
    const std::uint64_t each = std::max<std::uint64_t>(1, budget / rounds / alive.size());
    for (const std::size_t i : alive) playouts.run(replies[i], each);
    std::stable_sort(alive.begin(), alive.end(),
                     [&](std::size_t a, std::size_t b) { return replies[a].margin() < replies[b].margin(); });
    alive.resize((alive.size() + 1) / 2);
  }
  return replies[alive.front()];
}

class ReplyTree {
 public:
  ReplyTree(Plugin& game, int seat, bool keeps_points) : game_(game), seat_(seat), keeps_points_(keeps_points) {
    flags_.set_legal_ids(true);
    flags_.set_scores(true);
  }

  // One branch per own decision that follows at once (or the position
  // itself), each holding the other seat's replies.
  std::vector<std::vector<Leaf>> branches(const std::string& state) {
    std::vector<std::vector<Leaf>> out;
    const pb::StateInfo info = game_.query(state, flags_);
    if (info.terminal() || info.to_move() != seat_) {
      out.push_back(replies(state, info));
      return out;
    }
    each_child(state, info, [&](const std::string& s, const pb::StateInfo& i) { out.push_back(replies(s, i)); });
    return out;
  }

 private:
  // Calls f(state, info) for each child of `state`, in legal-id order.
  template <class F>
  void each_child(const std::string& state, const pb::StateInfo& info, F&& f) {
    pb::ApplyResponse step;
    for (const std::uint32_t a : info.legal_ids()) {
      game_.apply(state, a, flags_, step);
      f(step.state(), step.info());
    }
  }

  // The other seat's replies at `state`, or `state` itself as the one leaf.
  std::vector<Leaf> replies(const std::string& state, const pb::StateInfo& info) {
    std::vector<Leaf> out;
    if (info.terminal() || info.to_move() != 1 - seat_) {
      out.push_back(leaf(state, info));
      return out;
    }
    each_child(state, info, [&](const std::string& s, const pb::StateInfo& i) { out.push_back(leaf(s, i)); });
    return out;
  }

  Leaf leaf(const std::string& state, const pb::StateInfo& info) const {
    Leaf l;
    l.state = state;
    if (info.terminal()) {
      l.terminal = true;
      l.return_sum = info.returns(seat_);
      l.margin_sum = keeps_points_ && info.scores_size() >= 2
                         ? static_cast<double>(info.scores(seat_) - info.scores(1 - seat_))
                         : info.returns(seat_);
    }
    return l;
  }

  Plugin& game_;
  int seat_;
  bool keeps_points_;
  pb::QueryFlags flags_;
};

}  // namespace

rpb::Evaluation reply_value(Plugin& game, const std::string& state, int seat, std::uint64_t playouts,
                            std::uint64_t seed, bool keeps_points, bool uniform, double* error) {
  assert(game.players() == 2 && (seat == 0 || seat == 1));
  ReplyTree tree(game, seat, keeps_points);
  std::vector<std::vector<Leaf>> branches = tree.branches(state);
  LeafPlayouts runner(game, seat, keeps_points, uniform, seed);
  const std::uint64_t each = std::max<std::uint64_t>(1, playouts / branches.size());
  double best_margin = -1e300, best_return = 0, best_error = 0;
  std::uint64_t run = 0;
  for (auto& replies : branches) {
    const Leaf& reply = best_reply(replies, each, runner);
    for (const Leaf& l : replies) run += l.playouts;
    if (reply.margin() > best_margin)
      best_margin = reply.margin(), best_return = reply.mean_return(), best_error = reply.error();
  }
  if (error) *error = best_error;
  rpb::Evaluation e;
  e.set_margin(best_margin);
  e.set_win_probability(std::clamp((best_return + 1) / 2, 0.0, 1.0));
  e.set_exact(false);
  e.set_visits(run);
  return e;
}

}  // namespace gamehost::review
