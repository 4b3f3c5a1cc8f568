// Rules beyond the seed's figures: setup and chance (C3, C4, C16), the stone
// goal (C5), Zone placement limits (C7, C9), the return order (C12), the end
// of turn (C15) and of the game (C17), ids and notation.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cmath>

#include "city_planning/core/chance.h"
#include "city_planning/core/stones.h"
#include "city_planning/core/zones.h"
#include "test_positions.h"

using namespace city_planning;
using namespace city_planning::test;

TEST_CASE("setup: the cross, three tiles, three coins each, the first player", "[setup][C3][C4]") {
  State s;
  CHECK(s.phase() == Phase::Setup);
  CHECK(is_chance(s));
  CHECK(s.stone_count() == 5);
  for (const char* p : {"K9", "K10", "K11"}) CHECK(s.stone_at(pt(p)) == Stone::Population);
  for (const char* p : {"J10", "L10"}) CHECK(s.stone_at(pt(p)) == Stone::Resource);
  for (int i = 0; i < 3; ++i) {
    CHECK(chance_kind(s) == ChanceKind::RevealTile);
    const auto outcomes = chance_outcomes(s);
    CHECK(outcomes.size() == static_cast<std::size_t>(24 - i));
    for (const auto& o : outcomes) CHECK(o.probability == Approx(1.0 / (24 - i)));
    REQUIRE_FALSE(apply_action(s, outcomes[i].action));
  }
  CHECK(s.face_up_count() == 3);
  for (int i = 0; i < 6; ++i) {
    CHECK(chance_kind(s) == ChanceKind::DrawCoin);
    CHECK(coin_recipient(s) == (i < 3 ? Player::A : Player::B));
    const auto outcomes = chance_outcomes(s);
    CHECK(outcomes.size() == static_cast<std::size_t>(24 - i));
    CHECK(refusal(s, "reveal M5") == "C16");
    REQUIRE_FALSE(apply_action(s, outcomes.back().action));
  }
  CHECK(s.hand_size(Player::A) == 3);
  CHECK(s.hand_size(Player::B) == 3);
  CHECK(chance_kind(s) == ChanceKind::FirstPlayer);
  CHECK(chance_outcomes(s).size() == 2);
  CHECK(refusal(s, "P@K12") == "C4");  // chance decides first
  play(s, "first B");
  CHECK(s.phase() == Phase::Stones);
  CHECK(s.to_move() == Player::B);
  CHECK(s.stone_goal() == kCompleteGoal);
  CHECK_FALSE(is_chance(s));
}

TEST_CASE("sampling chance is uniform and reproducible", "[chance]") {
  State s;
  std::array<int, kTiles> seen{};
  for (std::uint64_t seed = 1; seed <= 2400; ++seed) {
    Rng rng(seed);
    ++seen[sample_chance(s, rng).piece];
  }
  for (int n : seen) CHECK(std::abs(n - 100) < 40);
  Rng a(7), b(7);
  for (int i = 0; i < 20; ++i) CHECK(sample_chance(s, a) == sample_chance(s, b));
}

TEST_CASE("C5: a first stone that leaves no way to finish is refused", "[C5]") {
  // B2 touches two Resources (A1, A3): Resource only. C2 touches one
  // Population stone (D2). Every other point near a stone holds a coin.
  State s = position(R"(
4 c0 c1
3 X  c2 c3 c4 c5
2 s0 .  .  O  s1
1 X  s2 s3 s4 s5
)");
  CHECK(s.stone_goal() == kCompleteGoal);
  CHECK(refusal(s, "P@C2") == "");  // then R@B2
  CHECK(refusal(s, "R@B2") == "");  // then P@C2 (one Resource neighbour)
  CHECK(refusal(s, "R@C2") == "C5");  // then B2 is Resource-only and R R R has no third point
  CHECK_THAT(refusal_text(s, "R@C2"), Catch::Contains("no option could be completed"));
  CHECK(refusal(s, "P@B2") == "C5");
  const auto legal = legal_actions(s);
  CHECK(legal == std::vector<Action>{Action::place_stone(Stone::Population, pt("C2")),
                                     Action::place_stone(Stone::Resource, pt("B2"))});
  play(s, "R@B2");
  play(s, "P@C2");
  CHECK(s.phase() == Phase::Main);
}

TEST_CASE("C5: when no option can be completed, as many stones as possible", "[C5]") {
  // Only B2 is empty next to a stone, and after it nothing is.
  State s = position(R"(
3 c0 c1 c2
2 c3 .  c4
1 O  c5 s0 s1
)");
  CHECK(s.stone_goal() == 1);
  CHECK(legal_actions(s).size() == 2);
  play(s, "R@B2");
  CHECK(s.phase() == Phase::Main);
  CHECK(s.stone_goal() == 0);
  // With no stone possible at all, the turn starts at its main decision.
  State t = position(R"(
phase: B main
2 c0 c1
1 O  c2
)");
  CHECK(reachable_goal(t) == 0);
}

TEST_CASE("C7 adjacency and C9 the last stone", "[C7][C9]") {
  State s = position(R"(
phase: A main
face-up: C0+0 S0+0 A1+0
12 .  .  .  .  .  .  .  .  .  O
11 .  .  .  .  .  .  .  M4 M4 M4
10 .  .  .  .  .  .  .  M4 M4 M4
 9 .  .  .  .  .  .  .  M4 M4 M4
 4 X  X
)");
  // Blank Residential (1 Population, 0 empty) on K12 itself: touches M4.
  CHECK(refusal(s, "zone C0@K13") == "");
  CHECK(refusal(s, "zone S0@D13") == "C7");  // touches no Zone
  // The ruling first, then the published rule: never read as the point C7.
  CHECK(refusal_text(s, "zone S0@D13") ==
        "ruling C7 (rule 4.2): every Zone after the first must be adjacent to an existing Zone; S0@D13 touches none");
  CHECK(refusal(s, "zone S0@M13") == "");    // diagonally adjacent: L12 touches K11
  CHECK(refusal(s, "zone S0@N13") == "C7");
  CHECK(refusal(s, "zone S0@A10") == "C7");  // off the board
  CHECK(refusal_text(s, "zone S0@A10") ==
        "ruling C7: a Zone covers a 3x3 block entirely on the board; its centre lies in B2..S18");
  CHECK(refusal(s, "zone A1@B4") == "C7");
  State first = position(R"(
phase: A main
face-up: A1+0 S0+0 C0+0
4 X  X
)");
  // The first Zone may go anywhere, but not over every stone.
  CHECK(refusal(first, "zone A1@B4") == "C9");
  CHECK_THAT(refusal_text(first, "zone A1@B4"), Catch::Contains("last stones"));
  CHECK(refusal(first, "zone S0@R17") == "");
}

TEST_CASE("C12: the player orders the Zones returned under the stack", "[C12]") {
  // A blank Residential Zone around K10 overlapping two Zones: one needs a
  // Population stone, and the covered points count as empty.
  const State s = position(R"(
phase: A main
face-up: C0+4 -  -
returned: A5
12 .  .  .  .  .  .  .  S1 S1 S1
11 .  .  .  .  .  .  .  S1 S1 S1
10 .  .  .  .  .  .  .  S1 S1 S1 O
 9 .  .  .  .  .  .  .  .  .  M2 M2 M2
 8 .  .  .  .  .  .  .  .  .  M2 M2 M2
 7 .  .  .  .  .  .  .  .  .  M2 M2 M2  O
)");
  const PieceMask over = overlapped_zones(s, pt("K10"));
  CHECK(std::popcount(over) == 2);
  CHECK(return_order_count(over) == 2);
  const auto legal = legal_actions(s);
  CHECK(std::count(legal.begin(), legal.end(), Action::place_zone(piece("C0"), pt("K10"), 0)) == 1);
  CHECK(std::count(legal.begin(), legal.end(), Action::place_zone(piece("C0"), pt("K10"), 1)) == 1);
  CHECK(refusal(s, "zone C0@K10 order 2") == "C12");
  // Centres ascending: M2 (L8) before S1 (J11); order 0 returns M2 first.
  CHECK(act(s, "zone C0@K10 return M2 S1").order == 0);
  CHECK(act(s, "zone C0@K10 return S1 M2").order == 1);
  CHECK(to_notation(s, Action::place_zone(piece("C0"), pt("K10"), 1)) == "zone C0@K10 return S1 M2");
  CHECK_FALSE(parse_action(s, "zone C0@K10 return S1"));
  State t = s;
  const ScoreEvents events = play(t, "zone C0@K10 return S1 M2");
  CHECK(total_points(events) == 4 - 1 - 2);  // C10 stones waiting, C12 values
  REQUIRE(t.returned_count() == 3);
  CHECK(t.returned(0) == piece("A5"));
  CHECK(t.returned(1) == piece("S1"));
  CHECK(t.returned(2) == piece("M2"));  // the very bottom
  // No face-up tile is left, but the stack is not empty: a tile is drawn.
  CHECK(t.phase() == Phase::DrawTile);
}

TEST_CASE("C15, C16: stones on the face-up tiles, then the draw", "[C15][C16]") {
  State s = position(R"(
phase: A main
hand A: C2
face-up: M3+2 S1+0 C5+7
 3 .  .  O  O
)");
  State p = s;
  play(p, "pass");
  CHECK(p.face_up()[0].stones == 3);
  CHECK(p.face_up()[1].stones == 1);
  CHECK(p.face_up()[2].stones == 8);
  CHECK(p.to_move() == Player::B);
  CHECK(p.passes() == 1);
  CHECK(p.turn() == 1);
  State d = s;
  play(d, "dev C2@D4");
  CHECK(d.phase() == Phase::DrawCoin);
  CHECK(coin_recipient(d) == Player::A);
  CHECK(d.face_up()[2].stones == 8);
  play(d, "draw M0");
  CHECK(d.hand(Player::A) == PieceMask{1} << piece("M0"));
  CHECK(d.to_move() == Player::B);
  CHECK(d.passes() == 0);
}

TEST_CASE("C17: every way the game ends", "[C17]") {
  SECTION("a coin drawn from an empty bag") {
    std::string d = "phase: B main\nhand A: C0 C1 C2\nhand B: C3 C4 C5\nremoved: S0 S1 S2 S3 S4 S5 M0 M1 M2 M3 M4 M5 "
                    "A0 A1 A2 A3 A4 A5\n 3 .  .  O  O\n";
    State s = position(d);
    CHECK(s.bag_size() == 0);
    play(s, "dev C3@D4");
    CHECK(s.is_over());
    CHECK(end_reason(s) == EndReason::EmptyBag);
    CHECK(s.turn() == 1);
    CHECK(legal_actions(s).empty());
    CHECK(refusal(s, "pass") == "C17");
  }
  SECTION("both players passed") {
    State s = position("phase: A main\npasses: 1\n 3 .  .  O  O\n");
    play(s, "pass");
    CHECK(end_reason(s) == EndReason::BothPassed);
  }
  SECTION("200 turns") {
    State s = position("phase: A main\nturn: 199\n 3 .  .  O  O\n");
    play(s, "pass");
    CHECK(s.turn() == 200);
    CHECK(end_reason(s) == EndReason::TurnLimit);
  }
}

TEST_CASE("C17: the last tile placed ends the game", "[C17]") {
  // The other 23 tiles are Zones in four bands of rows; C0 is the last.
  std::string d = "phase: A main\nface-up: -  C0+0 -\n";
  // Zones for the other 23 tiles: 6 per band of three rows at columns
  // A-C, D-F, ..., P-R (centres B, E, H, L, O, R).
  std::vector<std::string> rows(19, "");
  int t = 0;
  for (int band = 0; band < 4 && t < kTiles; ++band) {
    for (int slot = 0; slot < 6; ++slot) {
      if (t == piece("C0")) ++t;
      if (t >= kTiles) break;
      for (int r = 0; r < 3; ++r) rows[18 - band * 3 - r] += piece_name(t) + " " + piece_name(t) + " " + piece_name(t) + " ";
      ++t;
    }
  }
  for (int r = 18; r >= 7; --r) d += std::to_string(r + 1) + " " + rows[r] + "\n";
  d += " 6 .  .  .  .  .  .  .  .  O\n 3 .  .  .  .  .  .  .  .  O\n";
  State s = position(d);
  CHECK(s.stack_size() == 0);
  // C0 (1 Population) around J6 touches the lowest band.
  play(s, "zone C0@J6");
  CHECK(s.is_over());
  CHECK(end_reason(s) == EndReason::NoTiles);
}

TEST_CASE("action ids and notation round-trip for every id", "[ids][notation]") {
  for (int id = 0; id < kActionIds; ++id) {
    const auto a = action_from_id(id);
    REQUIRE(a);
    REQUIRE(action_id(*a) == id);
    const std::string text = to_notation(*a);
    const auto back = parse_action(text);
    INFO(text);
    REQUIRE(back);
    REQUIRE(*back == *a);
  }
  CHECK_FALSE(action_from_id(-1));
  CHECK_FALSE(action_from_id(kActionIds));
  CHECK(kActionIds == 176477);
  CHECK(action_id(Action::place_stone(Stone::Resource, pt("A1"))) == 361);
  CHECK(action_id(Action::pass()) == 722);
}

TEST_CASE("notation: lenient parsing, canonical printing", "[notation]") {
  const State s;
  CHECK(to_notation(act(s, " p  k10 ")) == "P@K10");
  CHECK(to_notation(act(s, "Pop@k10")) == "P@K10");
  CHECK(to_notation(act(s, "resource j9")) == "R@J9");
  CHECK(to_notation(act(s, "rk12")) == "R@K12");
  CHECK(to_notation(act(s, "Z m3 k10")) == "zone M3@K10");
  CHECK(to_notation(act(s, "zone Ma@k10")) == "zone M1@K10");
  CHECK(to_notation(act(s, "dev m4 k10")) == "dev M4@K10");
  CHECK(to_notation(act(s, "D M4>M3")) == "dev M4 on M3");
  CHECK(to_notation(act(s, "develop m4 on zone m3")) == "dev M4 on M3");
  CHECK(to_notation(act(s, "PASS")) == "pass");
  CHECK(to_notation(act(s, "reveal sb")) == "reveal S0");
  CHECK(to_notation(act(s, "draw a5")) == "draw A5");
  CHECK(to_notation(act(s, "first b")) == "first B");
  for (const char* bad : {"", "P@I5", "P@K20", "zone X3@K10", "dev M6@K10", "hello", "P K10 K11",
                          "zone M3@K10 order 30"}) {
    INFO(bad);
    const auto r = parse_action(s, bad);
    REQUIRE_FALSE(r);
    CHECK(r.error().code == "notation");
  }
}
