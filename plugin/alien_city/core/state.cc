#include "state.h"

#include <algorithm>
#include <cassert>

namespace alien_city {

int Supply::total_structures() const {
  int n = 0;
  for (auto count : pieces) n += count;
  return n;
}

Supply initial_supply(Player p) {
  // R4: red, blue, green towers; red, blue, green, black domes; caps.
  Supply s;
  s.pieces = p == Player::White ? std::array<std::uint8_t, kPieceKinds>{3, 2, 2, 3, 3, 3, 3}
                                : std::array<std::uint8_t, kPieceKinds>{2, 3, 2, 3, 3, 3, 3};
  s.caps = 3;
  return s;
}

State::State(const Layout& layout) : layout_(layout) {
  for (int t = 0; t < kTiles; ++t) {
    colour_lots_[static_cast<int>(layout.colour[t])] |= tile_lots(t);
    icon_lots_.insert(tile_lot(t, layout.icon[t]));
  }
  supply_ = {initial_supply(Player::White), initial_supply(Player::Black)};
}

std::optional<Piece> State::piece_at(Lot lot) const {
  if (!piece_[lot]) return std::nullopt;
  return static_cast<Piece>(piece_[lot] - 1);
}

std::optional<Player> State::claimed_by(Lot lot) const {
  if (!owner_[lot]) return std::nullopt;
  return static_cast<Player>(owner_[lot] - 1);
}

void State::join_region(Lot lot) {
  // The lot joins every region round it under the smallest label; off the
  // board reads as the outer region, streets as kStreetRegion (never least).
  const Ring& ring = kRings[lot];
  std::array<std::uint8_t, 8> around;
  for (int i = 0; i < 8; ++i) around[i] = region_[ring[i]];
  auto merged = static_cast<std::uint8_t>(lot + 1);
  for (std::uint8_t r : around) merged = std::min(merged, r);
  region_[lot] = merged;
  for (std::uint8_t old : around) {
    if (old == merged || old == kStreetRegion) continue;
    // kOuterRegion <= merged < old < kStreetRegion: only built lots match
    // (and region_[kLots] stays kOuterRegion).
    for (int i = 0; i < kLots; ++i) region_[i] = region_[i] == old ? merged : region_[i];
  }
}

void State::place(Lot lot, Piece piece, std::optional<Player> from) {
  assert(!built_.contains(lot));
  join_region(lot);
  piece_[lot] = static_cast<std::uint8_t>(1 + static_cast<int>(piece));
  built_.insert(lot);
  if (is_tower(piece)) towers_.insert(lot);
  by_colour_[static_cast<int>(piece_colour(piece))].insert(lot);
  if (++tile_count_[tile_of(lot)] == 2) crowded_ |= tile_lots(tile_of(lot));
  if (from) {
    auto& count = supply_[index_of(*from)].pieces[static_cast<int>(piece)];
    assert(count > 0);
    --count;
  }
}

void State::cap(Lot lot, Player p) {
  assert(towers_.contains(lot) && !owner_[lot]);
  owner_[lot] = static_cast<std::uint8_t>(1 + index_of(p));
  claimed_[index_of(p)].insert(lot);
  auto& caps = supply_[index_of(p)].caps;
  if (caps > 0) --caps;
}

bool operator==(const State& a, const State& b) {
  return a.layout_ == b.layout_ && a.piece_ == b.piece_ && a.owner_ == b.owner_ &&
         a.supply_ == b.supply_ && a.to_move_ == b.to_move_ && a.phase_ == b.phase_ &&
         a.next_builder_ == b.next_builder_;
}

}  // namespace alien_city
