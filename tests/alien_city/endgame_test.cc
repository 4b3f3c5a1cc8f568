// Alien City's endgame solver (core/endgame.h) is exact: its margins equal
// plain minimax near the end of random games, and the solver it replaced
// (endgame_reference.h, the solver of commit 70aba93) farther back; its
// lines are legal and reach the margin they claim.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "alien_city/core/endgame.h"
#include "alien_city/core/playout.h"
#include "endgame_reference.h"

using namespace alien_city;

namespace {

const State& from_end(const std::vector<State>& states, int k) {
  return states[states.size() - 1 - static_cast<std::size_t>(std::min<int>(k, states.size() - 1))];
}

// Every state of random game `seed`, the first to the finished one. Random
// play spends its caps early, so that no claim decision is left near the
// end; with `declining`, every claim is declined, and the endgames are full
// of claim decisions (each build is followed by one).
std::vector<State> random_game(std::uint64_t seed, bool declining = false) {
  State s(balanced_layout(seed));
  Rng rng(seed * 7919 + 1);
  std::vector<State> states{s};
  while (!s.is_over()) {
    apply_unchecked(s, declining && s.phase() == Phase::Claim ? Action::decline() : random_action(s, rng));
    states.push_back(s);
  }
  return states;
}

bool claim_ahead(const std::vector<State>& states, int k) {
  for (int i = 0; i <= k && i < static_cast<int>(states.size()); ++i)
    if (from_end(states, i).phase() == Phase::Claim) return true;
  return false;
}

// Minimax without pruning or table: Black maximises the final margin.
int minimax(const State& s) {
  if (s.is_over()) return black_margin(s);
  const bool maximising = s.to_move() == Player::Black;
  int best = maximising ? -1000000 : 1000000;
  for (const Action& a : legal_actions(s)) {
    State next = s;
    apply_unchecked(next, a);
    const int v = minimax(next);
    best = maximising ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// The line is legal from s; played to its end (when it gets there) it
// scores the margin.
void check_line(const State& s, const EndgameResult& r) {
  REQUIRE(!r.line.empty());
  State t = s;
  for (const Action& a : r.line) {
    REQUIRE_FALSE(check_action(t, a));
    apply_unchecked(t, a);
  }
  if (t.is_over()) REQUIRE(black_margin(t) == r.margin);
}

}  // namespace

TEST_CASE("the endgame key updated move by move equals the key made from scratch, and its place is known before the move", "[endgame]") {
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    const std::vector<State> states = random_game(seed);
    State s = states.front();
    EndgameSolver::Keys k = EndgameSolver::keys_of(s);
    Rng rng(seed);
    while (!s.is_over()) {
      const Action a = random_action(s, rng);
      State next = s;
      apply_unchecked(next, a);
      // The child's place in the tables, known before the move is made.
      const std::uint64_t place = EndgameSolver::child_place(k, s, a);
      k = EndgameSolver::child_keys(k, s, a, next);
      REQUIRE(k == EndgameSolver::keys_of(next));
      REQUIRE(place == EndgameSolver::place_of(k, next));
      s = next;
    }
  }
}

TEST_CASE("the endgame solver's margins equal plain minimax on the last five decisions", "[endgame]") {
  EndgameSolver solver;
  int checked = 0, with_claims = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const std::vector<State> states = random_game(seed / 2, seed % 2 == 1);
    for (int k = 1; k <= 5; ++k) {
      const State& s = from_end(states, k);
      if (s.is_over()) continue;
      const EndgameResult r = solver.solve(s, 10'000'000);
      REQUIRE(r.proved);
      CAPTURE(seed, k);
      REQUIRE(r.margin == minimax(s));
      check_line(s, r);
      ++checked;
      with_claims += claim_ahead(states, k);
    }
  }
  CHECK(checked == 200);
  CHECK(with_claims >= 80);
}

TEST_CASE("the endgame solver's margins equal the former solver's up to ten decisions from the end", "[endgame]") {
  // Half the games decline every claim, so that claim decisions are searched.
  EndgameSolver solver;
  reference::EndgameSolver former;
  int with_claims = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const std::vector<State> states = random_game(seed / 2, seed % 2 == 1);
    for (int k = 6; k <= 10; ++k) {
      with_claims += claim_ahead(states, k);
      const State& s = from_end(states, k);
      CAPTURE(seed, k);
      const reference::EndgameResult want = former.solve(s, 100'000'000);
      REQUIRE(want.proved);
      const EndgameResult got = solver.solve(s, 100'000'000);
      REQUIRE(got.proved);
      REQUIRE(got.margin == want.margin);
      check_line(s, got);
      // With no practical limit the solver orders less of the tree (for
      // time rather than positions): the same margins.
      const EndgameResult unlimited = solver.solve(s, 4'000'000'000);
      REQUIRE(unlimited.proved);
      REQUIRE(unlimited.margin == want.margin);
      check_line(s, unlimited);
      // A guess, right or wrong, changes nothing but the work.
      for (const int guess : {want.margin, want.margin + 3, want.margin - 7}) {
        const EndgameResult guessed = solver.solve(s, 100'000'000, guess);
        REQUIRE(guessed.proved);
        REQUIRE(guessed.margin == want.margin);
      }
    }
  }
  CHECK(with_claims >= 60);
}

TEST_CASE("the endgame solver gives up past its budget and says so", "[endgame]") {
  const std::vector<State> states = random_game(3);
  EndgameSolver solver;
  const EndgameResult r = solver.solve(from_end(states, 10), 100);
  CHECK_FALSE(r.proved);
  CHECK(r.nodes == 101);
}
