// A set of lots on the 8x10 board as an 80-bit bitboard (bit i = lot i).
//
// Lot i sits at column i % 8 (A..H) and row i / 8 (1..10), so "north" is a
// shift by 8 and "east" a shift by 1 masked at the H file. Everything the
// street rule and the distance search do is a handful of these operations.
#pragma once

#include <bit>
#include <cstdint>

namespace alien_city {

__extension__ typedef unsigned __int128 Bits128;

inline constexpr int kCols = 8;
inline constexpr int kRows = 10;
inline constexpr int kLots = kCols * kRows;

namespace detail {
constexpr Bits128 file_bits(int col) {
  Bits128 b = 0;
  for (int r = 0; r < kRows; ++r) b |= Bits128{1} << (r * kCols + col);
  return b;
}
}  // namespace detail

class LotSet {
 public:
  constexpr LotSet() = default;
  static constexpr LotSet from_bits(Bits128 b) { return LotSet(b & kAllBits); }
  static constexpr LotSet single(int lot) { return LotSet(Bits128{1} << lot); }
  static constexpr LotSet all() { return LotSet(kAllBits); }

  constexpr Bits128 bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr bool any() const { return bits_ != 0; }
  constexpr bool contains(int lot) const { return (bits_ >> lot) & 1; }
  constexpr int count() const {
    return std::popcount(static_cast<std::uint64_t>(bits_)) +
           std::popcount(static_cast<std::uint64_t>(bits_ >> 64));
  }
  // Lowest lot in the set; the set must not be empty.
  constexpr int first() const {
    const auto lo = static_cast<std::uint64_t>(bits_);
    return lo ? std::countr_zero(lo)
              : 64 + std::countr_zero(static_cast<std::uint64_t>(bits_ >> 64));
  }
  // Removes and returns the lowest lot; the set must not be empty.
  constexpr int pop_first() {
    const int lot = first();
    bits_ &= bits_ - 1;
    return lot;
  }
  constexpr void insert(int lot) { bits_ |= Bits128{1} << lot; }
  constexpr void erase(int lot) { bits_ &= ~(Bits128{1} << lot); }

  // Lots orthogonally adjacent to some lot of the set (the set itself not
  // included unless a member neighbours another member).
  constexpr LotSet neighbours() const {
    const Bits128 north = bits_ << kCols;
    const Bits128 south = bits_ >> kCols;
    const Bits128 east = (bits_ & ~kFileH) << 1;
    const Bits128 west = (bits_ & ~kFileA) >> 1;
    return from_bits(north | south | east | west);
  }

  // The set moved one lot in a direction; lots pushed off the board vanish.
  constexpr LotSet shift_north() const { return from_bits(bits_ << kCols); }
  constexpr LotSet shift_south() const { return LotSet(bits_ >> kCols); }
  constexpr LotSet shift_east() const { return LotSet((bits_ & ~kFileH) << 1); }
  constexpr LotSet shift_west() const { return LotSet((bits_ & ~kFileA) >> 1); }

  friend constexpr LotSet operator|(LotSet a, LotSet b) { return LotSet(a.bits_ | b.bits_); }
  friend constexpr LotSet operator&(LotSet a, LotSet b) { return LotSet(a.bits_ & b.bits_); }
  friend constexpr LotSet operator-(LotSet a, LotSet b) { return LotSet(a.bits_ & ~b.bits_); }
  friend constexpr LotSet operator^(LotSet a, LotSet b) { return LotSet(a.bits_ ^ b.bits_); }
  constexpr LotSet operator~() const { return LotSet(~bits_ & kAllBits); }
  constexpr LotSet& operator|=(LotSet o) { bits_ |= o.bits_; return *this; }
  constexpr LotSet& operator&=(LotSet o) { bits_ &= o.bits_; return *this; }
  constexpr LotSet& operator-=(LotSet o) { bits_ &= ~o.bits_; return *this; }
  friend constexpr bool operator==(LotSet a, LotSet b) = default;

  // Range-for over the lots of the set, lowest first.
  struct Iterator {
    Bits128 rest;
    constexpr int operator*() const { return LotSet(rest).first(); }
    constexpr Iterator& operator++() { rest &= rest - 1; return *this; }
    constexpr bool operator!=(const Iterator& o) const { return rest != o.rest; }
  };
  constexpr Iterator begin() const { return Iterator{bits_}; }
  constexpr Iterator end() const { return Iterator{0}; }

 private:
  constexpr explicit LotSet(Bits128 b) : bits_(b) {}

  static constexpr Bits128 kAllBits = (Bits128{1} << kLots) - 1;
  static constexpr Bits128 kFileA = detail::file_bits(0);
  static constexpr Bits128 kFileH = detail::file_bits(kCols - 1);

  Bits128 bits_ = 0;
};

// The part of `within` connected to `seed` (both given as sets): a flood fill
// that grows by one ring of neighbours per step.
constexpr LotSet flood(LotSet seed, LotSet within) {
  LotSet reached = seed & within;
  while (true) {
    const LotSet grown = (reached | reached.neighbours()) & within;
    if (grown == reached) return reached;
    reached = grown;
  }
}

}  // namespace alien_city
