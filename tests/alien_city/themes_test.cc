// Puzzle themes (themes.h): each theme on a hand-built position where it
// applies, with the exact list a decision gets.
#include <catch2/catch.hpp>

#include "alien_city/core/themes.h"
#include "test_positions.h"

using namespace alien_city;
using namespace alien_city::test;

namespace {

// An open city of black tiles (icons on A, C, E, G of the odd rows) with
// the structures of `row4` and `row6` and, on row 8, `row8`; the header
// says who is to move.
std::string city(const std::string& header, const std::string& row8, const std::string& row6,
                 const std::string& row4) {
  return header + "\n" +
         "10  k... k... k... k... k... k... k... k...\n"
         " 9  k*.. k... k*.. k... k*.. k... k*.. k...\n"
         " 8  " + row8 + "\n"
         " 7  k*.. k... k*.. k... k*.. k... k*.. k...\n"
         " 6  " + row6 + "\n"
         " 5  k*.. k... k*.. k... k*.. k... k*.. k...\n"
         " 4  " + row4 + "\n"
         " 3  k*.. k... k*.. k... k*.. k... k*.. k...\n"
         " 2  k... k... k... k... k... k... k... k...\n"
         " 1  k*.. k... k*.. k... k*.. k... k*.. k...\n";
}

const std::string kEmpty = "k... k... k... k... k... k... k... k...";

std::vector<std::string> themes_of(const std::string& diagram, std::string_view move) {
  const State s = position(diagram);
  REQUIRE(refusal(s, move).empty());
  return themes(s, act(move));
}

using Themes = std::vector<std::string>;

}  // namespace

TEST_CASE("claims the biggest tower, and decline the claim", "[themes]") {
  // Unclaimed red towers C4 (a black dome customer on E4, the competitor C8
  // three streets away: 3 points) and C8 (no customer: 0 points).
  const std::string d = city("to-move: White claim", "k... k... k.R. k... k... k... k... k...", kEmpty,
                             "k... k... k.R. k... k.k. k... k... k...");
  CHECK(themes_of(d, "claim@C4") == Themes{"claims the biggest tower"});
  CHECK(themes_of(d, "claim@C8").empty());
  CHECK(themes_of(d, "decline") == Themes{"decline the claim"});
}

TEST_CASE("cuts off a competitor", "[themes]") {
  // White's red C4 is one street (D4) from the red E4; a red dome on D4
  // sends the route round by C5 D5 E5: three streets.
  const std::string d = city("to-move: White build", kEmpty, kEmpty, "k... k... k.RW k... k.R. k... k... k...");
  CHECK(themes_of(d, "RD@D4") == Themes{"cuts off a competitor"});
  // The same dome against Black's tower does nothing of the kind.
  const std::string black = city("to-move: White build", kEmpty, kEmpty, "k... k... k.RB k... k.R. k... k... k...");
  CHECK(themes_of(black, "RD@D4").empty());
}

TEST_CASE("brings a competitor", "[themes]") {
  // Black's red C4 has its only competitor in the far corner H8; a red tower
  // on E4 stands one street away.
  const std::string d = city("to-move: White build", "k... k... k... k... k... k... k... k.R.", kEmpty,
                             "k... k... k.RB k... k... k... k... k...");
  CHECK(themes_of(d, "RT@E4") == Themes{"brings a competitor"});
}

TEST_CASE("splits customers", "[themes]") {
  // Black's red C4 serves the black dome E4 through D4; a red dome there
  // (no customer of a red tower) puts E4 three streets away.
  const std::string d = city("to-move: White build", kEmpty, kEmpty, "k... k... k.RB k... k.k. k... k... k...");
  CHECK(themes_of(d, "RD@D4") == Themes{"splits customers"});
}

TEST_CASE("adds customers", "[themes]") {
  // A black dome beside White's red C4: a customer two streets away.
  const std::string d = city("to-move: White build", kEmpty, kEmpty, "k... k... k.RW k... k... k... k... k...");
  CHECK(themes_of(d, "KD@D4") == Themes{"adds customers"});
}

TEST_CASE("blocks a green bonus", "[themes]") {
  // Black's red C4 is the nearest red tower to the unclaimed green C6 (one
  // street): Black's bonus. A red tower on E6, as near, ties it; it is also
  // the first competitor of C4.
  const std::string d = city("to-move: White build", kEmpty, "k... k... k.G. k... k... k... k... k...",
                             "k... k... k.RB k... k... k... k... k...");
  CHECK(themes_of(d, "RT@E6") == Themes{"brings a competitor", "blocks a green bonus"});
}

TEST_CASE("wins a green bonus", "[themes]") {
  // A green tower one street from White's red C4: White's bonus, and a
  // customer of C4.
  const std::string d = city("to-move: White build", kEmpty, kEmpty, "k... k... k.RW k... k... k... k... k...");
  CHECK(themes_of(d, "GT@C6") == Themes{"adds customers", "wins a green bonus"});
}
