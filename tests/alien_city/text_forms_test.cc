// Move notation, diagrams, layouts and the byte form: exact texts and round
// trips, and clear refusals of malformed input.
#include <catch2/catch.hpp>

#include "alien_city/core/playout.h"
#include "alien_city/core/serialize.h"
#include "alien_city/core/setup.h"
#include "test_positions.h"

using namespace alien_city;
using namespace alien_city::test;

TEST_CASE("lot names", "[notation]") {
  CHECK(lot_name(0) == "A1");
  CHECK(lot_name(7) == "H1");
  CHECK(lot_name(79) == "H10");
  CHECK(parse_lot("e3") == lot_at(4, 2));
  CHECK(parse_lot("H10") == 79);
  for (const char* bad : {"", "I1", "A0", "A11", "A01", "3E", "A1x"}) CHECK_FALSE(parse_lot(bad));
}

TEST_CASE("decisions print canonically and parse leniently", "[notation]") {
  CHECK(to_notation(Action::build(Piece::RedTower, lot("E3"))) == "RT@E3");
  CHECK(to_notation(Action::build(Piece::BlackDome, lot("C8"))) == "KD@C8");
  CHECK(to_notation(Action::claim(lot("H10"))) == "claim@H10");
  CHECK(to_notation(Action::decline()) == "decline");
  CHECK(act("rt e3") == Action::build(Piece::RedTower, lot("E3")));
  CHECK(act("KDC8") == Action::build(Piece::BlackDome, lot("C8")));
  CHECK(act("Claim E3") == Action::claim(lot("E3")));
  CHECK(act("pass") == Action::decline());
  for (int id = 0; id < kActionIds; ++id) {
    const Action a = *action_from_id(id);
    CHECK(action_id(a) == id);
    CHECK(*parse_action(to_notation(a)) == a);
  }
  CHECK_FALSE(action_from_id(kActionIds));
  CHECK(parse_action("XT@E3").error().message ==
        "cannot read 'XT@E3' as a decision: 'xt' is not a piece (RT BT GT for towers, RD BD GD KD "
        "for domes) (builds look like RT@E3 or KD@C8, claims like claim@E3, or decline)");
  CHECK_FALSE(parse_action("RT@Z9"));
  CHECK_FALSE(parse_action(""));
}

TEST_CASE("layouts: seeded setups are fixed and balanced", "[setup]") {
  // Locked so the same seed gives the same city on every machine.
  CHECK(layout_to_string(balanced_layout(1)) ==
        "g-sw g-sw b-ne g-se / r-ne r-se g-se k-nw / r-ne g-ne r-ne b-sw / "
        "k-se k-se r-sw k-se / k-sw b-se b-se b-nw");
  for (std::uint64_t seed : {1u, 2u, 99u}) {
    const Layout l = balanced_layout(seed);
    std::array<int, 4> per_colour{};
    for (Colour c : l.colour) ++per_colour[static_cast<int>(c)];
    CHECK(per_colour == std::array<int, 4>{5, 5, 5, 5});
    const Layout p = piecepack_layout(seed);
    for (Colour c : p.colour) CHECK(static_cast<int>(c) < 4);
    std::array<int, 4> drawn{};
    for (Colour c : p.colour) ++drawn[static_cast<int>(c)];
    for (int n : drawn) CHECK(n <= 6);
    CHECK(*parse_layout(layout_to_string(l)) == l);
  }
  CHECK(balanced_layout(5) == balanced_layout(5));
  CHECK_FALSE(balanced_layout(5) == balanced_layout(6));
  CHECK(parse_layout("r-ne").error().message ==
        "a layout has 20 tiles (5 rows of 4, top row first); found 1");
  CHECK_FALSE(parse_layout("r-ne r-ne r-ne r-ne r-ne r-ne r-ne r-ne r-ne r-ne r-ne r-ne r-ne r-ne "
                           "r-ne r-ne r-ne r-ne r-ne x-ne"));
}

TEST_CASE("the random generator is the documented xoshiro256** seeded by splitmix64", "[setup]") {
  // Reference values of splitmix64 from seed 0 (Vigna's reference code).
  std::uint64_t x = 0;
  CHECK(splitmix64(x) == 0xE220A8397B1DCDAFull);
  CHECK(splitmix64(x) == 0x6E789E6AA1B965F4ull);
  Rng a(42), b(42);
  for (int i = 0; i < 100; ++i) CHECK(a.next() == b.next());
  Rng r(7);
  for (int i = 0; i < 1000; ++i) CHECK(r.below(13) < 13u);
}

TEST_CASE("diagrams print exactly and read back", "[diagram]") {
  State s(balanced_layout(1));
  REQUIRE_FALSE(apply_action(s, act("KD@" + lot_name((s.colour_lots(Colour::Black) - s.icon_lots()).first()))));
  const std::string text = to_diagram(s);
  CHECK(text.substr(0, text.find('\n')) == "to-move: White build");
  CHECK(text.find("White: RT3 BT2 GT2 RD3 BD3 GD3 KD3 caps3\nBlack: RT2 BT3 GT2 RD3 BD3 GD3 KD2 caps3\n") !=
        std::string::npos);
  const State back = position(text);
  CHECK(back == s);
  CHECK(to_diagram(back) == text);
}

TEST_CASE("diagrams: malformed input is refused with the line", "[diagram]") {
  const std::string good = to_diagram(State(balanced_layout(3)));
  auto with = [&](const std::string& from, const std::string& to) {
    std::string d = good;
    d.replace(d.find(from), from.size(), to);
    return parse_diagram(d);
  };
  CHECK(parse_diagram("").error().message == "diagram: row 1 is missing");
  const auto no_icon = parse_diagram(std::string(good).replace(good.find('*'), 1, "."));
  CHECK(no_icon.error().message.find("needs exactly one icon lot") != std::string::npos);
  CHECK(with("to-move: Black build", "to-move: Purple build").error().message ==
        "diagram line 1: to-move is 'White build', 'Black claim', ... or 'over'");
  CHECK(with("caps3\nBlack", "caps9\nBlack").error().message == "diagram line 2: at most 3 caps");
  CHECK(with("to-move: Black build", "to-move: over").error().message ==
        "diagram line 1: 'over' but Black can still build");
  CHECK(with("to-move: Black build", "to-move: Black claim").error().message ==
        "diagram line 1: Black cannot claim (no cap or no unclaimed tower)");
}

TEST_CASE("state bytes refuse anything malformed", "[serialize]") {
  State s(balanced_layout(9));
  Rng rng(9);
  for (int i = 0; i < 30; ++i) apply_unchecked(s, random_action(s, rng));
  const std::string bytes = serialize(s);
  CHECK(bytes.size() == 122);
  CHECK(*deserialize(bytes) == s);
  CHECK(deserialize(bytes.substr(0, 50)).error().message == "bad Alien City state bytes: expected 122 bytes, got 50");
  std::string wrong = bytes;
  wrong[0] = 'X';
  CHECK(deserialize(wrong).error().message == "bad Alien City state bytes: wrong magic");
  // Every single-byte corruption either decodes to a valid position or is refused.
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    std::string flipped = bytes;
    flipped[i] = static_cast<char>(flipped[i] ^ 0x5A);
    (void)deserialize(flipped);
  }
}
