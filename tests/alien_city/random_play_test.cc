// Properties that hold in every game: 2,000 seeded random games, each
// checked after every decision.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "alien_city/core/diagram.h"
#include "alien_city/core/playout.h"
#include "alien_city/core/scoring.h"
#include "alien_city/core/serialize.h"
#include "alien_city/core/streets.h"
#include "test_positions.h"

using namespace alien_city;

namespace {

constexpr int kGames = 2000;
// Every piece kind and cap is either on the board or in a supply (R4).
void check_conservation(const State& s) {
  for (int k = 0; k < kPieceKinds; ++k) {
    const auto piece = static_cast<Piece>(k);
    int on_board = 0;
    for (Lot lot = 0; lot < kLots; ++lot) on_board += s.piece_at(lot) == piece;
    const int total = initial_supply(Player::White).pieces[k] + initial_supply(Player::Black).pieces[k];
    REQUIRE(on_board + s.supply(Player::White).pieces[k] + s.supply(Player::Black).pieces[k] == total);
  }
  for (Player p : {Player::White, Player::Black})
    REQUIRE(s.claimed_by(p).count() + s.supply(p).caps == 3);
}

// Three independent answers to "is this build legal" agree on every
// (piece, lot): the listing (articulation test by bitboards and floods), the
// refusal with its reason, and the fast boolean test; the sampling candidates
// hold every legal build; and the street rule matches a Tarjan pass.
void check_builds_match_refusals(const State& s) {
  const Player p = s.to_move();
  const BuildLots legal = legal_builds(s, p);
  const BuildCandidates candidates = build_candidates(s, p);
  for (int k = 0; k < kPieceKinds; ++k) {
    REQUIRE((legal.lots[k] - candidates.lots[k]).empty());
    for (Lot lot = 0; lot < kLots; ++lot) {
      const auto piece = static_cast<Piece>(k);
      const bool listed = legal.lots[k].contains(lot);
      const auto refusal = why_not_build(s, p, piece, lot);
      INFO(to_diagram(s) << piece_code(piece) << "@" << lot_name(lot));
      REQUIRE(listed == !refusal.has_value());
      REQUIRE(listed == build_is_legal(s, p, piece, lot));
    }
  }
  const LotSet streets = s.streets();
  REQUIRE(street_legal_lots(s) ==
          streets - articulation_points(streets) - sole_access_lots(s.built(), streets));
}

}  // namespace

TEST_CASE("random games keep every invariant", "[random][properties]") {
  long decisions = 0, skips = 0;
  for (std::uint64_t seed = 1; seed <= kGames; ++seed) {
    State s(seed % 5 == 0 ? piecepack_layout(seed) : balanced_layout(seed));
    Rng rng(seed * 7919);
    Action last = Action::decline();
    while (!s.is_over()) {
      const std::vector<Action> legal = legal_actions(s);
      REQUIRE_FALSE(legal.empty());
      REQUIRE(static_cast<int>(legal.size()) == count_legal_actions(s));
      if (seed <= 100 && s.phase() == Phase::Build) check_builds_match_refusals(s);
      const Action a = random_action(s, rng);
      REQUIRE(std::find(legal.begin(), legal.end(), a) != legal.end());
      REQUIRE_FALSE(check_action(s, a));
      const Player mover = s.to_move();
      const State before = s;
      REQUIRE_FALSE(apply_action(s, a));
      ++decisions;
      last = a;

      REQUIRE(streets_valid(s));
      check_conservation(s);
      if (a.kind == Action::Kind::Build) {
        const bool opponent_can = has_legal_build(s, other(mover));
        const bool mover_can = has_legal_build(s, mover);
        // The game ends exactly when neither player can build (R6).
        REQUIRE(s.is_over() == (!opponent_can && !mover_can));
        if (!s.is_over()) {
          // A player with a legal build is never skipped.
          const Player next = s.phase() == Phase::Claim ? s.next_builder() : s.to_move();
          REQUIRE(next == (opponent_can ? other(mover) : mover));
          skips += next == mover;
          REQUIRE((s.phase() == Phase::Claim) == claim_possible(s, mover));
        }
      } else {
        REQUIRE(s.phase() == Phase::Build);
        REQUIRE(s.to_move() == before.next_builder());
      }
      if (s.phase() == Phase::Build && !s.is_over()) REQUIRE(has_legal_build(s, s.to_move()));

      // Copies and both text and byte forms give back the same position.
      const State copy = s;
      REQUIRE(copy == s);
      const auto bytes = deserialize(serialize(s));
      REQUIRE(bytes);
      REQUIRE(*bytes == s);
      if (seed <= 200) {
        const auto text = parse_diagram(to_diagram(s));
        REQUIRE(text);
        REQUIRE(*text == s);
      }
      const auto totals = score_totals(s);
      REQUIRE(totals[0] >= 0);
      REQUIRE(totals[1] >= 0);
    }
    // The game's last decision is a build: no claim on the last turn (R5).
    REQUIRE(last.kind == Action::Kind::Build);
    REQUIRE(legal_actions(s).empty());
    const ScoreBreakdown b = score_breakdown(s);
    REQUIRE(b.totals == score_totals(s));
    REQUIRE(b.final);
  }
  // The suite exercised turn skipping, not just alternation.
  CHECK(skips > 0);
  CHECK(decisions > kGames * 40);
}

// Random builds are uniform over the legal builds, also where rejection
// sampling throws most candidates away: at plies 20, 30 and 40 of three
// games, 300 draws per legal build, every one drawn and the spread within a
// chi-square bound (df + 6 sqrt(2 df): a biased sampler, say one build drawn
// twice as often, exceeds it by far).
TEST_CASE("random builds are uniform over the legal builds", "[random][uniform]") {
  int checked = 0, with_rejection = 0;
  for (std::uint64_t seed : {3u, 5u, 8u}) {
    State s(balanced_layout(seed));
    Rng game_rng(seed);
    for (int ply = 0; !s.is_over() && ply <= 40; ++ply) {
      if ((ply == 20 || ply == 30 || ply == 40) && s.phase() == Phase::Build) {
        const std::vector<Action> legal = legal_actions(s);
        const int n = static_cast<int>(legal.size());
        with_rejection += build_candidates(s, s.to_move()).total > n + n / 4;
        std::vector<long> drawn(kActionIds, 0);
        Rng rng(seed * 31 + static_cast<std::uint64_t>(ply));
        const long draws = 300L * n;
        for (long i = 0; i < draws; ++i) ++drawn[action_id(random_action(s, rng))];
        double chi2 = 0;
        long total = 0;
        for (const Action& a : legal) {
          const double d = static_cast<double>(drawn[action_id(a)]) - 300.0;
          chi2 += d * d / 300.0;
          total += drawn[action_id(a)];
          REQUIRE(drawn[action_id(a)] > 0);
        }
        INFO("seed " << seed << " ply " << ply << ": " << n << " legal builds, chi-square " << chi2);
        REQUIRE(total == draws);  // nothing illegal was drawn
        const double df = n - 1;
        CHECK(chi2 < df + 6 * std::sqrt(2 * df));
        ++checked;
      }
      apply_unchecked(s, random_action(s, game_rng));
    }
  }
  CHECK(checked >= 8);
  CHECK(with_rejection >= 3);
}
