#include "reference_rules.h"

#include <bit>
#include <cassert>

#include "city_planning/core/developments.h"
#include "city_planning/core/playout.h"
#include "city_planning/core/zones.h"

namespace city_planning::reference {
namespace {

// Every legal main decision, in id order, spot by spot.
void append_main(const State& s, std::vector<Action>& out) {
  out.push_back(Action::pass());
  // Zones: C7 (allowed spots), C8, C9, C12's orders.
  std::array<bool, kSpots> allowed{};
  if (s.zones() == 0) {
    allowed.fill(true);
  } else {
    for (PieceMask m = s.zones(); m; m &= m - 1) {
      const Point c = s.zone_center(std::countr_zero(m));
      for (int dr = -3; dr <= 3; ++dr)
        for (int dc = -3; dc <= 3; ++dc) {
          const int col = col_of(c) + dc, row = row_of(c) + dr;
          if (col >= 1 && col <= kSize - 2 && row >= 1 && row <= kSize - 2)
            allowed[spot_of_center(point_at(col, row))] = true;
        }
    }
  }
  std::array<Tile, kFaceUpSlots> tiles{};
  int n_tiles = 0;
  for (Tile t = 0; t < kTiles; ++t)
    if (s.face_up_slot(t) >= 0) tiles[n_tiles++] = t;
  struct SpotInfo {
    bool ok = false;
    ZoneCounts counts;
    int orders = 0;
  };
  std::array<SpotInfo, kSpots> spots{};
  for (int spot = 0; spot < kSpots && n_tiles > 0; ++spot) {
    if (!allowed[spot]) continue;
    const Point center = center_of_spot(spot);
    SpotInfo& info = spots[spot];
    info.counts = zone_counts(s, center);
    if (info.counts.stones >= s.stone_count()) continue;  // C9
    info.ok = true;
    info.orders = return_order_count(overlapped_zones(s, center));
  }
  for (int i = 0; i < n_tiles; ++i)
    for (int spot = 0; spot < kSpots; ++spot) {
      const SpotInfo& info = spots[spot];
      if (!info.ok || !zone_requirements_met(tiles[i], info.counts)) continue;
      for (int o = 0; o < info.orders; ++o) out.push_back(Action::place_zone(tiles[i], center_of_spot(spot), o));
    }
  // Developments: C13 points by suit, then C14 Zones.
  const PieceMask hand = s.hand(s.to_move());
  std::array<PointSet, kSuits> points{};
  std::array<bool, kSuits> done{};
  for (PieceMask m = hand; m; m &= m - 1) {
    const Coin c = std::countr_zero(m);
    const int suit = static_cast<int>(suit_of(c));
    if (!done[suit]) points[suit] = reference::unincorporated_points(s, suit_of(c)), done[suit] = true;
    for (Point p : points[suit]) out.push_back(Action::develop_at(c, p));
  }
  for (PieceMask m = hand; m; m &= m - 1) {
    const Coin c = std::countr_zero(m);
    for (PieceMask z = s.zones(); z; z &= z - 1) {
      const Tile t = std::countr_zero(z);
      if (suit_of(t) == suit_of(c) && zone_open(s, t)) out.push_back(Action::develop_on(c, t));
    }
  }
}

}  // namespace

std::vector<Action> legal_actions(const State& s) {
  if (s.phase() != Phase::Main) return city_planning::legal_actions(s);
  std::vector<Action> out;
  append_main(s, out);
  return out;
}

PointSet unincorporated_points(const State& s, Suit suit) {
  // Every type needs a stone or a Development next to it (no type is
  // satisfied by empty points alone), so only points near one are tried.
  PointSet near;
  for (Point p : s.stones()) near |= neighbour_set(p);
  for (Coin c = 0; c < kCoins; ++c)
    if (s.coin_place(c) == CoinPlace::Point) near |= neighbour_set(s.coin_where(c));
  PointSet out;
  for (Point p : near & s.empty_points())
    if (unincorporated_allowed(s, suit, p)) out.insert(p);
  return out;
}

Action random_action(const State& s, Rng& rng) {
  assert(!s.is_over());
  if (s.phase() != Phase::Main) return city_planning::random_action(s, rng);  // chance, stones: unchanged
  const std::vector<Action> legal = reference::legal_actions(s);
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

int random_playout(State& s, Rng& rng) {
  int n = 0;
  while (!s.is_over()) {
    apply_unchecked(s, reference::random_action(s, rng));
    ++n;
  }
  return n;
}

}  // namespace city_planning::reference
