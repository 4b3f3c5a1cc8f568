#include "state.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace city_planning {

State::State() {
  point_coin_.fill(kNone);
  point_zone_.fill(kNone);
  tile_center_.fill(kNoPoint);
  coin_place_.fill(CoinPlace::Bag);
  coins_in_[static_cast<int>(CoinPlace::Bag)] = kAllPieces;
  coin_where_.fill(kNone);
  empty_ = PointSet::all();
  for (Point p = 0; p < kPoints; ++p) refresh(p);
  for (Point p : kStartPopulation) put_stone(p, Stone::Population);
  for (Point p : kStartResources) put_stone(p, Stone::Resource);
  unseen_ = kAllPieces;
}

void State::refresh(Point p) {
  near_.set(p, pop_n_[p] + res_n_[p] > 0);
  crowd_ok_.set(p, res_n_[p] <= 1 && pop_n_[p] <= 3);
}

void State::put_stone(Point p, Stone s) {
  assert(empty_.contains(p));
  stone_[p] = static_cast<std::uint8_t>(1 + static_cast<int>(s));
  stones_.insert(p);
  empty_.erase(p);
  auto& counts = s == Stone::Population ? pop_n_ : res_n_;
  for (Point q : neighbours(p)) {
    ++counts[q];
    refresh(q);
  }
}

void State::remove_stone(Point p) {
  assert(stone_[p] != 0);
  auto& counts = stone_[p] == 1 ? pop_n_ : res_n_;
  stone_[p] = 0;
  stones_.erase(p);
  empty_.insert(p);
  for (Point q : neighbours(p)) {
    --counts[q];
    refresh(q);
  }
}

void State::move_coin(Coin c, CoinPlace to, int where) {
  if (coin_place_[c] == CoinPlace::Point) {
    const Point p = coin_where_[c];
    point_coin_[p] = kNone;
    empty_.insert(p);
  }
  coins_in_[static_cast<int>(coin_place_[c])] &= ~(PieceMask{1} << c);
  coins_in_[static_cast<int>(to)] |= PieceMask{1} << c;
  coin_place_[c] = to;
  coin_where_[c] = static_cast<std::int16_t>(to == CoinPlace::Point || to == CoinPlace::Zone ? where : kNone);
  if (to == CoinPlace::Point) {
    assert(empty_.contains(where));
    point_coin_[where] = static_cast<std::int8_t>(c);
    empty_.erase(where);
  }
}

void State::put_zone(Tile t, Point center) {
  assert(tile_center_[t] == kNoPoint);
  tile_center_[t] = static_cast<std::int16_t>(center);
  zones_ |= PieceMask{1} << t;
  for (Point p : zone_points(center)) {
    assert(empty_.contains(p));
    point_zone_[p] = static_cast<std::int8_t>(t);
    empty_.erase(p);
  }
}

void State::remove_zone(Tile t) {
  assert(tile_center_[t] != kNoPoint);
  for (Point p : zone_points(tile_center_[t])) {
    point_zone_[p] = kNone;
    empty_.insert(p);
  }
  tile_center_[t] = kNoPoint;
  zones_ &= ~(PieceMask{1} << t);
}

PieceMask State::developments_on(Tile zone) const {
  PieceMask m = 0;
  for (PieceMask z = coins_in(CoinPlace::Zone); z; z &= z - 1)
    if (coin_where_[std::countr_zero(z)] == zone) m |= z & -z;
  return m;
}

int State::developed_value(Tile zone) const {
  int v = 0;
  for (PieceMask m = developments_on(zone); m; m &= m - 1) v += value_of(std::countr_zero(m));
  return v;
}

int State::best_development(Tile zone) const {
  int v = -1;
  for (PieceMask m = developments_on(zone); m; m &= m - 1) v = std::max(v, value_of(std::countr_zero(m)));
  return v;
}

int State::face_up_count() const {
  int n = 0;
  for (const FaceUp& f : face_up_) n += f.tile != kNone;
  return n;
}

int State::face_up_slot(Tile t) const {
  for (int i = 0; i < kFaceUpSlots; ++i)
    if (face_up_[i].tile == t) return i;
  return -1;
}

int State::stack_size() const { return std::popcount(unseen_) + returned_n_; }

Tile State::pop_returned() {
  assert(returned_n_ > 0);
  const Tile t = returned_[0];
  for (int i = 1; i < returned_n_; ++i) returned_[i - 1] = returned_[i];
  returned_[--returned_n_] = 0;
  return t;
}

int State::hand_size(Player p) const { return std::popcount(hand(p)); }
int State::bag_size() const { return std::popcount(coins_in(CoinPlace::Bag)); }

}  // namespace city_planning
