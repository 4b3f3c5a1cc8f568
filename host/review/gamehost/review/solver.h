// The endgame solver: alpha-beta on the exact final-score margin, searched
// to the end of the game, with a transposition table keyed by the state's
// hash. It works through the plugin interface (Apply, Query), so it solves
// any two-seat game of perfect information without chance; the review
// marks every value it proves as exact.
//
// Values are seat 0's margin (its points minus seat 1's; games that keep no
// points: the return). Seat 0 maximises it, seat 1 minimises it, whoever
// moves next — a seat may move twice in a row.
#pragma once

#include <atomic>

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "gamehost/calls/plugin.h"

namespace gamehost::review {

struct Solved {
  double margin = 0;                 // seat 0's exact final margin under best play
  std::uint32_t best_action = 0;     // a best action for the seat to move
  std::vector<std::uint32_t> line;   // the best play from here to the end, best_action first
  std::uint64_t nodes = 0;           // positions visited (Apply calls)
};

class EndgameSolver {
 public:
  // A solver keeps its table between solves, so solving positions from the
  // end backwards reuses what it learnt. Games that keep no points
  // (keeps_points false) are valued by the returns, which lie in [-1, 1]:
  // the search then stops at the first proved win.
  EndgameSolver(Plugin& game, bool keeps_points);

  // Whether this game can be solved at all (two seats, no chance, no hidden
  // information).
  bool applicable() const { return applicable_; }

  // The exact value of `state` (info: to_move and legal_ids), or nullopt
  // when more than `node_budget` positions would be needed (or the game is
  // not applicable). Deterministic for the same sequence of calls.
  std::optional<Solved> solve(const std::string& state, const pb::StateInfo& info, std::uint64_t node_budget,
                              std::optional<double> guess = std::nullopt);

  std::size_t table_size() const { return table_.size(); }
  // A flag that ends a solve as its budget does (nullopt) when set: the
  // live engine's search, let go, stops within one node (issue 43: a step
  // key waited for the old search's proof).
  void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }

 private:
  enum class Bound : std::uint8_t { Exact, Lower, Upper };
  struct Entry {
    double value = 0;
    std::uint32_t best = 0;
    Bound bound = Bound::Exact;
  };
  struct OutOfBudget {};
  struct Child {
    std::uint32_t action;
    std::string state;
    pb::StateInfo info;
    double final_value;  // when the child is terminal
  };

  // Every child of `state`, made now: finished games first (the mover's
  // best first), then `first`, then the rest in id order.
  std::vector<Child> finished_first(const std::string& state, const pb::StateInfo& info, bool maximising,
                                    std::uint32_t first);

  double search(const std::string& state, const pb::StateInfo& info, double alpha, double beta);
  // A child after the first, searched with a null window at the bound its
  // parent must beat (`maximising`: the parent's mover is seat 0), and
  // again with a wider window when it beats it. Whole-number values only.
  double search_null_window(const std::string& state, const pb::StateInfo& info, bool maximising, double alpha,
                            double beta);
  double terminal_margin(const std::string& state, const pb::StateInfo& info);

  Plugin& game_;
  bool applicable_ = false;
  bool keeps_points_;
  std::unordered_map<std::uint64_t, Entry> table_;
  std::uint64_t nodes_ = 0, budget_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  bool stopped() const { return stop_ && stop_->load(std::memory_order_relaxed); }
  pb::QueryFlags legal_;
};

}  // namespace gamehost::review
