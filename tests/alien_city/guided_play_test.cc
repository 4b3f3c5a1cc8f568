// The guided rollout policy (guided_playout.h): its claim decisions on
// positions worked out by hand, and whole guided games from the setup.
#include <catch2/catch.hpp>

#include "alien_city/core/guided_playout.h"
#include "alien_city/core/scoring.h"
#include "alien_city/core/setup.h"
#include "test_positions.h"

using namespace alien_city;
using namespace alien_city::test;

namespace {

// White to claim in an open city of black tiles. Unclaimed: the blue towers
// F5 (black domes on F4 and F6 one street away: 2 customers; the other blue,
// A1, is 8 streets away: 2 x 8 = 16 points) and A1 (no customers: 0), and
// the red C8 (no other red: 0, R14).
constexpr const char* kBlueWorthClaiming = R"(
to-move: White claim
     A    B    C    D    E    F    G    H
10  k... k... k... k... k... k... k... k...
 9  k*.. k... k*.. k... k*.. k... k*.. k...
 8  k... k... k.R. k... k... k... k... k...
 7  k*.. k... k*.. k... k*.. k... k*.. k...
 6  k... k... k... k... k... k.k. k... k...
 5  k*.. k... k*.. k... k*.. k.B. k*.. k...
 4  k... k... k... k... k... k.k. k... k...
 3  k*.. k... k*.. k... k*.. k... k*.. k...
 2  k... k... k... k... k... k... k... k...
 1  k*B. k... k*.. k... k*.. k... k*.. k...
)";

}  // namespace

TEST_CASE("a guided claim takes the tower that gains most", "[guided]") {
  const State s = position(kBlueWorthClaiming);
  CHECK(tower_points(s, lot("F5")) == 16);
  CHECK(tower_points(s, lot("A1")) == 0);
  CHECK(tower_points(s, lot("C8")) == 0);
  Rng rng(1);
  CHECK(to_notation(guided_action(s, rng)) == "claim@F5");
}

TEST_CASE("a guided claim declines when no tower gains", "[guided]") {
  std::string diagram = kBlueWorthClaiming;
  diagram.replace(diagram.find("k.B."), 4, "k...");  // without F5 no tower scores
  const State s = position(diagram);
  Rng rng(1);
  CHECK(to_notation(guided_action(s, rng)) == "decline");
}

TEST_CASE("guided games are legal to the end and the same from the same seed", "[guided]") {
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    State s(balanced_layout(seed));
    Rng rng(seed);
    int plies = 0;
    while (!s.is_over()) {
      const Action a = guided_action(s, rng);
      INFO("seed " << seed << " ply " << plies + 1 << " " << to_notation(a));
      REQUIRE_FALSE(check_action(s, a));
      apply_unchecked(s, a);
      ++plies;
    }
    State again(balanced_layout(seed));
    Rng same(seed);
    CHECK(guided_playout(again, same) == plies);  // the same decisions from the same seed
    CHECK(again == s);
  }
}
