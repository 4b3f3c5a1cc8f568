#include "stones.h"

#include <algorithm>

namespace city_planning {
namespace {

constexpr int kPop = 1, kRes = 2;
constexpr int bit_of(Stone s) { return s == Stone::Population ? kPop : kRes; }

struct Seq {
  std::array<Stone, 3> s{};
  int n = 0;
};

bool complete(const Seq& q) { return (q.n == 2 && q.s[0] != q.s[1]) || q.n == 3; }

int next_kinds(const Seq& q) {
  if (complete(q)) return 0;
  if (q.n == 2) return bit_of(q.s[0]);
  return kPop | kRes;
}

Seq seq_of(const State& s) {
  Seq q;
  q.n = s.stones_placed();
  for (int i = 0; i < q.n; ++i) q.s[i] = s.placed_stone(i);
  return q;
}

// The best outcome reachable by extending q on board b (b is restored).
int best(State& b, Seq q) {
  if (complete(q)) return kCompleteGoal;
  int v = q.n;
  const int kinds = next_kinds(q);
  // After one stone, try the other kind first: it completes at once.
  const Stone order[2] = {q.n == 1 ? (q.s[0] == Stone::Population ? Stone::Resource : Stone::Population)
                                   : Stone::Population,
                          q.n == 1 ? q.s[0] : Stone::Resource};
  for (Stone t : order) {
    if (!(kinds & bit_of(t))) continue;
    const PointSet points = b.stone_points(t);
    if (points.empty()) continue;
    Seq next = q;
    next.s[next.n++] = t;
    if (complete(next)) return kCompleteGoal;
    for (Point x : points) {
      b.put_stone(x, t);
      v = std::max(v, best(b, next));
      b.remove_stone(x);
      if (v == kCompleteGoal) return v;
    }
  }
  return v;
}

// Legality of a stone the point rule allows, on a scratch copy `b`.
bool keeps_goal(State& b, Stone stone, Point p) {
  Seq q = seq_of(b);
  q.s[q.n++] = stone;
  const int goal = b.stone_goal();
  if (goal == kCompleteGoal && complete(q)) return true;
  b.put_stone(p, stone);
  const int r = best(b, q);
  b.remove_stone(p);
  return r == goal;
}

}  // namespace

int next_stone_kinds(const State& s) { return next_kinds(seq_of(s)); }
bool option_complete(const State& s) { return complete(seq_of(s)); }

int reachable_goal(const State& s) {
  State b = s;
  return best(b, seq_of(s));
}

bool stone_is_legal(const State& s, Stone stone, Point p) {
  if (s.phase() != Phase::Stones || p < 0 || p >= kPoints) return false;
  if (!(next_stone_kinds(s) & bit_of(stone)) || !s.stone_points(stone).contains(p)) return false;
  State b = s;
  return keeps_goal(b, stone, p);
}

std::optional<Error> why_not_stone(const State& s, Stone stone, Point p) {
  auto err = [](std::string why, const std::string& published = "") { return rule_error("C5", why, published); };
  if (s.phase() != Phase::Stones) return Error{"C6", "ruling C6: stones are placed only at the start of a turn"};
  if (p < 0 || p >= kPoints) return err("no such point");
  const std::string name = point_name(p);
  const int kinds = next_stone_kinds(s);
  if (!(kinds & bit_of(stone)))
    return err(std::string("the options are P R, R P, P P P or R R R; after this turn's ") +
                   (s.stones_placed() == 2 ? "two stones only a third of the same kind may follow"
                                            : "stones the option is complete"),
               "3.1");
  if (!s.is_empty(p)) {
    std::string what = s.stone_at(p)                ? "holds a stone"
                       : s.coin_at(p) != kNone      ? "holds Development " + piece_name(s.coin_at(p))
                                                    : "is covered by Zone " + piece_name(s.zone_at(p));
    return err(name + " is not empty: it " + what, "3.2");
  }
  const int pop = s.population_neighbours(p), res = s.resource_neighbours(p);
  if (pop + res == 0)
    return err(name + " is not adjacent to any stone", stone == Stone::Population ? "3.3" : "3.4");
  if (stone == Stone::Population && res > 1)
    return err("a Population stone may touch at most one Resource stone; " + name + " touches " + std::to_string(res),
               "3.3");
  if (stone == Stone::Population && pop > 3)
    return err("a Population stone may touch at most three other Population stones; " + name + " touches " +
                   std::to_string(pop),
               "3.3");
  State b = s;
  if (!keeps_goal(b, stone, p))
    return err(s.stone_goal() == kCompleteGoal
                   ? "after this stone no option could be completed, but other stones complete one"
                   : "this stone leaves the turn short of the " + std::to_string(s.stone_goal()) +
                         " stones that can be placed");
  return std::nullopt;
}

PointSet legal_stone_points(const State& s, Stone stone) {
  PointSet out;
  if (s.phase() != Phase::Stones || !(next_stone_kinds(s) & bit_of(stone))) return out;
  State b = s;
  for (Point p : s.stone_points(stone))
    if (keeps_goal(b, stone, p)) out.insert(p);
  return out;
}

bool any_legal_stone(const State& s) {
  if (s.phase() != Phase::Stones) return false;
  const int kinds = next_stone_kinds(s);
  State b = s;
  for (Stone t : {Stone::Population, Stone::Resource}) {
    if (!(kinds & bit_of(t))) continue;
    for (Point p : s.stone_points(t))
      if (keeps_goal(b, t, p)) return true;
  }
  return false;
}

}  // namespace city_planning
