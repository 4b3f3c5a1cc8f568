// Known-count regression in the spirit of perft: for fixed seeds, the number
// of legal decisions (chance outcomes included) before every decision of a
// fixed random game, its length and its final scores. A change to any rule,
// to the generator, to chance or to the random agents shows up here.
#include <catch2/catch.hpp>

#include <string>

#include "city_planning/core/playout.h"

using namespace city_planning;

namespace {

struct KnownGame {
  std::uint64_t seed;  // Rng(seed) for chance and decisions
  bool by_kind;        // random_action_by_kind instead of random_action
  int decisions;
  std::array<int, 2> scores;  // A, B
  const char* counts;         // legal decisions before each one
};

constexpr KnownGame kKnownGames[] = {
    {11u, false, 104, {10, 9}, "24,23,22,24,23,22,21,20,19,2,32,38,22,347,21,47,51,10,55,52,58,18,56,55,19,17,54,57,26,83,16,63,70,41,44,15,75,75,59,14,73,70,44,40,13,70,69,36,12,74,80,39,11,83,80,50,36,10,77,83,34,37,9,87,88,68,8,94,92,57,49,7,89,92,63,41,6,95,99,38,93,5,110,114,46,64,4,117,119,94,3,119,125,75,2,127,132,84,58,1,138,138,83,101"},
    {2024u, false, 154, {13, 3}, "24,23,22,24,23,22,21,20,19,2,32,32,21,57,21,34,34,18,59,18,38,39,69,20,42,50,29,75,17,64,70,38,64,19,66,73,38,38,16,71,75,45,51,18,76,84,38,102,17,86,89,41,74,15,101,102,35,14,104,107,85,13,109,106,63,76,12,102,99,59,55,16,99,97,61,37,11,97,100,47,10,101,107,42,9,109,108,65,41,8,104,106,43,47,15,115,116,68,115,14,111,114,60,13,115,111,67,206,12,109,117,76,7,113,111,70,90,11,121,127,48,165,10,125,123,56,6,122,124,96,5,121,125,77,62,4,122,126,104,3,123,121,76,75,2,124,121,45,77,1,128,130,81,83"},
    {777777u, true, 166, {7, -2}, "24,23,22,24,23,22,21,20,19,2,32,36,21,336,21,28,32,80,20,31,37,20,44,18,38,41,60,19,26,23,18,18,5,10,9,7,17,12,20,10,17,17,26,26,19,16,29,33,23,16,16,24,30,15,21,23,35,15,14,12,30,14,8,8,7,4,14,8,12,4,13,14,13,8,6,12,10,9,16,11,14,20,13,10,24,27,18,13,9,27,35,28,13,34,34,22,59,8,35,31,23,60,7,31,35,24,56,6,29,30,28,61,12,53,55,78,5,59,61,41,84,4,54,61,45,86,3,65,63,118,11,69,75,39,10,84,80,54,42,9,75,75,24,49,2,76,74,66,8,72,74,49,73,7,69,65,48,39,6,66,64,29,1,61,60,32"},
};

}  // namespace

TEST_CASE("legal decision counts along fixed games", "[known-counts]") {
  for (const KnownGame& g : kKnownGames) {
    INFO("seed " << g.seed);
    State s;
    Rng rng(g.seed);
    std::string counts;
    int decisions = 0;
    while (!s.is_over()) {
      const int n = count_legal_actions(s);
      REQUIRE(n == static_cast<int>(legal_actions(s).size()));
      counts += (counts.empty() ? "" : ",") + std::to_string(n);
      apply_unchecked(s, g.by_kind ? random_action_by_kind(s, rng) : random_action(s, rng));
      ++decisions;
    }
    UNSCOPED_INFO("{" << g.seed << "u, " << (g.by_kind ? "true" : "false") << ", " << decisions << ", {"
                      << s.score(Player::A) << ", " << s.score(Player::B) << "}, \"" << counts << "\"},");
    CHECK(decisions == g.decisions);
    CHECK(counts == g.counts);
    CHECK(s.scores() == g.scores);
  }
}

TEST_CASE("the opening offers fixed counts", "[known-counts]") {
  State s;
  CHECK(count_legal_actions(s) == 24);  // the first tile
  // After setup, the starting cross (C3): Population next to the cross and
  // Resources anywhere next to it.
  Rng rng(5);
  while (is_chance(s)) apply_unchecked(s, random_action(s, rng));
  CHECK(s.population_points().count() == 16);
  CHECK(s.resource_points().count() == 16);
}
