#include "endgame_reference.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "alien_city/core/scoring.h"

namespace alien_city::reference {
namespace {

constexpr int kInfinity = 1 << 20;
constexpr std::size_t kTableSize = 1u << 21;  // 2M entries of 24 bytes: 48 MB
// Above this bound on the decisions left, children are ordered by their
// one-ply valuation; nearer the end, scoring every child costs more than it
// saves (measured: 7 is about as fast as 9, 3 twice as slow a position).
constexpr int kOrderedAbove = 7;

// Two independent 64-bit hashes of the state's bytes (the layout included:
// it never changes within a solve, so it costs a little time only).
std::pair<std::uint64_t, std::uint64_t> state_keys(const State& s) {
  static_assert(std::is_trivially_copyable_v<State>);
  constexpr std::size_t kWords = sizeof(State) / 8;
  std::uint64_t words[kWords];
  std::memcpy(words, &s, kWords * 8);
  std::uint64_t a = 0x243F6A8885A308D3ull, b = 0x13198A2E03707344ull;
  for (const std::uint64_t w : words) {
    a = (a ^ w) * 0x9E3779B97F4A7C15ull;
    a ^= a >> 29;
    b = (b + w) * 0xC2B2AE3D27D4EB4Full;
    b ^= b >> 31;
  }
  return {a, b};
}

// Decisions left to the end at most: each build uses a structure, each
// build may be followed by a claim decision.
int decisions_left(const State& s) {
  return 2 * (s.supply(Player::White).total_structures() + s.supply(Player::Black).total_structures());
}

}  // namespace

struct EndgameSolver::Entry {
  std::uint64_t key = 0, check = 0;
  std::int16_t value = 0;
  std::uint16_t best = 0;     // action id
  std::uint8_t bound = 0;     // 0 exact, 1 lower, 2 upper
  std::uint8_t generation = 0;
};

EndgameSolver::EndgameSolver() = default;
EndgameSolver::~EndgameSolver() = default;

int EndgameSolver::search(const State& s, int alpha, int beta) {
  if (s.is_over()) return black_margin(s);
  if (++nodes_ > budget_) throw OutOfBudget{};
  const auto [key, check] = state_keys(s);
  Entry& slot = table_[key & (kTableSize - 1)];
  int table_best = -1;
  const std::uint8_t generation = static_cast<std::uint8_t>(generation_);
  if (slot.key == key && slot.check == check && slot.generation == generation) {
    if (slot.bound == 0) return slot.value;
    if (slot.bound == 1) alpha = std::max<int>(alpha, slot.value);
    else beta = std::min<int>(beta, slot.value);
    if (alpha >= beta) return slot.value;
    table_best = slot.best;
  }
  const bool maximising = s.to_move() == Player::Black;

  // The children, the table's best first, then by the mover's provisional
  // margin after them (far from the end only), then in id order.
  struct Child {
    Action action;
    int order;
  };
  std::vector<Child> children;
  children.reserve(64);
  const bool ordered = decisions_left(s) > kOrderedAbove;
  visit_legal_actions(s, [&](const Action& a) {
    int order = 0;
    if (action_id(a) == table_best) {
      order = kInfinity;
    } else if (ordered) {
      State next = s;
      apply_unchecked(next, a);
      order = maximising ? black_margin(next) : -black_margin(next);
    }
    children.push_back({a, order});
  });
  std::stable_sort(children.begin(), children.end(), [](const Child& x, const Child& y) { return x.order > y.order; });

  const int alpha0 = alpha, beta0 = beta;
  int best = maximising ? -kInfinity : kInfinity;
  int best_id = action_id(children.front().action);
  bool first = true;
  for (const Child& c : children) {
    State next = s;
    apply_unchecked(next, c.action);
    int v;
    if (first) {
      v = search(next, alpha, beta);
    } else if (maximising) {  // a null window at alpha; wider only when it beats it
      v = search(next, alpha, alpha + 1);
      if (v > alpha && v < beta) v = search(next, v, beta);
    } else {
      v = search(next, beta - 1, beta);
      if (v < beta && v > alpha) v = search(next, alpha, v);
    }
    first = false;
    if (maximising ? v > best : v < best) best = v, best_id = action_id(c.action);
    if (maximising) alpha = std::max(alpha, v);
    else beta = std::min(beta, v);
    if (alpha >= beta) break;
  }
  Entry& store = table_[key & (kTableSize - 1)];
  store.key = key;
  store.check = check;
  store.value = static_cast<std::int16_t>(best);
  store.best = static_cast<std::uint16_t>(best_id);
  store.bound = best <= alpha0 ? 2 : best >= beta0 ? 1 : 0;
  store.generation = generation;
  return best;
}

int EndgameSolver::search_window(const State& s, std::optional<int> guess) {
  if (!guess) return search(s, -kInfinity, kInfinity);
  // A window of one either side proves the guess at once, or bounds the
  // value for a search on the side where it failed.
  const int v = search(s, *guess - 1, *guess + 1);
  if (v <= *guess - 1) return search(s, -kInfinity, v + 1);
  if (v >= *guess + 1) return search(s, v - 1, kInfinity);
  return v;
}

void EndgameSolver::best_line(State s, int margin, std::vector<Action>& line) {
  while (!s.is_over()) {
    // The table's move first: usually right, then proved in one search.
    std::vector<Action> actions = legal_actions(s);
    const auto [key, check] = state_keys(s);
    const Entry& slot = table_[key & (kTableSize - 1)];
    if (slot.key == key && slot.check == check && slot.generation == static_cast<std::uint8_t>(generation_)) {
      const auto it = std::find_if(actions.begin(), actions.end(),
                                   [&](const Action& a) { return action_id(a) == slot.best; });
      if (it != actions.end()) std::rotate(actions.begin(), it, it + 1);
    }
    bool found = false;
    for (const Action& a : actions) {
      State next = s;
      apply_unchecked(next, a);
      if (search(next, margin - 1, margin + 1) == margin) {
        line.push_back(a);
        s = next;
        found = true;
        break;
      }
    }
    if (!found) return;  // cannot happen when the margin is right
  }
}

EndgameResult EndgameSolver::solve(const State& s, std::uint64_t budget, std::optional<int> guess) {
  if (table_.empty()) table_.resize(kTableSize);
  // A new generation makes the entries of earlier solves stale; when the
  // tag wraps, the table is cleared.
  if ((++generation_ & 0xFF) == 0) std::fill(table_.begin(), table_.end(), Entry{});
  nodes_ = 0;
  budget_ = budget;
  EndgameResult r;
  try {
    r.margin = search_window(s, guess);
  } catch (const OutOfBudget&) {
    r.nodes = nodes_;
    return r;
  }
  r.proved = true;
  budget_ = nodes_ + budget;  // the line may spend as much again, and stops short past that
  try {
    best_line(s, r.margin, r.line);
  } catch (const OutOfBudget&) {
  }
  if (r.line.empty()) r.line.push_back(legal_actions(s).front());
  r.nodes = nodes_;
  return r;
}

}  // namespace alien_city::reference
