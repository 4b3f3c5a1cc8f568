// Alien City's exact endgame solver (the plugin's Solve call): alpha-beta
// on the final margin over the rules core itself — states copied and
// changed in place, legal decisions from the lot bitmasks — with principal
// variation search (margins are whole numbers), moves ordered by the
// table's best move, then two killer moves a ply, then far from the end by
// the one-ply valuation (the mover's provisional margin after the move;
// after the best reply too, farther still), and a transposition table of
// two-entry buckets (the deeper result kept, the newest beside it) keyed
// by a 128-bit Zobrist hash of the state, updated move by move. Far from
// the end the children are looked up in the table before any is searched
// (enhanced transposition cut-offs); near it the table is skipped.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "rules.h"
#include "state.h"

namespace alien_city {

struct EndgameResult {
  bool proved = false;
  int margin = 0;             // Black's points minus White's under best play
  std::vector<Action> line;   // best play from the position: to the end, or at least one decision
  std::uint64_t nodes = 0;    // positions visited
};

class EndgameSolver {
 public:
  EndgameSolver();
  ~EndgameSolver();
  EndgameSolver(const EndgameSolver&) = delete;
  EndgameSolver& operator=(const EndgameSolver&) = delete;

  // Solves `s` (not over) within `budget` positions, trying a window of one
  // point round `guess` first when given. Every call starts from an empty
  // table: the answer depends on the position, budget and guess alone.
  EndgameResult solve(const State& s, std::uint64_t budget, std::optional<int> guess = std::nullopt);

  // The 128-bit key of a state as the table uses it (tests check that the
  // move-by-move update equals this).
  struct Keys {
    std::uint64_t a = 0, b = 0;
    friend bool operator==(const Keys&, const Keys&) = default;
  };
  static Keys keys_of(const State& s);
  // The key of `after`, the state made by `a` from `before` (key `k`).
  static Keys child_keys(Keys k, const State& before, const Action& a, const State& after);
  // The part of a key that places a state in the tables: the key without
  // the turn. The child's can be known before the move is made, so that its
  // table line is fetched from memory while the move is being made.
  static std::uint64_t place_of(Keys k, const State& s);
  static std::uint64_t child_place(Keys k, const State& before, const Action& a);

 private:
  struct Entry;
  struct Bucket;
  struct FreeTable {
    void operator()(void* b) const;
  };
  struct Child;
  struct Score;
  struct OutOfBudget {};

  int search(const State& s, Keys k, int alpha, int beta, int ply);
  int search_window(const State& s, std::optional<int> guess);
  void best_line(State s, int margin, std::vector<Action>& line);
  const Entry* probe(Keys k, std::uint64_t place) const;
  void store(Keys k, std::uint64_t place, int depth, int value, int best_id, int alpha0, int beta0);
  // Asks the memory for the table line (and, for finished games, the score
  // slot) of the child that `a` makes from `s`, before the child is made.
  void prefetch_child(Keys k, const State& s, const Action& a, int left) const;

  // Buckets for a solve of `budget` positions: about one entry for each
  // position visited, so that the deep solves keep their results.
  static std::size_t table_buckets_for(std::uint64_t budget);
  void allocate_table(std::size_t buckets);
  // black_margin(s), remembered by key.
  int margin_of(const State& s, Keys k);
  // The provisional margin after the best reply by it (the two-ply valuation).
  int reply_margin(const State& s, Keys k);

  std::unique_ptr<Bucket[], FreeTable> table_;  // allocated at the first solve, grown for larger budgets
  std::size_t capacity_ = 0, buckets_ = 0;  // allocated; used by this solve
  std::unique_ptr<Score[], FreeTable> scores_;
  std::uint32_t generation_ = 0;
  std::uint64_t nodes_ = 0, budget_ = 0;
  int ordered_above_ = 0, deep_order_above_ = 0;  // set by the budget (endgame.cc)
  // Per distance from the root: the children of the node being searched
  // there, and their states when made before the search (ordered nodes).
  std::vector<std::vector<Child>> children_;
  std::vector<std::vector<State>> states_;
  std::vector<std::array<int, 2>> killers_;
};

// Black's final margin of a finished game (or the provisional one).
int black_margin(const State& s);

}  // namespace alien_city
