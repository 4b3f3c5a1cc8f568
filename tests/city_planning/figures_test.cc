// The seed's worked examples (figures 2 and 4-8; the figures themselves are
// missing, so each is built from what its text fixes) as positions with
// exact assertions.
#include <catch2/catch.hpp>

#include "city_planning/core/developments.h"
#include "city_planning/core/stones.h"
#include "city_planning/core/zones.h"
#include "test_positions.h"

using namespace city_planning;
using namespace city_planning::test;
using R = ScoreEvent::Reason;

namespace {

// (a) F11: 3 Population (E10 F10 E12) and 1 Resource (E11) around it.
// (b) G11: 3 Population (F10 H10 H12), a fourth once (a) is placed.
// (c) L12: 2 Resources (K11, M13 diagonally). (d) N14: only M13, diagonally.
// (e) Q3: no stone near.
constexpr const char* kFigure2 = R"(
phase: A stones
13 .  .  .  .  .  .  .  .  .  .  .  X
12 .  .  .  .  O  .  .  O
11 .  .  .  .  X  .  .  .  .  X
10 .  .  .  .  O  O  .  O
)";

}  // namespace

TEST_CASE("figure 2: Population and Resource stone limits, chaining", "[figures][C5]") {
  State s = position(kFigure2);
  CHECK(s.stone_goal() == kCompleteGoal);
  // (a) 3 Population + 1 Resource neighbours: allowed.
  CHECK(s.population_neighbours(pt("F11")) == 3);
  CHECK(s.resource_neighbours(pt("F11")) == 1);
  CHECK(refusal(s, "P@F11") == "");
  // Before (a), (b) has only 3 Population neighbours.
  CHECK(refusal(s, "P@G11") == "");
  // (c) two Resources: no Population stone; a Resource stone is fine.
  CHECK(refusal(s, "P@L12") == "C5");
  CHECK_THAT(refusal_text(s, "P@L12"), Catch::Contains("at most one Resource") && Catch::Contains("touches 2"));
  CHECK(refusal(s, "R@L12") == "");
  // (d) diagonal adjacency counts.
  CHECK(refusal(s, "R@N14") == "");
  // (e) no adjacent stone.
  CHECK(refusal(s, "P@Q3") == "C5");
  CHECK(refusal(s, "R@Q3") == "C5");
  CHECK_THAT(refusal_text(s, "R@Q3"), Catch::Contains("not adjacent to any stone"));

  play(s, "P@F11");
  // Chained: (b) now touches 4 Population stones.
  CHECK(s.population_neighbours(pt("G11")) == 4);
  CHECK(refusal(s, "P@G11") == "C5");
  CHECK_THAT(refusal_text(s, "P@G11"), Catch::Contains("at most three other Population") && Catch::Contains("touches 4"));
  CHECK(refusal(s, "R@G11") == "");
  play(s, "R@G11");
  // P then R completes the option (rule 3.1): the turn moves on.
  CHECK(s.phase() == Phase::Main);
  CHECK(refusal(s, "R@N14") == "C6");
}

TEST_CASE("figure 2: options P R, R P, P P P, R R R", "[figures][C5]") {
  State s = position(kFigure2);
  play(s, "P@F11");
  play(s, "P@N14");
  // After P P only a third Population stone may follow.
  CHECK(refusal(s, "R@L12") == "C5");
  CHECK_THAT(refusal_text(s, "R@L12"), Catch::Contains("rule 3.1"));
  CHECK(s.phase() == Phase::Stones);
  play(s, "P@G12");
  CHECK(s.phase() == Phase::Main);
}

namespace {

// (a) around D5: 4 Population (C4 D4 E4 C5) and 1 Resource (D5).
// (b) around K10: 2 Population (J9 K9) and 7 empty points.
constexpr const char* kFigure4 = R"(
phase: A main
face-up: M3+0 S4+0 C0+0
15 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  X
 9 .  .  .  .  .  .  .  .  O  O
 5 .  .  O  X
 4 .  .  O  O  O
)";

}  // namespace

TEST_CASE("figure 4: Commercial 3 and Agricultural 4 requirements", "[figures][C8]") {
  State s = position(kFigure4);
  CHECK(refusal(s, "zone M3@D5") == "");  // 4 (N+1) Population, 1 (N/2) Resource
  CHECK(refusal(s, "zone S4@K10") == "");  // 5 (N+1) empty, 2 (N/2) Population
  CHECK(refusal(s, "zone M3@K10") == "C8");  // not enough Population
  CHECK_THAT(refusal_text(s, "zone M3@K10"), Catch::Contains("at least 4 Population and 1 Resource"));
  CHECK(refusal(s, "zone S4@D5") == "C8");  // only 4 empty points
  CHECK(refusal(s, "zone C0@D5") == "");     // blank: 1 Population, 0 empty

  const int stones = s.stone_count();
  const ScoreEvents events = play(s, "zone M3@D5");
  CHECK(events.empty());
  CHECK(s.stone_count() == stones - 5);  // covered stones return to the pool
  CHECK(s.zone_center(piece("M3")) == pt("D5"));
  for (const char* p : {"C4", "D4", "E4", "C5", "D5", "E6"}) CHECK(s.zone_at(pt(p)) == piece("M3"));
  // 6.1 before 6.2 (C15): the two tiles left get a stone, then a draw.
  CHECK(s.face_up()[1].stones == 1);
  CHECK(s.face_up()[2].stones == 1);
  CHECK(s.face_up()[0].tile == kNone);
  CHECK(s.phase() == Phase::DrawTile);
}

namespace {

// (a) around D5 as in figure 4 but an unincorporated Commercial Development
// (M1 on C5) in place of the fourth Population stone.
// (b) around K10: an unincorporated Commercial Development (M2 on J9).
// (c) around Q15: an unincorporated Agricultural Development (S1 on P14).
constexpr const char* kFigure5 = R"(
phase: A main
face-up: M3+0 S2+0 C5+0
18 .  X
14 .  .  .  .  .  .  .  .  .  .  .  .  .  .  s1
 9 .  .  .  .  .  .  .  .  m2 O
 5 .  .  m1 X
 4 .  .  O  O  O
)";

}  // namespace

TEST_CASE("figure 5: incorporation and the rezoning penalty", "[figures][C11]") {
  const State start = position(kFigure5);
  {
    State s = start;
    // The Commercial Development counts as a Population stone.
    CHECK(refusal(s, "zone M3@D5") == "");
    const ScoreEvents events = play(s, "zone M3@D5");
    CHECK(events.empty());  // same type: no penalty, no points
    CHECK(s.coin_place(piece("M1")) == CoinPlace::Zone);
    CHECK(s.coin_where(piece("M1")) == piece("M3"));
    CHECK(s.developed_value(piece("M3")) == 1);  // counts against capacity
    CHECK(s.score(Player::A) == 0);
  }
  {
    // Without that Development there are only 3 Population stones.
    State s = position(std::string(kFigure5).replace(std::string(kFigure5).find("m1"), 2, ". "));
    CHECK(refusal(s, "zone M3@D5") == "C8");
  }
  {
    State s = start;
    CHECK(refusal(s, "zone S2@K10") == "");
    const ScoreEvents events = play(s, "zone S2@K10");
    REQUIRE(events.size() == 1);
    CHECK(events[0] == ScoreEvent{Player::A, -2, R::OtherTypeRemoved, piece("M2")});
    CHECK(s.coin_place(piece("M2")) == CoinPlace::Removed);
    CHECK(s.score(Player::A) == -2);
  }
  {
    State s = start;
    // The Agricultural Development counts as Population (Secondary).
    CHECK(refusal(s, "zone S2@Q15") == "");
    CHECK(play(s, "zone S2@Q15").empty());
    CHECK(s.coin_where(piece("S1")) == piece("S2"));
    CHECK(s.score(Player::A) == 0);
  }
}

namespace {

// An Agricultural 2 Zone (S2, with an Agricultural 5 Development) around F10
// and an unincorporated Industrial Development (A1 on J10) in the way of a
// Commercial 3 Zone around H10 (4 Population stones H9 H10 H11 J9).
constexpr const char* kFigure6 = R"(
phase: A main
face-up: M3+0 C0+0 A5+0
on S2: S5
11 .  .  .  .  S2 S2 S2 O
10 .  .  .  .  S2 S2 S2 O  a1
 9 .  .  .  .  S2 S2 S2 O  O
 2 .  X
)";

}  // namespace

TEST_CASE("figure 6: rezoning costs (2 + 5) + 2 = 9 (C11, C12)", "[figures][C12]") {
  State s = position(kFigure6);
  const int unseen = std::popcount(s.unseen_tiles());
  CHECK(refusal(s, "zone M3@H10") == "");
  const ScoreEvents events = play(s, "zone M3@H10");
  CHECK(events == ScoreEvents{{Player::A, -5, R::DevelopmentRemoved, piece("S5")},
                              {Player::A, -2, R::ZoneRemoved, piece("S2")},
                              {Player::A, -2, R::OtherTypeRemoved, piece("A1")}});
  // The seed's example says (2+5)+1 = 8; C11 reads its "+1" as a slip.
  CHECK(total_points(events) == -9);
  CHECK(s.score(Player::A) == -9);
  CHECK(!s.zone_on_board(piece("S2")));
  REQUIRE(s.returned_count() == 1);  // under the stack, below the unseen part
  CHECK(s.returned(0) == piece("S2"));
  CHECK(s.stack_size() == unseen + 1);
  CHECK(s.coin_place(piece("S5")) == CoinPlace::Removed);
  CHECK(s.coin_place(piece("A1")) == CoinPlace::Removed);
  // The old Zone's uncovered points are empty again.
  CHECK(s.is_empty(pt("E10")));
  CHECK(s.zone_at(pt("G10")) == piece("M3"));
  CHECK(s.stone_count() == 1);
}

namespace {

// (a) D4: Population C3 and D3 next to it. (b) C3 holds a stone. (c) M10:
// a single Resource (L10) and a Population stone (L11) next to it.
constexpr const char* kFigure7 = R"(
phase: A main
hand A: C2 A3
11 .  .  .  .  .  .  .  .  .  .  O
10 .  .  .  .  .  .  .  .  .  .  X
 3 .  .  O  O
)";

}  // namespace

TEST_CASE("figure 7: unincorporated Developments", "[figures][C13]") {
  State s = position(kFigure7);
  CHECK(refusal(s, "dev C2@D4") == "");
  CHECK(refusal(s, "dev A3@C3") == "C13");
  CHECK_THAT(refusal_text(s, "dev A3@C3"), Catch::Contains("not empty"));
  CHECK(refusal(s, "dev A3@M10") == "C13");
  CHECK(refusal(s, "dev A3@D4") == "C13");  // Industrial needs Resources
  CHECK(refusal(s, "dev M4@D4") == "C4");   // not in the hand
  {
    // A second Resource next to (c) makes it legal.
    State t = position(std::string(kFigure7) + "9 .  .  .  .  .  .  .  .  .  .  .  .  X\n");
    CHECK(refusal(t, "dev A3@M10") == "");
  }
  const ScoreEvents events = play(s, "dev C2@D4");
  CHECK(events == ScoreEvents{{Player::A, 1, R::Unincorporated, piece("C2")}});
  CHECK(s.coin_at(pt("D4")) == piece("C2"));
  CHECK(!s.is_empty(pt("D4")));
  CHECK(s.phase() == Phase::DrawCoin);  // 6.3: draw a new Development
}

namespace {

// A Residential 2 Zone (C2, holding C1) around K10, its neighbours: the
// Commercial Zones M2 (holding M5) around N10 and M4 (holding M3) around
// G10, the Industrial Zone A3 (holding A4) around K13, the Agricultural Zone
// S1 (holding S2) around K7, the blank Residential Zone C0 around N13; and
// the Industrial Zone A2 (holding A5) around K17, not adjacent.
constexpr const char* kFigure8 = R"(
phase: A main
hand A: C4
on C2: C1
on M2: M5
on M4: M3
on A3: A4
on S1: S2
on A2: A5
18 .  .  .  .  .  .  .  .  A2 A2 A2
17 .  .  .  .  .  .  .  .  A2 A2 A2
16 .  .  .  .  .  .  .  .  A2 A2 A2
14 .  .  .  .  .  .  .  .  A3 A3 A3 C0 C0 C0
13 .  .  .  .  .  .  .  .  A3 A3 A3 C0 C0 C0
12 .  .  .  .  .  .  .  .  A3 A3 A3 C0 C0 C0
11 .  .  .  .  .  M4 M4 M4 C2 C2 C2 M2 M2 M2
10 .  .  .  .  .  M4 M4 M4 C2 C2 C2 M2 M2 M2
 9 .  .  .  .  .  M4 M4 M4 C2 C2 C2 M2 M2 M2
 8 .  .  .  .  .  .  .  .  S1 S1 S1
 7 .  .  .  .  .  .  .  .  S1 S1 S1
 6 .  .  .  .  .  .  .  .  S1 S1 S1
 2 .  O
)";

}  // namespace

TEST_CASE("figure 8: 1 + 5 + 3 - 4 = 5 (C14)", "[figures][C14]") {
  State s = position(kFigure8);
  CHECK(refusal(s, "dev C4 on C0") == "C14");  // a blank Zone is always full
  CHECK_THAT(refusal_text(s, "dev C4 on C0"), Catch::Contains("fully built out"));
  CHECK(refusal(s, "dev C4 on M2") == "C14");  // another type
  CHECK(refusal(s, "dev C4 on C2") == "");
  const ScoreEvents preview = zoned_development_events(s, piece("C4"), piece("C2"));
  const ScoreEvents expected{{Player::A, 1, R::ZonedValue, piece("C4")},        // capped: 2 - 1 left
                             {Player::A, 5, R::NeighbourBonus, piece("M5")},    // Commercial M2
                             {Player::A, 3, R::NeighbourBonus, piece("M3")},    // Commercial M4
                             {Player::A, -4, R::NeighbourPenalty, piece("A4")}};  // Industrial A3
  CHECK(preview == expected);
  const ScoreEvents events = play(s, "dev C4 on C2");
  CHECK(events == expected);
  CHECK(total_points(events) == 5);
  CHECK(s.score(Player::A) == 5);
  CHECK(!zone_open(s, piece("C2")));  // 1 + 4 >= 2: now full
}
