// Scoring (rulings R12-R16): distances along the streets, customers, the
// competition, green bonuses, and the seed's comprehensive example.
#include <catch2/catch.hpp>

#include "alien_city/core/distance.h"
#include "alien_city/core/scoring.h"
#include "test_positions.h"

using namespace alien_city;
using namespace alien_city::test;

namespace {

// An open city of black tiles. S1: White's red C3 and Black's blue F5 near
// an unclaimed green tower on C5.
constexpr const char* kBonusesPaid = R"(
     A    B    C    D    E    F    G    H
10  k... k... k... k... k... k... k... k...
 9  k*.. k... k*.. k... k*.. k... k*.. k...
 8  k... k... k... k... k... k... k... k...
 7  k*.. k... k*.. k... k*.. k... k*.. k...
 6  k... k... k... k... k... k... k... k...
 5  k*.. k... k*G. k... k*.. k.BB k*.. k...
 4  k... k... k... k... k... k... k... k...
 3  k*.. k... k*RW k... k*.. k... k*.. k...
 2  k... k... k... k... k... k... k... k...
 1  k*.. k... k*.. k... k*.. k... k*.. k...
     A    B    C    D    E    F    G    H
)";

// Two red towers, C3 and C7, equally near the green C5; a lone blue far off.
constexpr const char* kTwoNearestReds = R"(
     A    B    C    D    E    F    G    H
10  k... k... k... k... k... k... k... k...
 9  k*.. k... k*.. k... k*.. k... k*.. k...
 8  k... k... k... k... k... k... k... k...
 7  k*.. k... k*RW k... k*.. k... k*.. k...
 6  k... k... k... k... k... k... k... k...
 5  k*.. k... k*G. k... k*.. k... k*.. k...
 4  k... k... k... k... k... k... k... k...
 3  k*.. k... k*RW k... k*.. k... k*.. k...
 2  k... k... k... k... k... k... k... k...
 1  k*.. k... k*.. k... k*.. k... k*.. k.B.
     A    B    C    D    E    F    G    H
)";

// Side by side is not distance 0: A1 and A2, H9 and H10 touch, yet each pair
// is two streets apart.
constexpr const char* kNeighboursApart = R"(
     A    B    C    D    E    F    G    H
10  k... k... k... k... k... k... k... k.G.
 9  k*.. k... k*.. k... k*.. k... k*.. k.RB
 8  k... k... k... k... k... k... k... k...
 7  k*.. k... k*.. k... k*.. k... k*.. k...
 6  k... k... k... k... k... k... k... k...
 5  k*.. k.b. k*.. k... k*.. k... k*.. k...
 4  k... k... k... k... k... k... k... k...
 3  k*.. k... k*.. k... k*.. k... k*.. k...
 2  k.k. k... k... k... k... k... k... k...
 1  k*RW k... k*.. k... k*.. k... k*.. k...
     A    B    C    D    E    F    G    H
)";

const TowerScore& tower(const ScoreBreakdown& b, std::string_view name) {
  for (const TowerScore& t : b.towers)
    if (t.lot == lot(name)) return t;
  FAIL("no claimed tower on " << name);
  return b.towers.front();
}

std::string names(const std::vector<Lot>& lots) {
  std::string out;
  for (Lot l : lots) out += (out.empty() ? "" : " ") + lot_name(l);
  return out;
}

std::string customer_names(const TowerScore& t) {
  std::vector<Lot> lots;
  for (const Customer& c : t.customers) lots.push_back(c.lot);
  return names(lots);
}

}  // namespace

TEST_CASE("green bonuses are paid to the owner of the nearest red and blue", "[scoring]") {
  const State s = position(kBonusesPaid);
  const ScoreBreakdown b = score_breakdown(s);
  REQUIRE(b.towers.size() == 2);
  // No other red or blue tower: the claimed towers score 0 (R14).
  CHECK(tower(b, "C3").points == 0);
  CHECK(tower(b, "C3").competitor == kNoLot);
  CHECK(customer_names(tower(b, "C3")) == "C5");
  CHECK(customer_names(tower(b, "F5")) == "C5");
  CHECK(tower(b, "F5").customers[0].distance == 2);
  CHECK(names(tower(b, "F5").customers[0].path) == "E5 D5");
  REQUIRE(b.bonuses.size() == 2);
  CHECK(b.bonuses[0].outcome == GreenBonus::Outcome::Paid);
  CHECK(b.bonuses[0].owner == Player::White);
  CHECK(b.bonuses[0].points == 8);
  CHECK(b.bonuses[0].explanation == "White owns the nearest red tower (C3), 1 away: 10 - 2 x 1 = 8");
  CHECK(b.bonuses[1].owner == Player::Black);
  CHECK(b.bonuses[1].points == 6);
  CHECK(b.totals == std::array<int, 2>{8, 6});
  CHECK(score_totals(s) == b.totals);
  CHECK_FALSE(b.final);
}

TEST_CASE("equally near towers pay only when one player owns them all", "[scoring]") {
  const std::string both_white = kTwoNearestReds;
  State s = position(both_white);
  ScoreBreakdown b = score_breakdown(s);
  // Each red reaches the other around the green: C4 D4 D5 D6 C6.
  CHECK(tower(b, "C3").competitor == lot("C7"));
  CHECK(tower(b, "C3").competitor_distance == 5);
  CHECK(tower(b, "C3").points == 5);
  CHECK(b.bonuses[0].outcome == GreenBonus::Outcome::Paid);
  CHECK(b.bonuses[0].nearest.size() == 2);
  CHECK(b.bonuses[0].points == 8);
  CHECK(b.bonuses[1].outcome == GreenBonus::Outcome::TooFar);
  CHECK(b.bonuses[1].distance == 8);
  CHECK(b.totals == std::array<int, 2>{18, 0});

  std::string split = both_white;
  split.replace(split.find("k*RW"), 4, "k*RB");  // C7 becomes Black's
  s = position(split);
  b = score_breakdown(s);
  CHECK(b.bonuses[0].outcome == GreenBonus::Outcome::Tie);
  CHECK(b.bonuses[0].explanation == "no bonus: C3 and C7 are equally near (1) and not all claimed by one player");
  CHECK(b.totals == std::array<int, 2>{5, 5});
  CHECK(score_totals(s) == b.totals);
}

TEST_CASE("structures side by side are as far apart as their street route", "[scoring][distance]") {
  const State s = position(kNeighboursApart);
  CHECK(street_distance(s, lot("A1"), lot("A2")) == 2);
  CHECK(names(street_path(s, lot("A1"), lot("A2"))) == "B1 B2");
  CHECK(street_distance(s, lot("A1"), lot("H9")) == 14);
  CHECK(street_distance(s, lot("A1"), lot("B5")) == 4);
  const ScoreBreakdown b = score_breakdown(s);
  CHECK(customer_names(tower(b, "A1")) == "A2");
  CHECK(tower(b, "A1").points == 14);
  CHECK(customer_names(tower(b, "H9")) == "H10");
  CHECK(tower(b, "H9").points == 14);
  REQUIRE(b.bonuses.size() == 2);
  CHECK(b.bonuses[0].outcome == GreenBonus::Outcome::Paid);
  CHECK(b.bonuses[0].points == 6);
  CHECK(b.bonuses[1].outcome == GreenBonus::Outcome::NoTower);
  CHECK(b.totals == std::array<int, 2>{14, 20});
  CHECK(tower_points(s, lot("A1")) == 14);
  CHECK(tower_points(s, lot("B5")) == 0);  // a dome scores nothing
}
