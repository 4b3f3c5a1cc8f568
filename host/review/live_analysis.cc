#include "gamehost/review/live_analysis.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

#include "gamehost/play/agents/mcts.h"
#include "gamehost/calls/parallel.h"
#include "gamehost/review/position_value.h"
#include "gamehost/review/reviewer.h"
#include "gamehost/review/solver.h"

namespace gamehost::review {

namespace {

// Enough for the last plies of a game within a second; beyond it the
// search goes on by MCTS (docs/review.md, the solver's budget).
constexpr std::uint64_t kSolverBudget = 60000;
// The tree stops growing here (memory); the last update stays.
constexpr std::uint64_t kMaxIterations = 4000000;
constexpr auto kRefresh = std::chrono::milliseconds(200);

// The search runs beside someone looking (the viewer's frames, a
// terminal): its threads yield the cores to them (Linux: niceness is per
// thread). Best effort; a failure only leaves the default priority.
void yield_to_foreground() { setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10); }

double win_of(double margin) { return margin > 0 ? 1.0 : margin < 0 ? 0.0 : 0.5; }

}  // namespace

LiveAnalysis::LiveAnalysis(const Plugin& game, std::string state, int threads)
    : game_(game.clone()), state_(std::move(state)), threads_(std::max(1, threads)) {
  thread_ = std::thread([this] { search(); });
}

LiveAnalysis::~LiveAnalysis() { stop(); }

void LiveAnalysis::stop() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

LiveUpdate LiveAnalysis::latest() const {
  std::lock_guard lock(mutex_);
  return latest_;
}

void LiveAnalysis::publish(std::vector<Suggestion> top, std::uint64_t iterations, bool exact) {
  std::lock_guard lock(mutex_);
  latest_.top = std::move(top);
  latest_.iterations = iterations;
  latest_.exact = exact;
  ++latest_.refreshes;
}

// Every legal move's exact value, when the solver proves them all.
bool LiveAnalysis::solve_exactly(const pb::StateInfo& info) {
  const bool points = keeps_points(*game_, state_);
  EndgameSolver solver(*game_, points);
  if (!solver.applicable()) return false;
  solver.set_stop(&stop_);  // a search let go ends inside a proof too
  pb::QueryFlags flags;
  flags.set_legal_ids(true);
  flags.set_scores(true);
  std::vector<Suggestion> all;
  for (std::uint32_t action : info.legal_ids()) {
    if (stop_) return false;
    pb::ApplyResponse child;
    game_->apply(state_, action, flags, child, /*describe_action=*/true);
    double margin0 = 0;
    if (child.info().terminal()) {
      const auto& s = child.info().scores();
      margin0 = points && s.size() == 2 ? static_cast<double>(s[0] - s[1]) : child.info().returns(0);
    } else {
      const auto solved = solver.solve(child.state(), child.info(), kSolverBudget);
      if (!solved) return false;
      margin0 = solved->margin;
    }
    const double mine = info.to_move() == 0 ? margin0 : -margin0;
    all.push_back({action, child.action().notation(), mine, win_of(mine), 0, true});
  }
  std::stable_sort(all.begin(), all.end(), [](const Suggestion& a, const Suggestion& b) { return a.margin > b.margin; });
  if (all.size() > 3) all.resize(3);
  publish(std::move(all), 0, true);
  return true;
}

// Root-parallel, as `mcts:threads=N` searches: one tree per thread, each
// on its own plugin instance and seed, their root statistics summed.
std::vector<RootChild> LiveAnalysis::search_round(std::vector<std::unique_ptr<MctsTree>>& trees,
                                                  std::uint64_t& done) {
  const auto deadline = std::chrono::steady_clock::now() + kRefresh;
  std::vector<std::uint64_t> ran(trees.size(), 0);
  auto work = [&](std::size_t t) {
    if (t > 0) yield_to_foreground();
    ran[t] = trees[t]->run(20000, deadline, &stop_);
  };
  run_on_threads(static_cast<int>(trees.size()), [&](int t) { work(static_cast<std::size_t>(t)); });
  std::vector<RootChild> sum;
  for (std::size_t t = 0; t < trees.size(); ++t) {
    done += ran[t];
    for (const RootChild& c : trees[t]->root_children()) {
      auto it = std::find_if(sum.begin(), sum.end(), [&](const RootChild& s) { return s.action == c.action; });
      if (it == sum.end()) {
        sum.push_back(c);
        continue;
      }
      it->visits += c.visits;
      it->value += c.value;
      it->margin += c.margin;
    }
  }
  return sum;
}

void LiveAnalysis::search() {
  yield_to_foreground();
  pb::QueryFlags flags;
  flags.set_legal_ids(true);
  flags.set_legal_details(true);
  const pb::StateInfo info = game_->query(state_, flags);
  if (info.terminal() || info.to_move() < 0) {
    std::lock_guard lock(mutex_);
    latest_.problem = info.terminal() ? "the game is over: " + info.result() : "chance is to move: nothing to search";
    return;
  }
  if (solve_exactly(info) || stop_) return;
  const bool points = keeps_points(*game_, state_);
  MctsOptions options;
  options.score_weight = 0.5;  // tell moves apart by points, as the review does
  std::vector<std::unique_ptr<Plugin>> games;
  std::vector<std::unique_ptr<MctsTree>> trees;
  for (int t = 0; t < threads_; ++t) {
    Plugin& game = t == 0 ? *game_ : *games.emplace_back(game_->clone());
    trees.push_back(std::make_unique<MctsTree>(game, options, static_cast<std::uint64_t>(t) + 1));
    trees.back()->set_root(state_, info, false, 0);
  }
  std::uint64_t done = 0;
  while (!stop_ && done < kMaxIterations) {
    std::vector<RootChild> children = search_round(trees, done);
    std::stable_sort(children.begin(), children.end(),
                     [](const RootChild& a, const RootChild& b) { return a.visits > b.visits; });
    std::vector<Suggestion> top;
    for (const RootChild& c : children) {
      if (top.size() == 3 || c.visits == 0) break;
      const auto value = child_value(c, points);
      std::string notation;
      for (const auto& a : info.legal())
        if (a.id() == c.action) notation = a.notation();
      top.push_back({c.action, notation, value.margin(), value.win_probability(), c.visits, false});
    }
    publish(std::move(top), done, false);
  }
}

}  // namespace gamehost::review
