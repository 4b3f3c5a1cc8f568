// Hidden information (C19, C20): an observation never shows the other hand
// or the bag's contents (the stack's order is not even stored, state.h), byte
// for byte, in seeded random positions.
#include <catch2/catch.hpp>

#include <bit>

#include "city_planning/core/chance.h"
#include "city_planning/core/observation.h"
#include "city_planning/core/playout.h"
#include "city_planning/core/serialize.h"
#include "test_positions.h"

using namespace city_planning;
using namespace city_planning::test;

namespace {

// s with one coin of p's hand exchanged with one from the bag (nullopt when
// either is empty): a state differing from s only in what p's opponent
// cannot see.
std::optional<State> swap_hidden(const State& s, Player p, Rng& rng) {
  const PieceMask hand = s.hand(p), bag = s.coins_in(CoinPlace::Bag);
  if (!hand || !bag) return std::nullopt;
  auto pick = [&](PieceMask m) {
    int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(std::popcount(m))));
    while (k-- > 0) m &= m - 1;
    return std::countr_zero(m);
  };
  State t = s;
  const Coin out = pick(hand), in = pick(bag);
  t.move_coin(out, CoinPlace::Bag);
  t.move_coin(in, hand_place(p));
  return t;
}

}  // namespace

TEST_CASE("observations are identical for states differing only in hidden parts", "[hidden][C19]") {
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    State s;
    Rng rng(seed), swap_rng(seed + 1000);
    while (!s.is_over()) {
      for (Player viewer : {Player::A, Player::B}) {
        const auto t = swap_hidden(s, other(viewer), swap_rng);
        if (!t) continue;
        ++compared;
        REQUIRE(observation_bytes(s, viewer) == observation_bytes(*t, viewer));
        REQUIRE(observation_text(s, viewer) == observation_text(*t, viewer));
        // The other player, the view from above and the state do see it.
        REQUIRE(observation_bytes(s, other(viewer)) != observation_bytes(*t, other(viewer)));
        REQUIRE(observation_text(s, other(viewer)) != observation_text(*t, other(viewer)));
        REQUIRE(observation_bytes(s, std::nullopt) != observation_bytes(*t, std::nullopt));
        REQUIRE(serialize(s) != serialize(*t));
      }
      apply_unchecked(s, random_action_by_kind(s, rng));
    }
  }
  CHECK(compared > 1000);
}

TEST_CASE("C20: sampled hidden parts agree with everything the player has seen", "[hidden][C20]") {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    State s;
    Rng rng(seed), sample_rng(seed * 31);
    while (!s.is_over()) {
      for (Player viewer : {Player::A, Player::B}) {
        const State t = sample_hidden(s, viewer, sample_rng);
        REQUIRE(observation_bytes(t, viewer) == observation_bytes(s, viewer));
        REQUIRE(t.hand(viewer) == s.hand(viewer));
        REQUIRE(t.hand_size(other(viewer)) == s.hand_size(other(viewer)));
        if (player_to_decide(s) == viewer) REQUIRE(legal_actions(t) == legal_actions(s));
      }
      apply_unchecked(s, random_action(s, rng));
    }
  }
}

TEST_CASE("the view of a player shows their hand and counts of the rest", "[hidden][C19]") {
  State s = position(R"(
phase: B main
hand A: C0 S1 M2
hand B: C3 A4
removed: C5
 3 .  .  O  O
)");
  const std::string a = observation_text(s, Player::A), b = observation_text(s, Player::B);
  CHECK_THAT(a, Catch::Contains("hand A: C0 S1 M2") && Catch::Contains("hand B: ? ?"));
  CHECK_THAT(b, Catch::Contains("hand A: ? ? ?") && Catch::Contains("hand B: C3 A4"));
  CHECK_THAT(a, Catch::Contains("bag: 18") && Catch::Contains("stack: 24 unseen"));
  CHECK(observation_text(s, std::nullopt) == to_diagram(s));
  // A coin drawn is seen by its drawer only.
  play(s, "dev C3@D4");
  REQUIRE(s.phase() == Phase::DrawCoin);
  const Action draw = act(s, "draw M5");
  CHECK(action_visible_to(s, draw, Player::B));
  CHECK_FALSE(action_visible_to(s, draw, Player::A));
  CHECK(to_notation_for(s, draw, Player::A) == "draw ?");
  CHECK(to_notation_for(s, draw, Player::B) == "draw M5");
  CHECK(to_notation_for(s, draw, std::nullopt) == "draw M5");
  // The bytes never name a coin the viewer cannot see: every hidden coin
  // has the same code whether it is in the bag or the other hand.
  const std::string bytes = observation_bytes(s, Player::A);
  const std::size_t coins_at = 3 + kPoints + 2 * kTiles + 9 + 1 + s.returned_count();
  for (Coin c = 0; c < kCoins; ++c) {
    const CoinPlace place = s.coin_place(c);
    if (place == CoinPlace::Bag || place == CoinPlace::HandB) CHECK(bytes[coins_at + c] == 5);
  }
}
