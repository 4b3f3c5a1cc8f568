#include "rules.h"

#include <algorithm>
#include <iterator>
#include <string>

#include "notation.h"
#include "streets.h"

namespace alien_city {
namespace {

// Icon lots that R11 forbids: another empty lot of the tile passes R8 (each
// tile has one icon lot, so "another" is any non-icon lot of it).
LotSet blocked_icon_lots(const State& s, LotSet street_ok) {
  return s.icon_lots() & s.streets() & tile_lots_of(street_ok - s.icon_lots());
}

bool passes_r8(const State& s, const StreetSummary& r8, Lot lot) {
  return r8.quick.contains(lot) || (r8.open.contains(lot) && !splits_streets(s, lot));
}

// Lots where a tower of colour c may stand under R9 alone.
LotSet tower_colour_lots(const State& s, Colour c) {
  return s.colour_lots(c) | s.colour_lots(Colour::Black) | s.crowded_tile_lots();
}

BuildLots build_lots_from(const State& s, LotSet street_ok) {
  const LotSet ok = street_ok - blocked_icon_lots(s, street_ok);
  BuildLots out;
  for (int c = 0; c < 3; ++c) {
    const auto colour = static_cast<Colour>(c);
    out.lots[static_cast<int>(tower_of(colour))] = ok & tower_colour_lots(s, colour);
  }
  for (int c = 0; c < kColours; ++c) {
    const auto colour = static_cast<Colour>(c);
    // R10: a dome leaves its own colour only when no lot there passes R8.
    const bool own_possible = (street_ok & s.colour_lots(colour)).any();
    out.lots[static_cast<int>(dome_of(colour))] = own_possible ? ok & s.colour_lots(colour) : ok;
  }
  return out;
}

void advance_after_build(State& s, Player builder) {
  const Player opponent = other(builder);
  const bool opponent_can = has_legal_build(s, opponent);
  const bool builder_can = opponent_can || has_legal_build(s, builder);
  if (!opponent_can && !builder_can) {
    s.set_turn(Player::Black, Phase::Over, Player::Black);  // no one moves; fixed for equality
    return;
  }
  const Player next = opponent_can ? opponent : builder;
  if (claim_possible(s, builder)) {
    s.set_turn(builder, Phase::Claim, next);
  } else {
    s.set_turn(next, Phase::Build, next);
  }
}

}  // namespace

std::optional<Action> action_from_id(int id) {
  if (id < 0 || id >= kActionIds) return std::nullopt;
  if (id == kDeclineId) return Action::decline();
  if (id >= kPieceKinds * kLots) return Action::claim(id - kPieceKinds * kLots);
  return Action::build(static_cast<Piece>(id / kLots), id % kLots);
}

BuildLots build_lots(const State& s) { return build_lots_from(s, street_legal_lots(s)); }

BuildLots legal_builds(const State& s, Player p) {
  BuildLots out = build_lots(s);
  const Supply& supply = s.supply(p);
  for (int k = 0; k < kPieceKinds; ++k)
    if (!supply.pieces[k]) out.lots[k] = {};
  return out;
}

bool has_legal_build(const State& s, Player p) {
  const Supply& supply = s.supply(p);
  bool has_dome = false, has_any = false;
  for (int k = 0; k < kPieceKinds; ++k) {
    has_any |= supply.pieces[k] > 0;
    has_dome |= k >= 3 && supply.pieces[k] > 0;
  }
  if (!has_any) return false;
  // A dome fits wherever any lot passes R8 (R10's fallback, and R11 always
  // leaves a non-icon lot of a tile when its icon lot passes R8); a tower on
  // any non-icon lot that passes R8 and R9. A street with no built lot round
  // it passes R8 (it is locally simple and nobody's only street): usually
  // enough to answer without the full street rule.
  const LotSet streets = s.streets();
  if (streets.count() < 2) return false;
  const LotSet built = s.built();
  const LotSet row3 = built | built.shift_east() | built.shift_west();
  const LotSet clear = streets - (row3 | row3.shift_north() | row3.shift_south());
  auto fits = [&](LotSet quick) {
    if (has_dome && quick.any()) return true;
    for (int c = 0; c < 3; ++c)
      if (supply.pieces[c] && ((quick - s.icon_lots()) & tower_colour_lots(s, static_cast<Colour>(c))).any())
        return true;
    return false;
  };
  if (fits(clear) || fits(street_summary(s).quick)) return true;
  for (const LotSet& lots : legal_builds(s, p).lots)
    if (lots.any()) return true;
  return false;
}

bool claim_possible(const State& s, Player p) {
  return s.supply(p).caps > 0 && s.unclaimed_towers().any();
}

std::vector<Action> legal_actions(const State& s) {
  std::vector<Action> out;
  visit_legal_actions(s, [&out](const Action& a) { out.push_back(a); });
  return out;
}

int count_legal_actions(const State& s) {
  switch (s.phase()) {
    case Phase::Build: {
      int n = 0;
      for (const LotSet& lots : legal_builds(s, s.to_move()).lots) n += lots.count();
      return n;
    }
    case Phase::Claim: return s.unclaimed_towers().count() + 1;
    default: return 0;
  }
}

namespace {

// Why a build is refused, without any text: the fast path for random play.
// `witness` is the lot that makes an icon lot wait (R11) or that a dome should
// take instead (R10).
enum class Refusal : std::uint8_t {
  None, GameOver, WrongPhase, NotInSupply, Occupied, Isolates, Splits, IconLast, TileColour, DomeColour
};

Refusal refuse_build(const State& s, Player p, Piece piece, Lot lot, Lot& witness) {
  if (s.is_over()) return Refusal::GameOver;
  if (s.phase() != Phase::Build) return Refusal::WrongPhase;
  if (!s.supply(p).pieces[static_cast<int>(piece)]) return Refusal::NotInSupply;
  if (!s.streets().contains(lot)) return Refusal::Occupied;
  const StreetSummary r8 = street_summary(s);
  const LotSet quick = r8.quick;
  if (!quick.contains(lot)) {
    switch (street_verdict(s, lot)) {
      case StreetVerdict::Isolates: return Refusal::Isolates;
      case StreetVerdict::Splits: return Refusal::Splits;
      default: break;
    }
  }
  const int tile = tile_of(lot);
  if (s.is_icon_lot(lot)) {
    for (Lot other : (tile_lots(tile) & s.streets()) - LotSet::single(lot))
      if (passes_r8(s, r8, other)) {
        witness = other;
        return Refusal::IconLast;
      }
  }
  const Colour tile_colour = s.tile_colour_of(lot);
  const Colour colour = piece_colour(piece);
  if (!is_tower(piece)) {
    if (tile_colour == colour) return Refusal::None;
    // R10: the fallback needs every empty lot of the dome's colour to fail R8.
    const LotSet own_lots = s.colour_lots(colour) & s.streets();
    const LotSet quick_own = own_lots & quick;
    if (quick_own.any()) {
      witness = quick_own.first();
      return Refusal::DomeColour;
    }
    for (Lot own : own_lots)
      if (passes_r8(s, r8, own)) {
        witness = own;
        return Refusal::DomeColour;
      }
    return Refusal::None;
  }
  if (s.structures_on_tile(tile) < 2 && tile_colour != colour && tile_colour != Colour::Black)
    return Refusal::TileColour;
  return Refusal::None;
}

}  // namespace

bool build_is_legal(const State& s, Player p, Piece piece, Lot lot) {
  return build_is_legal(s, p, piece, lot, street_summary(s));
}

bool build_is_legal(const State& s, Player p, Piece piece, Lot lot, const StreetSummary& r8) {
  // The cheap tests first: most random candidates fail on colour.
  if (s.phase() != Phase::Build || !s.supply(p).pieces[static_cast<int>(piece)] || !r8.open.contains(lot))
    return false;
  const Colour colour = piece_colour(piece);
  const bool own_tile = s.tile_colour_of(lot) == colour;
  if (is_tower(piece)) {
    if (!tower_colour_lots(s, colour).contains(lot)) return false;
  } else if (!own_tile && (s.colour_lots(colour) & r8.quick).any()) {
    return false;
  }
  if (!passes_r8(s, r8, lot)) return false;
  if (s.is_icon_lot(lot))
    for (Lot other : (tile_lots(tile_of(lot)) & r8.open) - LotSet::single(lot))
      if (passes_r8(s, r8, other)) return false;
  // R10: off its colour only when no lot of its colour passes R8 (none of
  // them is quick, seen above).
  if (!is_tower(piece) && !own_tile)
    for (Lot own : s.colour_lots(colour) & r8.open)
      if (!splits_streets(s, own)) return false;
  return true;
}

BuildCandidates build_candidates(const State& s, Player p) {
  BuildCandidates c;
  c.r8 = street_summary(s);
  const LotSet base = c.r8.open;
  const Supply& supply = s.supply(p);
  for (int k = 0; k < kPieceKinds; ++k) {
    if (!supply.pieces[k]) continue;
    const auto piece = static_cast<Piece>(k);
    const Colour colour = piece_colour(piece);
    if (is_tower(piece)) {
      c.lots[k] = base & tower_colour_lots(s, colour);
    } else {
      // Off its colour only when no lot of its colour is quickly seen to pass R8.
      c.lots[k] = (s.colour_lots(colour) & c.r8.quick).any() ? base & s.colour_lots(colour) : base;
    }
    c.count[k] = c.lots[k].count();
    c.total += c.count[k];
  }
  return c;
}

std::optional<Error> why_not_build(const State& s, Player p, Piece piece, Lot lot) {
  Lot witness = kNoLot;
  const std::string where = lot_name(lot);
  switch (refuse_build(s, p, piece, lot, witness)) {
    case Refusal::None: return std::nullopt;
    case Refusal::GameOver: return rule_error("R6", "the game is over");
    case Refusal::WrongPhase:
      return rule_error("R5", std::string(player_name(s.to_move())) + " is deciding on a claim now, not building");
    case Refusal::NotInSupply:
      return rule_error("R4", std::string(player_name(p)) + " has no " + piece_name(piece) + " left");
    case Refusal::Occupied: return rule_error("R7", where + " is already built on", "1");
    case Refusal::Isolates:
      return rule_error("R8", "building on " + where + " leaves a structure without street access", "4");
    case Refusal::Splits:
      return rule_error("R8", "building on " + where + " splits the street network", "4");
    case Refusal::IconLast:
      return rule_error("R11", where + " is its tile's icon lot, built last: " + lot_name(witness) +
                                   " on the same tile can still be built", "5");
    case Refusal::DomeColour: {
      const std::string colour(colour_name(piece_colour(piece)));
      return rule_error("R10", "a " + piece_name(piece) + " goes on a " + colour +
                                   " tile while one can take it, e.g. " + lot_name(witness), "2");
    }
    case Refusal::TileColour: {
      const std::string tile_colour(colour_name(s.tile_colour_of(lot)));
      return rule_error("R9", "the first two structures on the " + tile_colour + " tile of " + where +
                                  " must be " + tile_colour, "3");
    }
  }
  return std::nullopt;
}

std::optional<Error> why_not_lot(const State& s, Lot lot) {
  const Player p = s.to_move();
  // Rank reasons so the lot's own problem (occupied, streets, icon) wins over
  // a colour mismatch of one particular piece, and that over an empty supply.
  auto rank = [](Refusal r) {
    static constexpr Refusal kOrder[] = {Refusal::GameOver, Refusal::WrongPhase, Refusal::Occupied,
                                         Refusal::Isolates, Refusal::Splits,     Refusal::IconLast,
                                         Refusal::TileColour, Refusal::DomeColour, Refusal::NotInSupply};
    return static_cast<int>(std::find(std::begin(kOrder), std::end(kOrder), r) - std::begin(kOrder));
  };
  std::optional<Piece> best;
  int best_rank = 0;
  for (int k = 0; k < kPieceKinds; ++k) {
    Lot witness = kNoLot;
    const Refusal r = refuse_build(s, p, static_cast<Piece>(k), lot, witness);
    if (r == Refusal::None) return std::nullopt;
    if (!best || rank(r) < best_rank) best = static_cast<Piece>(k), best_rank = rank(r);
  }
  return why_not_build(s, p, *best, lot);
}

std::optional<Error> check_action(const State& s, const Action& a) {
  if (a.lot != kNoLot && (a.lot < 0 || a.lot >= kLots))
    return rule_error("R1", "no such lot (A1..H10)");
  if (s.is_over()) return rule_error("R6", "the game is over");
  const Player p = s.to_move();
  switch (a.kind) {
    case Action::Kind::Build:
      return why_not_build(s, p, a.piece, a.lot);
    case Action::Kind::Claim: {
      if (s.phase() != Phase::Claim)
        return rule_error("R5", "a claim is only taken right after a build");
      const auto piece = s.piece_at(a.lot);
      if (!piece || !is_tower(*piece))
        return rule_error("R5", "there is no tower on " + lot_name(a.lot) + " to claim");
      if (s.claimed_by(a.lot))
        return rule_error("R5", "the tower on " + lot_name(a.lot) + " is already claimed by " +
                                    std::string(player_name(*s.claimed_by(a.lot))));
      if (!s.supply(p).caps)
        return rule_error("R5", std::string(player_name(p)) + " has no cap left");
      return std::nullopt;
    }
    case Action::Kind::Decline:
      if (s.phase() != Phase::Claim)
        return rule_error("R5", "there is no claim to decline: " +
                                    std::string(player_name(p)) + " must build");
      return std::nullopt;
  }
  return rule_error("R5", "unknown decision");
}

std::optional<Error> apply_action(State& s, const Action& a) {
  if (auto err = check_action(s, a)) return err;
  apply_unchecked(s, a);
  return std::nullopt;
}

void apply_unchecked(State& s, const Action& a) {
  assert(!check_action(s, a));
  const Player p = s.to_move();
  switch (a.kind) {
    case Action::Kind::Build:
      s.place(a.lot, a.piece, p);
      advance_after_build(s, p);
      break;
    case Action::Kind::Claim:
      s.cap(a.lot, p);
      s.set_turn(s.next_builder(), Phase::Build, s.next_builder());
      break;
    case Action::Kind::Decline:
      s.set_turn(s.next_builder(), Phase::Build, s.next_builder());
      break;
  }
}

}  // namespace alien_city
