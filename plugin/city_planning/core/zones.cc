#include "zones.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace city_planning {
namespace {

int count_of(Need need, int population, int resource, int empty) {
  switch (need) {
    case Need::Population: return population;
    case Need::Resource: return resource;
    default: return empty;
  }
}

constexpr int factorial(int k) { return k <= 1 ? 1 : k * factorial(k - 1); }

std::vector<Tile> by_center(const State& s, PieceMask overlapped) {
  std::vector<Tile> tiles;
  for (PieceMask m = overlapped; m; m &= m - 1) tiles.push_back(std::countr_zero(m));
  std::sort(tiles.begin(), tiles.end(),
            [&](Tile a, Tile b) { return s.zone_center(a) < s.zone_center(b); });
  return tiles;
}

void add(ScoreEvents* events, State& s, Player p, int points, ScoreEvent::Reason reason, int piece) {
  if (points == 0) return;
  s.add_score(p, points);
  if (events) events->push_back(ScoreEvent{p, points, reason, piece});
}

}  // namespace

ZoneCounts zone_counts(const State& s, Point center) {
  ZoneCounts c;
  for (Point p : zone_points(center)) {
    if (auto st = s.stone_at(p)) {
      ++(*st == Stone::Population ? c.population : c.resource);
    } else if (s.coin_at(p) != kNone) {
      ++c.developments[static_cast<int>(suit_of(s.coin_at(p)))];
    } else {
      ++c.empty;  // empty, or covered by a Zone that would be overlapped (C8)
    }
  }
  c.stones = c.population + c.resource;
  return c;
}

bool requirements_met(Suit suit, int primary_needed, int secondary_needed, int population, int resource,
                      int empty, const std::array<int, kSuits>& developments) {
  const Need x = primary(suit), y = secondary(suit);
  int only_x = 0, only_y = 0, both = 0;
  for (int d = 0; d < kSuits; ++d) {
    const bool cx = development_counts_as(static_cast<Suit>(d), x);
    const bool cy = development_counts_as(static_cast<Suit>(d), y);
    if (cx && cy) both += developments[d];
    else if (cx) only_x += developments[d];
    else if (cy) only_y += developments[d];
  }
  const int miss_x = std::max(0, primary_needed - count_of(x, population, resource, empty) - only_x);
  const int miss_y = std::max(0, secondary_needed - count_of(y, population, resource, empty) - only_y);
  return miss_x + miss_y <= both;
}

bool zone_requirements_met(Tile tile, const ZoneCounts& c) {
  const int n = value_of(tile);
  return requirements_met(suit_of(tile), n + 1, n / 2, c.population, c.resource, c.empty, c.developments);
}

bool touches_a_zone(const State& s, Point center) {
  if (s.zones() == 0) return true;
  for (PieceMask m = s.zones(); m; m &= m - 1)
    if (zones_touch(center, s.zone_center(std::countr_zero(m)))) return true;
  return false;
}

PieceMask overlapped_zones(const State& s, Point center) {
  PieceMask out = 0;
  for (PieceMask m = s.zones(); m; m &= m - 1) {
    const Tile t = std::countr_zero(m);
    if (zones_overlap(center, s.zone_center(t))) out |= PieceMask{1} << t;
  }
  return out;
}

int return_order_count(PieceMask overlapped) { return factorial(std::popcount(overlapped)); }

std::vector<Tile> return_order(const State& s, PieceMask overlapped, int order) {
  std::vector<Tile> pool = by_center(s, overlapped), out;
  const int k = static_cast<int>(pool.size());
  assert(order >= 0 && order < factorial(k));
  for (int i = 0; i < k; ++i) {
    const int f = factorial(k - 1 - i);
    out.push_back(pool[order / f]);
    pool.erase(pool.begin() + order / f);
    order %= f;
  }
  return out;
}

int return_order_index(const State& s, PieceMask overlapped, const std::vector<Tile>& tiles) {
  std::vector<Tile> pool = by_center(s, overlapped);
  if (tiles.size() != pool.size()) return -1;
  const int k = static_cast<int>(pool.size());
  int index = 0;
  for (int i = 0; i < k; ++i) {
    const auto it = std::find(pool.begin(), pool.end(), tiles[i]);
    if (it == pool.end()) return -1;
    index += static_cast<int>(it - pool.begin()) * factorial(k - 1 - i);
    pool.erase(it);
  }
  return index;
}

std::optional<Error> why_not_zone(const State& s, Tile tile, Point center, int order) {
  if (s.phase() != Phase::Main)
    return Error{"C6", "ruling C6: a Zone is placed only as the turn's decision, after the stones"};
  if (tile < 0 || tile >= kTiles || s.face_up_slot(tile) < 0)
    return Error{"C4", "ruling C4: only a face-up tile can be placed as a Zone" +
                           (tile >= 0 && tile < kTiles ? "; " + piece_name(tile) + " is not face up" : "")};
  if (center < 0 || center >= kPoints || spot_of_center(center) == kNoSpot)
    return Error{"C7", "ruling C7: a Zone covers a 3x3 block entirely on the board; its centre lies in B2..S18"};
  const std::string where = piece_name(tile) + "@" + point_name(center);
  if (!touches_a_zone(s, center))
    return Error{"C7", "ruling C7 (rule 4.2): every Zone after the first must be adjacent to an existing Zone; " +
                           where + " touches none"};
  const ZoneCounts c = zone_counts(s, center);
  if (!zone_requirements_met(tile, c)) {
    const int n = value_of(tile);
    const Suit suit = suit_of(tile);
    auto need_name = [](Need need) {
      return need == Need::Population ? "Population" : need == Need::Resource ? "Resource" : "empty";
    };
    return Error{"C8", "ruling C8 (rule 4.3): a " + std::string(type_name(suit)) + " " + std::to_string(n) +
                           " Zone needs at least " + std::to_string(n + 1) + " " + need_name(primary(suit)) +
                           " and " + std::to_string(n / 2) + " " + need_name(secondary(suit)) +
                           " points; " + where + " has " + std::to_string(c.population) + " Population, " +
                           std::to_string(c.resource) + " Resource, " + std::to_string(c.empty) +
                           " empty and " +
                           std::to_string(c.developments[0] + c.developments[1] + c.developments[2] +
                                          c.developments[3]) +
                           " unincorporated Development points"};
  }
  if (c.stones >= s.stone_count())
    return Error{"C9", "ruling C9 (rule 4.3): a Zone may never cover the last stones on the board; " + where +
                           " would leave none uncovered"};
  const PieceMask over = overlapped_zones(s, center);
  if (order < 0 || order >= return_order_count(over))
    return Error{"C12", "ruling C12: " + where + " overlaps " + std::to_string(std::popcount(over)) +
                            " Zone(s), so the return order index must be below " +
                            std::to_string(return_order_count(over))};
  return std::nullopt;
}

void place_zone(State& s, Tile tile, Point center, int order, ScoreEvents* events) {
  using R = ScoreEvent::Reason;
  const Player p = s.to_move();
  const int slot = s.face_up_slot(tile);
  assert(slot >= 0);
  add(events, s, p, s.face_up()[slot].stones, R::WaitingStones, tile);  // C10
  s.set_face_up(slot, kNone, 0);

  const PieceMask over = overlapped_zones(s, center);
  for (Tile old : return_order(s, over, order)) {  // C12
    for (PieceMask m = s.developments_on(old); m; m &= m - 1) {
      const Coin c = std::countr_zero(m);
      s.move_coin(c, CoinPlace::Removed);
      add(events, s, p, -value_of(c), R::DevelopmentRemoved, c);
    }
    add(events, s, p, -value_of(old), R::ZoneRemoved, old);
    s.remove_zone(old);
    s.push_returned(old);
  }
  for (Point q : zone_points(center)) {
    const Coin c = s.coin_at(q);
    if (c != kNone) {  // C11
      if (suit_of(c) == suit_of(tile)) {
        s.move_coin(c, CoinPlace::Zone, tile);
      } else {
        s.move_coin(c, CoinPlace::Removed);
        add(events, s, p, -2, R::OtherTypeRemoved, c);
      }
    }
    if (s.stone_at(q)) s.remove_stone(q);  // C9: covered stones return to the pool
  }
  s.put_zone(tile, center);
  assert(s.stone_count() >= 1);  // C9
}

}  // namespace city_planning
