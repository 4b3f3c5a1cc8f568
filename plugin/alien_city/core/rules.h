// Legal decisions and applying them (seed rules 1-5, rulings R5-R11).
//
// A decision is a Build (piece onto lot), a Claim (cap a tower) or a Decline
// (take no claim). External input is checked and refused with an Error that
// names the rule; apply_unchecked() is for decisions already known legal.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "board.h"
#include "expected.h"
#include "state.h"
#include "streets.h"

namespace alien_city {

struct Action {
  enum class Kind : std::uint8_t { Build, Claim, Decline };
  Kind kind = Kind::Decline;
  Piece piece = Piece::RedTower;  // Build only
  Lot lot = kNoLot;               // Build and Claim

  static constexpr Action build(Piece p, Lot l) { return {Kind::Build, p, l}; }
  static constexpr Action claim(Lot l) { return {Kind::Claim, Piece::RedTower, l}; }
  static constexpr Action decline() { return {}; }
  friend constexpr bool operator==(const Action&, const Action&) = default;
};

// Stable action ids: build = piece * 80 + lot (0..559), claim = 560 + lot,
// decline = 640. They never change between versions.
inline constexpr int kDeclineId = kPieceKinds * kLots + kLots;
inline constexpr int kActionIds = kDeclineId + 1;
constexpr int action_id(const Action& a) {
  switch (a.kind) {
    case Action::Kind::Build: return static_cast<int>(a.piece) * kLots + a.lot;
    case Action::Kind::Claim: return kPieceKinds * kLots + a.lot;
    default: return kDeclineId;
  }
}
std::optional<Action> action_from_id(int id);

// For each kind of piece, the lots where it may be built now (R7-R11),
// ignoring whose turn it is and what the supply holds.
struct BuildLots {
  std::array<LotSet, kPieceKinds> lots{};
};
BuildLots build_lots(const State& s);

// The legal builds of player p from their supply (whatever the phase).
BuildLots legal_builds(const State& s, Player p);
bool has_legal_build(const State& s, Player p);

// Every legal decision for the player to move, builds ordered by piece then
// lot, claims by lot, then decline — so in increasing action id. Empty when
// the game is over.
std::vector<Action> legal_actions(const State& s);

// The same decisions handed one by one to `visit(const Action&)`, without
// building a vector (for adapters that copy ids straight into a message).
template <class Visit>
void visit_legal_actions(const State& s, Visit&& visit) {
  if (s.phase() == Phase::Build) {
    const BuildLots builds = legal_builds(s, s.to_move());
    for (int k = 0; k < kPieceKinds; ++k)
      for (Lot lot : builds.lots[k]) visit(Action::build(static_cast<Piece>(k), lot));
  } else if (s.phase() == Phase::Claim) {
    for (Lot lot : s.unclaimed_towers()) visit(Action::claim(lot));
    visit(Action::decline());
  }
}
int count_legal_actions(const State& s);

// Why `piece` cannot be built on `lot` by `p` now, or nullopt when it can.
// Codes are the rulings of docs/rules.md: R7 occupied (rule 1), R8 isolates
// a structure or splits the streets (rule 4), R9 tile colour (rule 3), R10
// dome colour (rule 2), R11 icon lot last (rule 5), R4 not in supply, R5
// wrong phase, R6 game over.
std::optional<Error> why_not_build(const State& s, Player p, Piece piece, Lot lot);
// The same answer as !why_not_build(...), without composing any message.
bool build_is_legal(const State& s, Player p, Piece piece, Lot lot);
// As above, given r8 = street_summary(s).
bool build_is_legal(const State& s, Player p, Piece piece, Lot lot, const StreetSummary& r8);

// A cheap superset of p's legal builds, for sampling by rejection: lots that
// no structure needs as its only street, filtered by colour (R9, and R10 when
// a lot of the dome's colour is seen to pass R8); count[k] = lots[k].count().
struct BuildCandidates {
  std::array<LotSet, kPieceKinds> lots{};
  std::array<int, kPieceKinds> count{};
  int total = 0;
  StreetSummary r8;
};
BuildCandidates build_candidates(const State& s, Player p);

// Why nothing from the mover's supply can be built on `lot` (the most
// specific rule first), or nullopt when something can.
std::optional<Error> why_not_lot(const State& s, Lot lot);

// Whether `a` is legal for the player to move; the error names the rule
// (claims: R5 phase, no such tower, already claimed, no cap left; R1 no such
// lot).
std::optional<Error> check_action(const State& s, const Action& a);

// Checks, then applies and advances the turn (R5, R6). On error the state is
// unchanged.
std::optional<Error> apply_action(State& s, const Action& a);

// Applies a decision known to be legal (asserted in debug builds).
void apply_unchecked(State& s, const Action& a);

// Whether the mover could cap a tower now if a build just ended (R5).
bool claim_possible(const State& s, Player p);

}  // namespace alien_city
