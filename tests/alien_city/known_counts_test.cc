// Known-count regression in the spirit of perft: for three fixed seeds, the
// number of legal decisions at every ply of a fixed random game and the final
// scores. A change to any rule, to the generator or to the random agent shows
// up here as a changed number.
#include <catch2/catch.hpp>

#include <string>

#include "alien_city/core/playout.h"
#include "alien_city/core/scoring.h"

using namespace alien_city;

namespace {

struct KnownGame {
  std::uint64_t seed;  // balanced_layout(seed), Rng(seed) for the decisions
  int plies;
  std::array<int, 2> scores;  // White, Black
  const char* counts;         // legal decisions before each ply
};

constexpr KnownGame kKnownGames[] = {
    {11u, 48, {43, 14}, "150,2,142,2,140,2,138,2,134,2,132,2,128,101,4,105,74,5,97,64,5,91,58,7,84,55,80,54,78,36,53,33,48,29,43,27,32,15,23,13,16,6,10,4,2,3,1,1"},
    {2024u, 46, {44, 51}, "150,2,148,3,148,2,146,2,144,2,142,142,2,130,2,101,122,4,71,93,68,91,66,68,64,62,55,53,40,32,36,28,33,20,26,18,22,14,19,6,11,5,5,2,2,1"},
    {777777u, 47, {45, 37}, "150,2,148,3,146,2,144,2,142,3,138,2,130,2,126,2,126,101,3,120,98,116,94,89,86,60,70,52,42,34,39,32,32,18,28,16,22,15,18,11,15,6,9,9,8,1,1"},
};

}  // namespace

TEST_CASE("legal decision counts along three fixed games", "[known-counts]") {
  for (const KnownGame& g : kKnownGames) {
    INFO("seed " << g.seed);
    State s(balanced_layout(g.seed));
    Rng rng(g.seed);
    std::string counts;
    int plies = 0;
    while (!s.is_over()) {
      const int n = count_legal_actions(s);
      REQUIRE(n == static_cast<int>(legal_actions(s).size()));
      counts += (counts.empty() ? "" : ",") + std::to_string(n);
      apply_unchecked(s, random_action(s, rng));
      ++plies;
    }
    CHECK(plies == g.plies);
    CHECK(counts == g.counts);
    CHECK(score_totals(s) == g.scores);
  }
}

TEST_CASE("the empty city offers 150 builds to Black", "[known-counts]") {
  // 15 lots of each colour's tiles and 15 of black tiles are not icon lots:
  // towers 3 x (15 + 15), domes 4 x 15.
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const State s(balanced_layout(seed));
    CHECK(count_legal_actions(s) == 150);
    CHECK(s.to_move() == Player::Black);
  }
}
