#include "endgame.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

#include <sys/mman.h>

#include "scoring.h"

namespace alien_city {
namespace {

constexpr int kInfinity = 1 << 20;
// Buckets of two entries on one 64-byte line: from 4 MB for small budgets
// to 512 MB for the largest (see table_buckets_for).
constexpr std::size_t kMinBuckets = 1u << 16;
constexpr std::size_t kMaxBuckets = 1u << 23;
// Margins of scored states remembered by key, one a slot: 4 MB.
constexpr std::size_t kScores = 1u << 17;
// Above this bound on the decisions left, children are made first and
// ordered by their one-ply valuation, and looked up in the table before any
// is searched; nearer the end, scoring every child costs more than it saves
// (measured with the killer moves: 11 is faster than 7 or 15).
constexpr int kOrderedAbove = 11;
// Above this one, by the two-ply valuation instead (the provisional margin
// after the best reply): about 30% fewer positions 12 decisions from the
// end, for a few hundred scores at each of the few nodes this far up.
constexpr int kDeepOrderAbove = 19;
// At this bound or below, the table is neither read nor written: the
// subtrees are smaller than what a look-up costs.
constexpr int kTableAbove = 2;

// splitmix64's finaliser: a bijection that spreads every bit of x.
constexpr std::uint64_t mix(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// Zobrist features, each one number (tag) hashed two independent ways: a
// piece on a lot, a claim of a lot, a count in a supply, the turn.
using Keys = EndgameSolver::Keys;
constexpr Keys feature(std::uint64_t tag) {
  return {mix(tag * 0x9E3779B97F4A7C15ull + 0x243F6A8885A308D3ull),
          mix(tag * 0xC2B2AE3D27D4EB4Full + 0x13198A2E03707344ull)};
}
constexpr std::uint64_t piece_tag(int kind, Lot lot) { return 1 + kind * kLots + lot; }
constexpr std::uint64_t owner_tag(int player, Lot lot) { return 1000 + player * kLots + lot; }
constexpr std::uint64_t supply_tag(int player, int kind, int count) {
  return 2000 + (player * kPieceKinds + kind) * 256 + count;
}
constexpr std::uint64_t caps_tag(int player, int count) { return 6000 + player * 256 + count; }
std::uint64_t turn_tag(const State& s) {
  return 7000 + static_cast<int>(s.phase()) * 4 + index_of(s.to_move()) * 2 + index_of(s.next_builder());
}
void toggle(Keys& k, std::uint64_t tag) {
  const Keys f = feature(tag);
  k.a ^= f.a;
  k.b ^= f.b;
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
  std::uint8_t depth = 0;     // decisions left at most: the bigger, the dearer to find again
  std::uint8_t generation = 0;
};

struct EndgameSolver::Child {
  Action action;
  int order;
};

int black_margin(const State& s) {
  const auto totals = score_totals(s);
  return totals[index_of(Player::Black)] - totals[index_of(Player::White)];
}

struct EndgameSolver::Score {
  std::uint64_t key = 0, check = 0;
  int value = 0;
  std::uint32_t generation = 0;
};

int EndgameSolver::margin_of(const State& s, Keys k) {
  // Finished games recur, reached by the same builds in other orders, and
  // scoring one costs a street search per claimed tower.
  Score& slot = scores_[k.a & (kScores - 1)];
  if (slot.key == k.a && slot.check == k.b && slot.generation == generation_) return slot.value;
  slot = {k.a, k.b, black_margin(s), generation_};
  return slot.value;
}

EndgameSolver::EndgameSolver() = default;
EndgameSolver::~EndgameSolver() = default;

int EndgameSolver::reply_margin(const State& s, Keys k) {
  if (s.is_over()) return margin_of(s, k);
  const bool maximising = s.to_move() == Player::Black;
  int best = maximising ? -kInfinity : kInfinity;
  visit_legal_actions(s, [&](const Action& a) {
    State next = s;
    apply_unchecked(next, a);
    const int v = margin_of(next, child_keys(k, s, a, next));
    best = maximising ? std::max(best, v) : std::min(best, v);
  });
  return best;
}

EndgameSolver::Keys EndgameSolver::keys_of(const State& s) {
  Keys k;
  for (Lot lot : s.built()) toggle(k, piece_tag(static_cast<int>(*s.piece_at(lot)), lot));
  for (int p = 0; p < 2; ++p) {
    const auto player = static_cast<Player>(p);
    for (Lot lot : s.claimed_by(player)) toggle(k, owner_tag(p, lot));
    const Supply& supply = s.supply(player);
    for (int kind = 0; kind < kPieceKinds; ++kind) toggle(k, supply_tag(p, kind, supply.pieces[kind]));
    toggle(k, caps_tag(p, supply.caps));
  }
  toggle(k, turn_tag(s));
  return k;
}

EndgameSolver::Keys EndgameSolver::child_keys(Keys k, const State& before, const Action& a, const State& after) {
  const int p = index_of(before.to_move());
  const Supply& was = before.supply(before.to_move());
  const Supply& now = after.supply(before.to_move());
  if (a.kind == Action::Kind::Build) {
    const int kind = static_cast<int>(a.piece);
    toggle(k, piece_tag(kind, a.lot));
    toggle(k, supply_tag(p, kind, was.pieces[kind]));
    toggle(k, supply_tag(p, kind, now.pieces[kind]));
  } else if (a.kind == Action::Kind::Claim) {
    toggle(k, owner_tag(p, a.lot));
    toggle(k, caps_tag(p, was.caps));
    toggle(k, caps_tag(p, now.caps));
  }
  toggle(k, turn_tag(before));
  toggle(k, turn_tag(after));
  return k;
}

// Two entries on one cache line.
struct alignas(64) EndgameSolver::Bucket {
  Entry entry[2];
};

void EndgameSolver::FreeTable::operator()(Bucket* b) const { std::free(b); }

std::size_t EndgameSolver::table_buckets_for(std::uint64_t budget) {
  std::size_t buckets = kMinBuckets;
  while (buckets < kMaxBuckets && buckets < budget / 2) buckets *= 2;
  return buckets;
}

void EndgameSolver::allocate_table(std::size_t buckets) {
  // On 2 MB pages where the system grants them: the look-ups land all over
  // the table, and with 4 KB pages most of them would miss the TLB too.
  constexpr std::size_t kPage = 2u << 20;
  capacity_ = buckets;
  table_.reset();
  const std::size_t bytes = (buckets * sizeof(Bucket) + kPage - 1) / kPage * kPage;
  void* memory = std::aligned_alloc(kPage, bytes);
  if (!memory) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  madvise(memory, bytes, MADV_HUGEPAGE);
#endif
  std::memset(memory, 0, bytes);
  table_.reset(static_cast<Bucket*>(memory));
}

const EndgameSolver::Entry* EndgameSolver::probe(Keys k) const {
  const Entry* bucket = table_[k.a & (buckets_ - 1)].entry;
  const auto generation = static_cast<std::uint8_t>(generation_);
  for (int i = 0; i < 2; ++i)
    if (bucket[i].key == k.a && bucket[i].check == k.b && bucket[i].generation == generation) return &bucket[i];
  return nullptr;
}

void EndgameSolver::store(Keys k, int depth, int value, int best_id, int alpha0, int beta0) {
  Entry* bucket = table_[k.a & (buckets_ - 1)].entry;
  const auto generation = static_cast<std::uint8_t>(generation_);
  // The first entry keeps the deepest result of this solve; a result it
  // displaces moves to the second, which otherwise takes the newest.
  Entry* slot = &bucket[1];
  const bool same = bucket[0].key == k.a && bucket[0].check == k.b;
  if (same || bucket[0].generation != generation || depth >= bucket[0].depth) {
    if (!same && bucket[0].generation == generation) bucket[1] = bucket[0];
    slot = &bucket[0];
  } else if (bucket[1].key == k.a && bucket[1].check == k.b) {
    slot = &bucket[1];
  }
  slot->key = k.a;
  slot->check = k.b;
  slot->value = static_cast<std::int16_t>(value);
  slot->best = static_cast<std::uint16_t>(best_id);
  slot->bound = value <= alpha0 ? 2 : value >= beta0 ? 1 : 0;
  slot->depth = static_cast<std::uint8_t>(std::min(depth, 255));
  slot->generation = generation;
}

int EndgameSolver::search(const State& s, Keys k, int alpha, int beta, int ply) {
  if (s.is_over()) return margin_of(s, k);
  if (++nodes_ > budget_) throw OutOfBudget{};
  const int left = decisions_left(s);
  const bool tabled = left > kTableAbove;
  int table_best = -1;
  if (tabled) {
    if (const Entry* e = probe(k)) {
      if (e->bound == 0) return e->value;
      if (e->bound == 1) alpha = std::max<int>(alpha, e->value);
      else beta = std::min<int>(beta, e->value);
      if (alpha >= beta) return e->value;
      table_best = e->best;
    }
  }
  const bool maximising = s.to_move() == Player::Black;
  std::vector<Child>& children = children_[ply];
  std::vector<State>& states = states_[ply];
  children.clear();
  states.clear();

  // The children, the table's best first, then by the mover's provisional
  // margin after them (far from the end only, where they are made here and
  // looked up in the table), then in id order.
  const bool ordered = left > kOrderedAbove;
  const int alpha0 = alpha, beta0 = beta;
  int etc_value = 0;
  bool etc_cut = false;
  visit_legal_actions(s, [&](const Action& a) {
    int order = 0;
    if (action_id(a) == table_best) order = kInfinity;
    else if (action_id(a) == killers_[ply][0]) order = kInfinity - 1;
    else if (action_id(a) == killers_[ply][1]) order = kInfinity - 2;
    if (ordered) {
      states.push_back(s);
      State& next = states.back();
      apply_unchecked(next, a);
      const Keys ck = child_keys(k, s, a, next);
      if (order == 0) {
        const int v = left > kDeepOrderAbove ? reply_margin(next, ck) : margin_of(next, ck);
        order = maximising ? v : -v;
      }
      if (!etc_cut && !next.is_over()) {
        if (const Entry* e = probe(ck)) {
          // A child's bound alone may settle this node.
          if (maximising && e->bound != 2 && e->value >= beta) etc_cut = true, etc_value = e->value;
          if (!maximising && e->bound != 1 && e->value <= alpha) etc_cut = true, etc_value = e->value;
          if (etc_cut) table_best = action_id(a);
        }
      }
    }
    children.push_back({a, order});
  });
  if (etc_cut) {
    store(k, left, etc_value, table_best, alpha0, beta0);
    return etc_value;
  }
  // Sort indices so that the made states stay where they are.
  const std::size_t n = children.size();
  std::uint16_t index[kActionIds];
  for (std::size_t i = 0; i < n; ++i) index[i] = static_cast<std::uint16_t>(i);
  std::stable_sort(index, index + n,
                   [&](std::uint16_t x, std::uint16_t y) { return children[x].order > children[y].order; });

  int best = maximising ? -kInfinity : kInfinity;
  int best_id = action_id(children[index[0]].action);
  State made = s;
  for (std::size_t i = 0; i < n; ++i) {
    const Action a = children[index[i]].action;
    const State* next = nullptr;
    if (ordered) {
      next = &states[index[i]];
    } else {
      made = s;
      apply_unchecked(made, a);
      next = &made;
    }
    const Keys ck = child_keys(k, s, a, *next);
    int v;
    if (i == 0) {
      v = search(*next, ck, alpha, beta, ply + 1);
    } else if (maximising) {  // a null window at alpha; wider only when it beats it
      v = search(*next, ck, alpha, alpha + 1, ply + 1);
      if (v > alpha && v < beta) v = search(*next, ck, v, beta, ply + 1);
    } else {
      v = search(*next, ck, beta - 1, beta, ply + 1);
      if (v < beta && v > alpha) v = search(*next, ck, alpha, v, ply + 1);
    }
    if (maximising ? v > best : v < best) best = v, best_id = action_id(a);
    if (maximising) alpha = std::max(alpha, v);
    else beta = std::min(beta, v);
    if (alpha >= beta) {
      if (killers_[ply][0] != action_id(a)) killers_[ply] = {action_id(a), killers_[ply][0]};
      break;
    }
  }
  if (tabled) store(k, left, best, best_id, alpha0, beta0);
  return best;
}

int EndgameSolver::search_window(const State& s, std::optional<int> guess) {
  const Keys k = keys_of(s);
  if (!guess) return search(s, k, -kInfinity, kInfinity, 0);
  // A window of one either side proves the guess at once, or bounds the
  // value for a search on the side where it failed.
  const int v = search(s, k, *guess - 1, *guess + 1, 0);
  if (v <= *guess - 1) return search(s, k, -kInfinity, v + 1, 0);
  if (v >= *guess + 1) return search(s, k, v - 1, kInfinity, 0);
  return v;
}

void EndgameSolver::best_line(State s, int margin, std::vector<Action>& line) {
  while (!s.is_over()) {
    // The table's move first: usually right, then proved in one search.
    std::vector<Action> actions = legal_actions(s);
    const Keys k = keys_of(s);
    if (const Entry* e = probe(k)) {
      const auto it = std::find_if(actions.begin(), actions.end(),
                                   [&](const Action& a) { return action_id(a) == e->best; });
      if (it != actions.end()) std::rotate(actions.begin(), it, it + 1);
    }
    bool found = false;
    for (const Action& a : actions) {
      State next = s;
      apply_unchecked(next, a);
      if (search(next, child_keys(k, s, a, next), margin - 1, margin + 1, 0) == margin) {
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
  // The same budget always searches a table of the same size, whatever
  // was allocated for earlier solves: the answer depends on the request alone.
  buckets_ = table_buckets_for(budget);
  if (!table_ || capacity_ < buckets_) allocate_table(buckets_);
  if (scores_.empty()) scores_.resize(kScores);
  // A new generation makes the entries of earlier solves stale; when the
  // tag wraps, the table is cleared.
  if ((++generation_ & 0xFF) == 0) std::fill(table_.get(), table_.get() + capacity_, Bucket{});
  nodes_ = 0;
  budget_ = budget;
  // One slot per decision to the end (sized here: search keeps references).
  const std::size_t depth = static_cast<std::size_t>(decisions_left(s)) + 2;
  if (children_.size() < depth) children_.resize(depth), states_.resize(depth);
  killers_.assign(children_.size(), {-1, -1});
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

}  // namespace alien_city
