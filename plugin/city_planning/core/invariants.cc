#include "invariants.h"

#include <bit>

#include "rules.h"
#include "stones.h"

namespace city_planning {

std::optional<std::string> invariant_violation(const State& s) {
  // Tiles.
  PieceMask seen = s.unseen_tiles();
  auto once = [&](Tile t) {
    if (t < 0 || t >= kTiles || (seen >> t & 1)) return false;
    seen |= PieceMask{1} << t;
    return true;
  };
  for (const FaceUp& f : s.face_up())
    if (f.tile != kNone && !once(f.tile)) return "tile " + std::to_string(f.tile) + " appears twice";
  for (int i = 0; i < s.returned_count(); ++i)
    if (!once(s.returned(i))) return "returned tile " + piece_name(s.returned(i)) + " appears twice";
  for (PieceMask m = s.zones(); m; m &= m - 1)
    if (!once(std::countr_zero(m))) return "Zone " + piece_name(std::countr_zero(m)) + " appears twice";
  if (seen != kAllPieces) return "a tile is missing";
  for (const FaceUp& f : s.face_up())
    if (f.tile == kNone && f.stones != 0) return "stones wait on an empty face-up slot";

  // Zones and the board.
  std::array<std::int8_t, kPoints> zone_at{};
  zone_at.fill(kNone);
  for (PieceMask m = s.zones(); m; m &= m - 1) {
    const Tile t = std::countr_zero(m);
    const Point c = s.zone_center(t);
    if (c < 0 || c >= kPoints || spot_of_center(c) == kNoSpot) return "Zone " + piece_name(t) + " is off the board";
    for (Point p : zone_points(c)) {
      if (zone_at[p] != kNone) return "Zones " + piece_name(t) + " and " + piece_name(zone_at[p]) + " overlap";
      zone_at[p] = static_cast<std::int8_t>(t);
    }
  }
  PointSet empty;
  for (Point p = 0; p < kPoints; ++p) {
    if (s.zone_at(p) != zone_at[p]) return "zone cover of " + point_name(p) + " is stale";
    const bool stone = s.stone_at(p).has_value(), coin = s.coin_at(p) != kNone;
    if (zone_at[p] != kNone && (stone || coin)) return point_name(p) + " is under a Zone but holds a piece";
    if (stone && coin) return point_name(p) + " holds a stone and a coin";
    if (coin && (s.coin_place(s.coin_at(p)) != CoinPlace::Point || s.coin_where(s.coin_at(p)) != p))
      return "coin on " + point_name(p) + " is misfiled";
    empty.set(p, !stone && !coin && zone_at[p] == kNone);
    int pop = 0, res = 0;
    for (Point q : neighbours(p)) {
      if (auto st = s.stone_at(q)) ++(*st == Stone::Population ? pop : res);
    }
    if (pop != s.population_neighbours(p) || res != s.resource_neighbours(p))
      return "neighbour counts of " + point_name(p) + " are stale";
  }
  if (empty != s.empty_points()) return "the empty points are stale";
  if (s.stone_count() < 1) return "no stone is left on the board (ruling C9)";

  // Coins.
  for (Coin c = 0; c < kCoins; ++c) {
    const CoinPlace place = s.coin_place(c);
    if (place == CoinPlace::Point && s.coin_at(s.coin_where(c)) != c) return "coin " + piece_name(c) + " is misfiled";
    if (place == CoinPlace::Zone) {
      const Tile z = s.coin_where(c);
      if (z < 0 || z >= kTiles || !s.zone_on_board(z)) return "coin " + piece_name(c) + " is on no Zone";
      if (suit_of(z) != suit_of(c)) return "coin " + piece_name(c) + " is on a Zone of another type";
    }
  }
  for (Player p : {Player::A, Player::B})
    if (s.hand_size(p) > kHandSize) return std::string("hand ") + player_letter(p) + " holds more than three";

  // Turn.
  if (s.phase() == Phase::Stones) {
    if (s.stones_placed() > 2) return "three stones placed but still in the stone phase";
    if (option_complete(s)) return "the option is complete but still in the stone phase";
    if (s.stone_goal() != reachable_goal(s)) return "the stone goal is stale";
    if (!any_legal_stone(s)) return "the stone phase has no legal stone";
  } else if (s.stone_goal() != 0) {
    return "a stone goal outside the stone phase";
  }
  if (s.turn() > kMaxTurns) return "more turns than C17 allows";
  return std::nullopt;
}

}  // namespace city_planning
