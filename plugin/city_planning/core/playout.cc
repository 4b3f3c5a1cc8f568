#include "playout.h"

#include <cassert>

#include "chance.h"
#include "stones.h"

namespace city_planning {
namespace {

constexpr int kTriesBeforeListing = 12;

Action random_stone(const State& s, Rng& rng) {
  const int kinds = next_stone_kinds(s);
  const PointSet pop = (kinds & 1) ? s.population_points() : PointSet{};
  const PointSet res = (kinds & 2) ? s.resource_points() : PointSet{};
  const int n_pop = pop.count(), total = n_pop + res.count();
  assert(total > 0);
  for (int attempt = 0; attempt < kTriesBeforeListing; ++attempt) {
    const int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
    const Action a = pick < n_pop ? Action::place_stone(Stone::Population, pop.nth(pick))
                                  : Action::place_stone(Stone::Resource, res.nth(pick - n_pop));
    if (stone_is_legal(s, a.stone, a.point)) return a;
  }
  const std::vector<Action> legal = legal_actions(s);
  assert(!legal.empty());
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

}  // namespace

Action random_action(const State& s, Rng& rng) {
  assert(!s.is_over());
  if (is_chance(s)) return sample_chance(s, rng);
  if (s.phase() == Phase::Stones) return random_stone(s, rng);
  const std::vector<Action> legal = legal_actions(s);
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

namespace {

// random_action_by_kind's draw from the main decision's list `legal`.
Action by_kind_from(const std::vector<Action>& legal, Rng& rng) {
  std::array<int, 3> first{-1, -1, -1}, count{};
  for (int i = 0; i < static_cast<int>(legal.size()); ++i) {
    const int k = legal[i].kind == Action::Kind::Pass ? 0 : legal[i].kind == Action::Kind::Zone ? 1 : 2;
    if (first[k] < 0) first[k] = i;
    ++count[k];
  }
  // Passing only when nothing else is legal.
  if (count[1] + count[2] == 0) return legal[first[0]];
  int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>((count[1] > 0) + (count[2] > 0))));
  for (int k = 1; k < 3; ++k) {
    if (!count[k] || pick-- > 0) continue;
    // legal_actions lists each kind contiguously (id order).
    return legal[first[k] + rng.below(static_cast<std::uint32_t>(count[k]))];
  }
  assert(false);
  return Action::pass();
}

}  // namespace

Action random_action_by_kind(const State& s, Rng& rng) {
  if (s.phase() != Phase::Main) return random_action(s, rng);
  return by_kind_from(legal_actions(s), rng);
}

Action guided_action(const State& s, Rng& rng) {
  if (s.phase() != Phase::Main) return random_action(s, rng);
  const Player mover = s.to_move();
  const int before = s.score(mover);
  Action best = Action::pass();
  int best_gain = -1;  // passing (0) only when every candidate loses points
  const std::vector<Action> legal = legal_actions(s);  // listed once for every candidate
  auto weigh = [&](const Action& a) {
    State after = s;
    apply_unchecked(after, a);
    const int gain = after.score(mover) - before;
    if (gain > best_gain) best = a, best_gain = gain;
  };
  for (int k = 0; k < kGuideCandidates; ++k) {
    const Action a = by_kind_from(legal, rng);
    if (a.kind == Action::Kind::Pass) return best;  // nothing but passing is legal
    weigh(a);
  }
  // Every Development onto a Zone too: few, and where the large points are
  // (C14); listed last (id order).
  for (auto it = legal.rbegin(); it != legal.rend() && it->kind == Action::Kind::Develop && it->zone != kNone; ++it)
    weigh(*it);
  return best;
}

int guided_playout(State& s, Rng& rng) {
  int n = 0;
  while (!s.is_over()) {
    apply_unchecked(s, guided_action(s, rng));
    ++n;
  }
  return n;
}

int random_playout(State& s, Rng& rng, ScoreEvents* events) {
  int n = 0;
  while (!s.is_over()) {
    apply_unchecked(s, random_action(s, rng), events);
    ++n;
  }
  return n;
}

}  // namespace city_planning
