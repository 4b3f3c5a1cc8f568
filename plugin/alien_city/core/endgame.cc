#include "endgame.h"

#include <algorithm>
#include <cassert>
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
// How far from the end the children are ordered. Above `ordered` on the
// bound of decisions left, children are made first and ordered by their
// one-ply valuation, and looked up in the table before any is searched;
// above `deep`, by the two-ply valuation instead (the provisional margin
// after the best reply). Ordering more of the tree visits fewer positions
// but costs more time, so a solve within a budget of positions (the
// review's) orders by the fewest positions (11 and 19: on the review's
// samples 12 decisions from the end, 838,794 positions instead of
// 1,170,560 without the two-ply order), and a solve with no practical
// limit by the least time (17 and 23: 15 decisions from the end, 7.3
// million positions instead of 6.3 but 3.8 s of CPU instead of 6.6;
// docs/performance.md, "The solver made faster").
struct OrderDepths {
  int ordered, deep;
};
constexpr OrderDepths kFewestPositions{11, 19};
constexpr OrderDepths kLeastTime{17, 23};
// From this budget on, a solve is ordered for the least time.
constexpr std::uint64_t kTimeOrderedBudget = 1'000'000'000;
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
  Score& slot = scores_[place_of(k, s) & (kScores - 1)];
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

std::uint64_t EndgameSolver::place_of(Keys k, const State& s) { return k.a ^ feature(turn_tag(s)).a; }

std::uint64_t EndgameSolver::child_place(Keys k, const State& before, const Action& a) {
  // As child_keys, without the turn after the move: a build takes one piece
  // from the supply, a claim one cap.
  std::uint64_t place = place_of(k, before);
  const int p = index_of(before.to_move());
  const Supply& was = before.supply(before.to_move());
  if (a.kind == Action::Kind::Build) {
    const int kind = static_cast<int>(a.piece);
    place ^= feature(piece_tag(kind, a.lot)).a ^ feature(supply_tag(p, kind, was.pieces[kind])).a ^
             feature(supply_tag(p, kind, was.pieces[kind] - 1)).a;
  } else if (a.kind == Action::Kind::Claim) {
    place ^= feature(owner_tag(p, a.lot)).a ^ feature(caps_tag(p, was.caps)).a ^ feature(caps_tag(p, was.caps - 1)).a;
  }
  return place;
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

void EndgameSolver::FreeTable::operator()(void* b) const { std::free(b); }

namespace {

// Zeroed memory on 2 MB pages where the system grants them: the look-ups
// land all over the tables, and with 4 KB pages most of them would miss
// the TLB too.
void* huge_page_zeroes(std::size_t bytes) {
  constexpr std::size_t kPage = 2u << 20;
  bytes = (bytes + kPage - 1) / kPage * kPage;
  void* memory = std::aligned_alloc(kPage, bytes);
  if (!memory) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
  madvise(memory, bytes, MADV_HUGEPAGE);
#endif
  std::memset(memory, 0, bytes);
  return memory;
}

}  // namespace

std::size_t EndgameSolver::table_buckets_for(std::uint64_t budget) {
  std::size_t buckets = kMinBuckets;
  while (buckets < kMaxBuckets && buckets < budget / 2) buckets *= 2;
  return buckets;
}

void EndgameSolver::allocate_table(std::size_t buckets) {
  capacity_ = buckets;
  table_.reset();
  table_.reset(static_cast<Bucket*>(huge_page_zeroes(buckets * sizeof(Bucket))));
}

void EndgameSolver::prefetch_child(Keys k, const State& s, const Action& a, int left) const {
  // The child's bound on the decisions left: a build uses a structure.
  const int child_left = a.kind == Action::Kind::Build ? left - 2 : left;
  if (child_left > kTableAbove) {
    __builtin_prefetch(&table_[child_place(k, s, a) & (buckets_ - 1)]);
  } else if (child_left == 0) {  // a finished game: scored
    __builtin_prefetch(&scores_[child_place(k, s, a) & (kScores - 1)]);
  }
}

const EndgameSolver::Entry* EndgameSolver::probe(Keys k, std::uint64_t place) const {
  const Entry* bucket = table_[place & (buckets_ - 1)].entry;
  const auto generation = static_cast<std::uint8_t>(generation_);
  for (int i = 0; i < 2; ++i)
    if (bucket[i].key == k.a && bucket[i].check == k.b && bucket[i].generation == generation) return &bucket[i];
  return nullptr;
}

void EndgameSolver::store(Keys k, std::uint64_t place, int depth, int value, int best_id, int alpha0, int beta0) {
  Entry* bucket = table_[place & (buckets_ - 1)].entry;
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

namespace {

// Whether `a` (a killer move, from another position) is legal in `s`.
bool is_legal_here(const State& s, const Action& a) {
  switch (a.kind) {
    case Action::Kind::Build: return build_is_legal(s, s.to_move(), a.piece, a.lot);
    case Action::Kind::Claim: return s.phase() == Phase::Claim && s.unclaimed_towers().contains(a.lot);
    case Action::Kind::Decline: return s.phase() == Phase::Claim;
  }
  return false;
}

}  // namespace

int EndgameSolver::search(const State& s, Keys k, int alpha, int beta, int ply) {
  if (s.is_over()) return margin_of(s, k);
  if (++nodes_ > budget_) throw OutOfBudget{};
  const int left = decisions_left(s);
  const bool tabled = left > kTableAbove;
  const std::uint64_t place = tabled ? place_of(k, s) : 0;
  int table_best = -1;
  if (tabled) {
    if (const Entry* e = probe(k, place)) {
      if (e->bound == 0) return e->value;
      if (e->bound == 1) alpha = std::max<int>(alpha, e->value);
      else beta = std::min<int>(beta, e->value);
      if (alpha >= beta) return e->value;
      table_best = e->best;
    }
  }
  const bool maximising = s.to_move() == Player::Black;
  const bool ordered = left > ordered_above_;
  const int alpha0 = alpha, beta0 = beta;
  int best = maximising ? -kInfinity : kInfinity;
  int best_id = -1;
  int searched = 0;  // children searched so far
  // One child's value: the first with the node's window, the others first
  // with a null window (at alpha for Black, at beta for White), searched
  // again wider only when they beat it. True when it cuts the rest off.
  auto search_child = [&](const State& next, const Action& a) {
    const Keys ck = child_keys(k, s, a, next);
    int v;
    if (searched++ == 0) {
      v = search(next, ck, alpha, beta, ply + 1);
    } else if (maximising) {
      v = search(next, ck, alpha, alpha + 1, ply + 1);
      if (v > alpha && v < beta) v = search(next, ck, v, beta, ply + 1);
    } else {
      v = search(next, ck, beta - 1, beta, ply + 1);
      if (v < beta && v > alpha) v = search(next, ck, alpha, v, ply + 1);
    }
    if (maximising ? v > best : v < best) best = v, best_id = action_id(a);
    if (maximising) alpha = std::max(alpha, v);
    else beta = std::min(beta, v);
    if (alpha < beta) return false;
    if (killers_[ply][0] != action_id(a)) killers_[ply] = {action_id(a), killers_[ply][0]};
    return true;
  };
  // Near the end the table's move and the killers are searched before the
  // other decisions are listed, in the order the list would give them: one
  // of them usually cuts the rest off, and listing the legal builds (the
  // street rule at every lot) is a good part of a node's cost. A position
  // with the same 128-bit key is this one, so the table's move is legal
  // here; a killer is checked.
  std::array<int, 3> first_ids{-1, -1, -1};
  if (!ordered) {
    const std::array<int, 3> candidates{table_best, killers_[ply][0], killers_[ply][1]};
    std::size_t made_first = 0;
    for (const int id : candidates) {
      if (id < 0 || std::find(first_ids.begin(), first_ids.end(), id) != first_ids.end()) continue;
      const Action a = *action_from_id(id);
      if (id != table_best && !is_legal_here(s, a)) continue;
      first_ids[made_first++] = id;
      State made = s;
      apply_unchecked(made, a);
      if (search_child(made, a)) {
        if (tabled) store(k, place, left, best, best_id, alpha0, beta0);
        return best;
      }
    }
  }
  std::vector<Child>& children = children_[ply];
  std::vector<State>& states = states_[ply];
  children.clear();
  states.clear();

  // The children, the table's best first, then by the mover's provisional
  // margin after them (far from the end only, where they are made here and
  // looked up in the table), then in id order.
  int etc_value = 0;
  bool etc_cut = false;
  visit_legal_actions(s, [&](const Action& a) {
    if (std::find(first_ids.begin(), first_ids.end(), action_id(a)) != first_ids.end()) return;
    int order = 0;
    if (action_id(a) == table_best) order = kInfinity;
    else if (action_id(a) == killers_[ply][0]) order = kInfinity - 1;
    else if (action_id(a) == killers_[ply][1]) order = kInfinity - 2;
    if (ordered) {
      prefetch_child(k, s, a, left);
      states.push_back(s);
      State& next = states.back();
      apply_unchecked(next, a);
      const Keys ck = child_keys(k, s, a, next);
      assert(child_place(k, s, a) == place_of(ck, next));
      if (order == 0) {
        const int v = left > deep_order_above_ ? reply_margin(next, ck) : margin_of(next, ck);
        order = maximising ? v : -v;
      }
      if (!etc_cut && !next.is_over()) {
        if (const Entry* e = probe(ck, place_of(ck, next))) {
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
    store(k, place, left, etc_value, table_best, alpha0, beta0);
    return etc_value;
  }
  // Sort indices so that the made states stay where they are.
  const std::size_t n = children.size();
  std::uint16_t index[kActionIds];
  for (std::size_t i = 0; i < n; ++i) index[i] = static_cast<std::uint16_t>(i);
  // Near the end every order is 0 (the table's move and the killers went
  // first): the list's own order, by id.
  if (ordered)
    std::stable_sort(index, index + n,
                   [&](std::uint16_t x, std::uint16_t y) { return children[x].order > children[y].order; });

  if (n == 0) {  // the moves searched first were all there were
    if (tabled) store(k, place, left, best, best_id, alpha0, beta0);
    return best;
  }
  if (best_id < 0) best_id = action_id(children[index[0]].action);
  State made = s;
  // Each child's table line (or score slot) is asked for one child ahead;
  // no more, since the first child usually cuts the rest off.
  if (!ordered) prefetch_child(k, s, children[index[0]].action, left);
  for (std::size_t i = 0; i < n; ++i) {
    const Action a = children[index[i]].action;
    const State* next = nullptr;
    if (ordered) {
      next = &states[index[i]];
    } else {
      if (i + 1 < n) prefetch_child(k, s, children[index[i + 1]].action, left);
      made = s;
      apply_unchecked(made, a);
      next = &made;
    }
    if (search_child(*next, a)) break;
  }
  if (tabled) store(k, place, left, best, best_id, alpha0, beta0);
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
    if (const Entry* e = probe(k, place_of(k, s))) {
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
  if (!scores_) scores_.reset(static_cast<Score*>(huge_page_zeroes(kScores * sizeof(Score))));
  // A new generation makes the entries of earlier solves stale; when the
  // tag wraps, the table is cleared.
  if ((++generation_ & 0xFF) == 0) std::fill(table_.get(), table_.get() + capacity_, Bucket{});
  nodes_ = 0;
  budget_ = budget;
  const OrderDepths order = budget >= kTimeOrderedBudget ? kLeastTime : kFewestPositions;
  ordered_above_ = order.ordered;
  deep_order_above_ = order.deep;
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
