// The fast main-decision list (block counts, areas.h) against the plain one
// it replaced (reference::legal_actions, spot by spot through the per-position
// rule functions): the same decisions in the same order, over main decisions
// of seeded games under three policies, and over the same positions with
// 6 or 30 random stones and Developments added anywhere (denser blocks and
// more Developments side by side than random play reaches).
#include <catch2/catch.hpp>

#include <bit>

#include "city_planning/core/developments.h"
#include "city_planning/core/diagram.h"
#include "city_planning/core/playout.h"
#include "city_planning/reference/reference_rules.h"
#include "test_positions.h"

using namespace city_planning;
using test::zones_first;

namespace {

// s with `n` random stones and coins from the bag put on random empty points
// (the rules' point conditions ignored: any board the state can hold).
State crowded(State s, int n, Rng& rng) {
  for (int i = 0; i < n && s.empty_points().any(); ++i) {
    const PointSet empty = s.empty_points();
    const Point p = empty.nth(static_cast<int>(rng.below(static_cast<std::uint32_t>(empty.count()))));
    const PieceMask bag = s.coins_in(CoinPlace::Bag);
    const int kind = static_cast<int>(rng.below(bag ? 3 : 2));
    if (kind < 2) {
      s.put_stone(p, static_cast<Stone>(kind));
    } else {
      PieceMask m = bag;  // a random coin of the bag
      for (std::uint32_t skip = rng.below(static_cast<std::uint32_t>(std::popcount(bag))); skip > 0; --skip)
        m &= m - 1;
      s.move_coin(std::countr_zero(m), CoinPlace::Point, p);
    }
  }
  return s;
}

long compare(const State& s) {
  const std::vector<Action> fast = legal_actions(s), plain = reference::legal_actions(s);
  if (fast != plain) FAIL("the fast and plain lists differ (" << fast.size() << " vs " << plain.size() << ")\n"
                                                               << to_diagram(s));
  REQUIRE(count_legal_actions(s) == static_cast<int>(plain.size()));
  for (int suit = 0; suit < kSuits; ++suit)
    REQUIRE(unincorporated_points(s, static_cast<Suit>(suit)) ==
            reference::unincorporated_points(s, static_cast<Suit>(suit)));
  return static_cast<long>(plain.size());
}

}  // namespace

TEST_CASE("the fast main-decision list equals the plain one", "[fast-legal]") {
  constexpr int kGames = 600;
  long positions = 0, actions = 0, zone_positions = 0;
  for (int seed = 1; seed <= kGames; ++seed) {
    INFO("seed " << seed);
    State s;
    Rng rng(static_cast<std::uint64_t>(seed) * 7919);
    while (!s.is_over()) {
      if (s.phase() == Phase::Main) {
        actions += compare(s);
        ++positions;
        zone_positions += s.zones() != 0;
        for (int extra : {6, 30}) {
          actions += compare(crowded(s, extra, rng));
          ++positions;
        }
      }
      const int which = seed % 3;
      const Action a = which == 0 ? random_action(s, rng) : which == 1 ? random_action_by_kind(s, rng)
                                                                        : zones_first(s, rng);
      apply_unchecked(s, a);
    }
  }
  // Enough positions, with and without Zones on the board, to mean something.
  CHECK(positions > 50000);
  CHECK(zone_positions > 10000);
  CHECK(actions > 30 * positions);
}

TEST_CASE("random play is the same game with the fast list and the plain one", "[fast-legal]") {
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    State fast, plain;
    Rng fast_rng(seed), plain_rng(seed);
    const int n = random_playout(fast, fast_rng);
    REQUIRE(reference::random_playout(plain, plain_rng) == n);
    REQUIRE(fast == plain);
  }
}
