// The placement rules (seed rules 1-5, rulings R7-R11) on the seed's own
// examples, each rebuilt as a diagram around the lots the text names.
#include <catch2/catch.hpp>

#include "alien_city/core/streets.h"
#include "test_positions.h"

using namespace alien_city;
using namespace alien_city::test;

namespace {

// Rule 4: a wall along row 6 leaves F6 as the only link between the north
// and the south of the city. Tower H (green, H4) reaches the streets only
// through H3; dome G (green, G4) sits west of it.
constexpr const char* kWallAtRowSix = R"(
     A    B    C    D    E    F    G    H
10  b... b... r... r... g... g... k... k...
 9  b*.. b... r*.. r... g*.. g... k*.. k...
 8  g... g... k... k... r... r... b... b...
 7  g*.. g... k... k*.. r*.. r... b*.. b...
 6  r.r. r*r. g.g. g.g. k.k. k... b.b. b*b.
 5  r... r... g... g*.. k*.. k... b... b.b.
 4  k... k... b... b... r*.. r... g.g. g*G.
 3  k*.. k... b*.. b... r... r... g... g...
 2  g... g... k... k... b... b... r... r...
 1  g*.. g... k*.. k... b*.. b... r*.. r...
     A    B    C    D    E    F    G    H
)";

// Rule 5: icon lots D5 and E4 each share a tile with an open lot (D6, F4)
// that cannot be built without breaking rule 4 (D6 is the only street of the
// black dome on D7; F4 the only street of the green dome on G4).
constexpr const char* kIconLots = R"(
     A    B    C    D    E    F    G    H
10  b... b... r... r... g... g... k... k...
 9  b*.. b... r*.. r... g*.. g... k*.. k...
 8  g... g... k... k.k. r... r... b... b...
 7  g*.. g... k.k. k*k. r*r. r... b*.. b...
 6  r... r*.. g.g. g... k... k... b... b*..
 5  r... r... g.g. g*.. k*.. k... b.b. b...
 4  k... k... b... b... r*.. r... g.g. g*G.
 3  k*.. k... b*.. b... r.r. r.r. g.g. g...
 2  g... g... k... k... b... b... r... r...
 1  g*.. g... k*.. k... b*.. b... r*.. r...
     A    B    C    D    E    F    G    H
)";

// Rule 3: an early city. The blue tile at A9 is empty, the blue tile at G5
// holds two blue structures, the black tile at C7 is empty.
constexpr const char* kEarlyCity = R"(
to-move: White build
     A    B    C    D    E    F    G    H
10  b... b... r... r... g... g... k... k...
 9  b*.. b... r*.. r... g*.. g... k*.. k...
 8  g... g... k... k... r... r... b... b...
 7  g*.. g... k... k*.. r*.. r... b*.. b...
 6  r... r*.. g... g... k... k... b... b*..
 5  r... r... g... g*.. k*.. k... b.b. b.b.
 4  k... k... b... b... r*.. r... g... g*..
 3  k*.. k... b*.. b... r... r... g... g...
 2  g... g... k... k... b... b... r... r...
 1  g*.. g... k*.. k... b*.. b... r*.. r...
     A    B    C    D    E    F    G    H
)";

// Rule 2: the only blue tile (A9) has no lot left that keeps rule 4: A10 is
// the only street of the blue dome on A9, and B10 is A10's only link.
constexpr const char* kNoBlueLotLeft = R"(
     A    B    C    D    E    F    G    H
10  b... b... r... r... r... r... r... r...
 9  b*b. b.b. r*.. r... r*.. r... r*.. r...
 8  r.r. r... r... r... r... r... r... r...
 7  r*.. r... r*.. r... r*.. r... r*.. r...
 6  r... r... r... r... r... r... r... r...
 5  r*.. r... r*.. r... r*.. r... r*.. r...
 4  r... r... r... r... r... r... r... r...
 3  r*.. r... r*.. r... r*.. r... r*.. r...
 2  r... r... r... r... r... r... r... r...
 1  r*.. r... r*.. r... r*.. r... r*.. r...
     A    B    C    D    E    F    G    H
)";

}  // namespace

TEST_CASE("rule 1: one structure per lot", "[placement]") {
  const State s = position(kWallAtRowSix);
  CHECK(refusal(s, "BD@G6") == "R7");
  CHECK(check_action(s, act("GD@H4"))->message == "ruling R7 (rule 1): H4 is already built on");
}

TEST_CASE("rule 4: building F6 would split the street network", "[placement][streets]") {
  const State s = position(kWallAtRowSix);
  CHECK(refusal(s, "KD@F6") == "R8");
  CHECK(check_action(s, act("RT@F6"))->message == "ruling R8 (rule 4): building on F6 splits the street network");
  CHECK(street_verdict(s, lot("F6")) == StreetVerdict::Splits);
  CHECK_FALSE(street_legal_lots(s).contains(lot("F6")));
}

TEST_CASE("rule 4: G3 is legal, then H3 would cut tower H off the streets", "[placement][streets]") {
  State s = position(kWallAtRowSix);
  // G3's green tile already holds two structures: any tower, or a green dome.
  for (const char* ok : {"GT@G3", "RT@G3", "BT@G3", "GD@G3"}) CHECK(refusal(s, ok) == "");
  CHECK(refusal(s, "RD@G3") == "R10");
  // H3 is tower H's only street already.
  CHECK(refusal(s, "GD@H3") == "R8");
  REQUIRE_FALSE(apply_action(s, act("GT@G3")));
  CHECK(s.to_move() == Player::Black);
  CHECK(s.phase() == Phase::Claim);  // a tower now stands unclaimed
  REQUIRE_FALSE(apply_action(s, act("decline")));
  CHECK(check_action(s, act("GD@H3"))->message ==
        "ruling R8 (rule 4): building on H3 leaves a structure without street access");
  CHECK(street_verdict(s, lot("H3")) == StreetVerdict::Isolates);
}

TEST_CASE("rule 5: an icon lot waits while its tile has another buildable lot", "[placement][icon]") {
  const State s = position(kIconLots);
  // A9, the icon of the empty blue tile, waits for A10, B9 and B10.
  CHECK(refusal(s, "BT@A9") == "R11");
  CHECK(check_action(s, act("BD@A9"))->message ==
        "ruling R11 (rule 5): A9 is its tile's icon lot, built last: B9 on the same tile can still be built");
  CHECK(refusal(s, "BT@B9") == "");
  // D5 and E4 are icon lots, yet legal: D6 and F4 cannot be built (rule 4).
  CHECK(refusal(s, "GT@D5") == "");
  CHECK(refusal(s, "GD@D5") == "");
  CHECK(check_action(s, act("GD@D6"))->message == "ruling R8 (rule 4): building on D6 leaves a structure without street access");
  CHECK(refusal(s, "RT@E4") == "");
  CHECK(refusal(s, "RD@E4") == "");
  CHECK(check_action(s, act("RD@F4"))->message == "ruling R8 (rule 4): building on F4 leaves a structure without street access");
  const BuildLots legal = build_lots(s);
  CHECK(legal.lots[static_cast<int>(Piece::GreenDome)].contains(lot("D5")));
  CHECK_FALSE(legal.lots[static_cast<int>(Piece::BlueTower)].contains(lot("A9")));
}

TEST_CASE("rule 3: the first two structures on a tile match its colour; black tiles take any tower",
          "[placement][tiles]") {
  const State s = position(kEarlyCity);
  // The empty blue tile at A9: blue only.
  CHECK(refusal(s, "RT@B10") == "R9");
  CHECK(check_action(s, act("RT@B10"))->message ==
        "ruling R9 (rule 3): the first two structures on the blue tile of B10 must be blue");
  CHECK(refusal(s, "BT@B10") == "");
  CHECK(refusal(s, "BD@B10") == "");
  CHECK(refusal(s, "GD@B10") == "R10");
  // G6: two blue structures stand on its tile, so any tower; domes still blue.
  for (const char* ok : {"RT@G6", "GT@G6", "BT@G6", "BD@G6"}) CHECK(refusal(s, ok) == "");
  CHECK(refusal(s, "RD@G6") == "R10");
  // The empty black tile C7 C8 D7 D8 (icon D7) takes towers of any colour.
  for (const char* ok : {"RT@C8", "BT@C8", "GT@C8", "KD@C8"}) CHECK(refusal(s, ok) == "");
  CHECK(refusal(s, "RD@C8") == "R10");
  CHECK(refusal(s, "RT@D7") == "R11");
}

TEST_CASE("rule 2: a dome leaves its colour only when no lot of its colour is buildable",
          "[placement][domes]") {
  const State s = position(kNoBlueLotLeft);
  CHECK(check_action(s, act("BD@A10"))->message == "ruling R8 (rule 4): building on A10 leaves a structure without street access");
  CHECK(check_action(s, act("BD@B10"))->message == "ruling R8 (rule 4): building on B10 splits the street network");
  // The fallback: a blue dome on the red lot A6.
  CHECK(refusal(s, "BD@A6") == "");
  CHECK(build_lots(s).lots[static_cast<int>(Piece::BlueDome)].contains(lot("A6")));
  // The fallback dome still obeys rule 5: A5 is the icon of A6's tile.
  CHECK(refusal(s, "BD@A5") == "R11");
  // Red domes stay on red lots, and no blue dome may go elsewhere while a
  // blue lot is buildable: free B9 and the fallback is gone.
  std::string diagram = kNoBlueLotLeft;
  diagram.replace(diagram.find("b.b."), 4, "b...");
  const State freed = position(diagram);
  CHECK(refusal(freed, "BD@A6") == "R10");
  CHECK(refusal(freed, "BD@B9") == "");
}

TEST_CASE("supply and phase are checked before the board", "[placement]") {
  State s = position(kEarlyCity);
  CHECK(s.to_move() == Player::White);
  CHECK(refusal(s, "claim@G5") == "R5");
  CHECK(refusal(s, "decline") == "R5");
  Supply empty = s.supply(Player::White);
  empty.pieces[static_cast<int>(Piece::RedTower)] = 0;
  s.set_supply(Player::White, empty);
  CHECK(refusal(s, "RT@C8") == "R4");
  CHECK(check_action(s, act("RT@C8"))->message == "ruling R4: White has no red tower left");
}

TEST_CASE("why_not_lot names the lot's own problem first", "[placement]") {
  const State s = position(kWallAtRowSix);
  CHECK(why_not_lot(s, lot("F6"))->message == "ruling R8 (rule 4): building on F6 splits the street network");
  CHECK(why_not_lot(s, lot("H3"))->message == "ruling R8 (rule 4): building on H3 leaves a structure without street access");
  CHECK(why_not_lot(s, lot("A6"))->code == "R7");
  CHECK_FALSE(why_not_lot(s, lot("G3")));
  // A1 is the icon of its green tile: R11 comes before any colour reason.
  CHECK(why_not_lot(s, lot("A1"))->code == "R11");
}
