#include "developments.h"

#include <algorithm>
#include <bit>

#include "zones.h"

namespace city_planning {

bool unincorporated_allowed(const State& s, Suit suit, Point p) {
  if (p < 0 || p >= kPoints || !s.is_empty(p)) return false;
  int population = 0, resource = 0, empty = 0;
  std::array<int, kSuits> developments{};
  for (Point q : neighbours(p)) {
    if (auto st = s.stone_at(q)) {
      ++(*st == Stone::Population ? population : resource);
    } else if (s.coin_at(q) != kNone) {
      ++developments[static_cast<int>(suit_of(s.coin_at(q)))];
    } else if (s.is_empty(q)) {
      ++empty;
    }  // under a Zone: counts as nothing (C13)
  }
  return requirements_met(suit, 2, 1, population, resource, empty, developments);
}

PointSet development_candidates(const State& s) {
  PointSet near = s.resource_points();
  for (PieceMask m = s.coins_in(CoinPlace::Point); m; m &= m - 1)
    near |= neighbour_set(s.coin_where(std::countr_zero(m)));
  return near & s.empty_points();
}

std::array<PointSet, kSuits> unincorporated_points(const Areas& areas, const PointSet& candidates, int suits) {
  std::array<PointSet, kSuits> out{};
  std::array<Suit, kSuits> wanted{};
  int n = 0;
  for (int d = 0; d < kSuits; ++d)
    if (suits >> d & 1) wanted[n++] = static_cast<Suit>(d);
  candidates.for_each([&](Point p) {
    for (int i = 0; i < n; ++i)
      out[static_cast<int>(wanted[i])].insert_if(p, areas.development_allowed(wanted[i], p));
  });
  return out;
}

PointSet unincorporated_points(const State& s, Suit suit) {
  const int i = static_cast<int>(suit);
  return unincorporated_points(Areas(s), development_candidates(s), 1 << i)[i];
}

bool zone_open(const State& s, Tile zone) {
  return zone >= 0 && zone < kTiles && s.zone_on_board(zone) && s.developed_value(zone) < value_of(zone);
}

ScoreEvents zoned_development_events(const State& s, Coin coin, Tile zone) {
  using R = ScoreEvent::Reason;
  const Player p = s.to_move();
  ScoreEvents out;
  const int capacity = value_of(zone) - s.developed_value(zone);
  const int value = std::min(value_of(coin), std::max(capacity, 0));
  if (value != 0) out.push_back(ScoreEvent{p, value, R::ZonedValue, coin});
  const Point center = s.zone_center(zone);
  for (PieceMask m = s.zones(); m; m &= m - 1) {
    const Tile t = std::countr_zero(m);
    if (t == zone || !zones_touch(center, s.zone_center(t))) continue;
    const Effect e = neighbour_effect(suit_of(zone), suit_of(t));
    if (e == Effect::Neutral) continue;
    // The highest-valued Development on that Zone (ties: the lowest id).
    Coin best = kNone;
    for (PieceMask d = s.developments_on(t); d; d &= d - 1) {
      const Coin c = std::countr_zero(d);
      if (best == kNone || value_of(c) > value_of(best)) best = c;
    }
    if (best == kNone || value_of(best) == 0) continue;
    out.push_back(e == Effect::Beneficial ? ScoreEvent{p, value_of(best), R::NeighbourBonus, best}
                                          : ScoreEvent{p, -value_of(best), R::NeighbourPenalty, best});
  }
  return out;
}

std::optional<Error> why_not_development(const State& s, Coin coin, Point p, Tile zone) {
  if (s.phase() != Phase::Main)
    return Error{"C6", "ruling C6: a Development is placed only as the turn's decision, after the stones"};
  if (coin < 0 || coin >= kCoins || s.coin_place(coin) != hand_place(s.to_move()))
    return Error{"C4", "ruling C4: a player places only Developments from their own hand" +
                           (coin >= 0 && coin < kCoins ? "; " + piece_name(coin) + " is not in it" : "")};
  const std::string name = piece_name(coin);
  const Suit suit = suit_of(coin);
  if (zone == kNone) {
    if (p < 0 || p >= kPoints) return Error{"C13", "ruling C13: no such point"};
    if (!s.is_empty(p))
      return Error{"C13", "ruling C13 (rule 5.1): an unincorporated Development goes on an empty point; " +
                              point_name(p) + " is not empty"};
    if (!unincorporated_allowed(s, suit, p))
      return Error{"C13", "ruling C13 (rule 5.1.1): " + std::string(type_name(suit)) + " Development " + name +
                              " needs at least two adjacent points meeting its Primary requirement and one "
                              "meeting its Secondary; " + point_name(p) + " has not"};
    return std::nullopt;
  }
  if (zone < 0 || zone >= kTiles || !s.zone_on_board(zone))
    return Error{"C14", "ruling C14: there is no such Zone on the board"};
  if (suit_of(zone) != suit)
    return Error{"C14", "ruling C14 (rule 5.2.1): " + std::string(type_name(suit)) + " Development " + name +
                            " cannot go on " + std::string(type_name(suit_of(zone))) + " Zone " +
                            piece_name(zone)};
  if (!zone_open(s, zone))
    return Error{"C14", "ruling C14 (rule 5.2.2): Zone " + piece_name(zone) + " is fully built out (" +
                            std::to_string(s.developed_value(zone)) + " of " + std::to_string(value_of(zone)) +
                            ")"};
  return std::nullopt;
}

void place_unincorporated(State& s, Coin coin, Point p, ScoreEvents* events) {
  s.move_coin(coin, CoinPlace::Point, p);
  s.add_score(s.to_move(), 1);
  if (events) events->push_back(ScoreEvent{s.to_move(), 1, ScoreEvent::Reason::Unincorporated, coin});
}

void place_zoned(State& s, Coin coin, Tile zone, ScoreEvents* events) {
  const ScoreEvents gained = zoned_development_events(s, coin, zone);
  s.move_coin(coin, CoinPlace::Zone, zone);
  for (const ScoreEvent& e : gained) {
    s.add_score(e.player, e.points);
    if (events) events->push_back(e);
  }
}

}  // namespace city_planning
