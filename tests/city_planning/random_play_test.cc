// Properties that hold in every game: 1,200 seeded games under three random
// policies, checked after every decision, then replayed from their logs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <numeric>

#include "city_planning/core/chance.h"
#include "city_planning/core/diagram.h"
#include "city_planning/core/invariants.h"
#include "city_planning/core/observation.h"
#include "city_planning/core/playout.h"
#include "city_planning/core/serialize.h"
#include "city_planning/core/stones.h"
#include "city_planning/core/zones.h"
#include "test_positions.h"

using namespace city_planning;
using test::zones_first;

namespace {

constexpr int kGames = 1200;

Action policy(int which, const State& s, Rng& rng) {
  switch (which) {
    case 0: return random_action(s, rng);
    case 1: return random_action_by_kind(s, rng);
    default: return zones_first(s, rng);
  }
}

// An independent answer to C5 for one stone: naive neighbour counting on a
// plain array and an exhaustive search of the turn's options.
struct NaiveStones {
  std::array<int, kPoints> stone{};  // 0 none, 1 P, 2 R
  std::array<bool, kPoints> blocked{};

  explicit NaiveStones(const State& s) {
    for (Point p = 0; p < kPoints; ++p) {
      stone[p] = s.stone_at(p) ? 1 + static_cast<int>(*s.stone_at(p)) : 0;
      blocked[p] = s.coin_at(p) != kNone || s.zone_at(p) != kNone;
    }
  }
  bool allowed(int kind, Point p) const {
    if (stone[p] || blocked[p]) return false;
    int pop = 0, res = 0;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        const int c = col_of(p) + dc, r = row_of(p) + dr;
        if ((dr || dc) && on_board(c, r)) {
          pop += stone[point_at(c, r)] == 1;
          res += stone[point_at(c, r)] == 2;
        }
      }
    if (pop + res == 0) return false;
    return kind == 2 || (res <= 1 && pop <= 3);
  }
  // Best outcome (10 = an option completed, else stones placed) from `seq`.
  int best(std::vector<int>& seq) {
    const bool complete = (seq.size() == 2 && seq[0] != seq[1]) || seq.size() == 3;
    if (complete) return 10;
    int v = static_cast<int>(seq.size());
    for (int kind = 1; kind <= 2; ++kind) {
      if (seq.size() == 2 && kind != seq[0]) continue;
      for (Point p = 0; p < kPoints && v < 10; ++p) {
        if (!allowed(kind, p)) continue;
        stone[p] = kind;
        seq.push_back(kind);
        v = std::max(v, best(seq));
        seq.pop_back();
        stone[p] = 0;
      }
    }
    return v;
  }
};

void check_stones_against_naive(const State& s) {
  NaiveStones naive(s);
  std::vector<int> seq;
  for (int i = 0; i < s.stones_placed(); ++i) seq.push_back(1 + static_cast<int>(s.placed_stone(i)));
  const int goal = naive.best(seq);
  REQUIRE(goal == s.stone_goal());
  for (int kind = 1; kind <= 2; ++kind) {
    const PointSet legal = legal_stone_points(s, static_cast<Stone>(kind - 1));
    for (Point p = 0; p < kPoints; ++p) {
      bool ok = false;
      const bool prefix_ok = !(seq.size() == 2 && kind != seq[0]);
      if (prefix_ok && naive.allowed(kind, p)) {
        naive.stone[p] = kind;
        seq.push_back(kind);
        ok = naive.best(seq) == goal;
        seq.pop_back();
        naive.stone[p] = 0;
      }
      if (legal.contains(p) != ok) FAIL(to_diagram(s) << "stone kind " << kind << " on " << point_name(p));
    }
  }
}

}  // namespace

TEST_CASE("random games keep every invariant and replay exactly", "[random][properties]") {
  std::array<int, 5> ends{};
  long decisions = 0, rezonings = 0, incorporations = 0, zones = 0, developments = 0;
  int longest = 0;
  for (int seed = 1; seed <= kGames; ++seed) {
    INFO("seed " << seed);
    const int which = seed % 3;
    State s;
    Rng rng(static_cast<std::uint64_t>(seed));
    std::vector<int> ids;
    std::vector<std::string> states{serialize(s)};
    ScoreEvents events;
    while (!s.is_over()) {
      const std::vector<Action> legal = legal_actions(s);
      REQUIRE_FALSE(legal.empty());
      REQUIRE(static_cast<int>(legal.size()) == count_legal_actions(s));
      if (is_chance(s)) {
        double total = 0;
        for (const auto& o : chance_outcomes(s)) total += o.probability;
        REQUIRE(total == Approx(1.0));
      }
      if (seed <= 40 && s.phase() == Phase::Stones) check_stones_against_naive(s);
      if (seed <= 20) {
        for (const Action& a : legal) {
          REQUIRE_FALSE(check_action(s, a));
          REQUIRE(action_from_id(action_id(a)) == a);
        }
      }
      const Action a = policy(which, s, rng);
      REQUIRE(std::find(legal.begin(), legal.end(), a) != legal.end());
      // The canonical notation reads back as the same decision.
      const auto parsed = parse_action(s, to_notation(s, a));
      REQUIRE(parsed);
      REQUIRE(*parsed == a);

      const State before = s;
      const std::size_t n_events = events.size();
      REQUIRE_FALSE(apply_action(s, a, &events));
      ids.push_back(action_id(a));
      ++decisions;

      // Stones only on empty points; no Zone covers the last stone (C9).
      if (a.kind == Action::Kind::Stone) {
        REQUIRE(before.is_empty(a.point));
        REQUIRE(s.stone_at(a.point) == a.stone);
      }
      if (a.kind == Action::Kind::Zone) {
        ++zones;
        REQUIRE(zone_counts(before, a.point).stones < before.stone_count());
        if (overlapped_zones(before, a.point)) ++rezonings;
        for (Point p : zone_points(a.point))
          if (before.coin_at(p) != kNone && s.coin_place(before.coin_at(p)) == CoinPlace::Zone) ++incorporations;
      }
      if (a.kind == Action::Kind::Develop) ++developments;
      for (std::size_t i = n_events; i < events.size(); ++i) REQUIRE(events[i].player == before.to_move());
      REQUIRE(s.stone_count() >= 1);
      if (const auto broken = invariant_violation(s)) FAIL(*broken << "\n" << to_diagram(s));

      if (seed <= 300) {
        const std::string bytes = serialize(s);
        const auto back = deserialize(bytes);
        REQUIRE(back);
        REQUIRE(*back == s);
        states.push_back(bytes);
      }
      if (seed <= 100) {
        const auto back = parse_diagram(to_diagram(s));
        REQUIRE(back);
        REQUIRE(*back == s);
        for (Player p : {Player::A, Player::B}) {
          Rng sample_rng(decisions);
          REQUIRE(observation_bytes(sample_hidden(s, p, sample_rng), p) == observation_bytes(s, p));
        }
      }
    }
    // The game ends within C17's bound.
    REQUIRE(s.turn() <= kMaxTurns);
    REQUIRE(end_reason(s) != EndReason::NotOver);
    ++ends[static_cast<int>(end_reason(s))];
    longest = std::max(longest, s.turn());
    // Scores are exactly the sum of the recorded score events.
    std::array<int, 2> sums{};
    for (const ScoreEvent& e : events) sums[index_of(e.player)] += e.points;
    REQUIRE(sums == s.scores());

    // Replaying the log (chance included) reproduces every state.
    State r;
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const auto a = action_from_id(ids[i]);
      REQUIRE(a);
      REQUIRE_FALSE(apply_action(r, *a));
      if (seed <= 300) REQUIRE(serialize(r) == states[i + 1]);
    }
    REQUIRE(r == s);
  }
  INFO("decisions " << decisions << ", Zones " << zones << ", rezonings " << rezonings << ", incorporations "
                    << incorporations << ", Developments " << developments << ", longest " << longest);
  // Random play ends by the bag or by passing; running out of tiles and the
  // turn limit need deliberate play (positions in rules_test.cc).
  CHECK(ends[static_cast<int>(EndReason::EmptyBag)] > 0);
  CHECK(ends[static_cast<int>(EndReason::BothPassed)] > 0);
  CHECK(rezonings > 100);
  CHECK(incorporations > 10);
  CHECK(developments > 1000);
}
