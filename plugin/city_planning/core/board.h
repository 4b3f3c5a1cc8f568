// The Go board's geometry (ruling C1): 19x19 points, named in the Go
// convention (columns A-T without I, rows 1-19 from the bottom), adjacency
// to the 8 surrounding points, and the 17x17 spots where a 3x3 Zone fits (C7).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace city_planning {

inline constexpr int kSize = 19;
inline constexpr int kPoints = kSize * kSize;  // 361

// Points: A1 = 0 (bottom-left), T1 = 18, A2 = 19, ..., T19 = 360.
using Point = int;
inline constexpr Point kNoPoint = -1;

constexpr int col_of(Point p) { return p % kSize; }
constexpr int row_of(Point p) { return p / kSize; }
constexpr Point point_at(int col, int row) { return row * kSize + col; }
constexpr bool on_board(int col, int row) {
  return col >= 0 && col < kSize && row >= 0 && row < kSize;
}

// Column letters: A..H, J..T (no I).
constexpr char column_letter(int col) { return "ABCDEFGHJKLMNOPQRST"[col]; }
// "A1".."T19".
std::string point_name(Point p);
// Parses "a1".."T19" (case-insensitive; "I" is no column); nullopt otherwise.
std::optional<Point> parse_point(std::string_view text);

// A set of points as a 361-bit bitboard (bit p = point p).
class PointSet {
 public:
  static constexpr int kWords = 6;

  constexpr PointSet() = default;
  static PointSet all();
  static constexpr PointSet single(Point p) {
    PointSet s;
    s.insert(p);
    return s;
  }

  constexpr bool contains(Point p) const { return (w_[p >> 6] >> (p & 63)) & 1; }
  constexpr void insert(Point p) { w_[p >> 6] |= std::uint64_t{1} << (p & 63); }
  // Inserts p when `on`, without a branch (for data-dependent tests).
  constexpr void insert_if(Point p, bool on) { w_[p >> 6] |= std::uint64_t{on} << (p & 63); }
  constexpr void erase(Point p) { w_[p >> 6] &= ~(std::uint64_t{1} << (p & 63)); }
  // Without a branch: set() runs for every neighbour of every stone placed.
  constexpr void set(Point p, bool on) {
    const std::uint64_t bit = std::uint64_t{1} << (p & 63);
    w_[p >> 6] = (w_[p >> 6] & ~bit) | (std::uint64_t{on} << (p & 63));
  }
  constexpr bool any() const {
    for (auto w : w_)
      if (w) return true;
    return false;
  }
  constexpr bool empty() const { return !any(); }
  constexpr int count() const {
    int n = 0;
    for (auto w : w_) n += std::popcount(w);
    return n;
  }
  // The n-th point (from 0, lowest first) of a set with more than n points.
  Point nth(int n) const;
  // The lowest point; kNoPoint when empty.
  constexpr Point first() const {
    for (int i = 0; i < kWords; ++i)
      if (w_[i]) return i * 64 + std::countr_zero(w_[i]);
    return kNoPoint;
  }

  constexpr PointSet& operator&=(const PointSet& o) {
    for (int i = 0; i < kWords; ++i) w_[i] &= o.w_[i];
    return *this;
  }
  constexpr PointSet& operator|=(const PointSet& o) {
    for (int i = 0; i < kWords; ++i) w_[i] |= o.w_[i];
    return *this;
  }
  constexpr PointSet& operator-=(const PointSet& o) {
    for (int i = 0; i < kWords; ++i) w_[i] &= ~o.w_[i];
    return *this;
  }
  friend constexpr PointSet operator&(PointSet a, const PointSet& b) { return a &= b; }
  friend constexpr PointSet operator|(PointSet a, const PointSet& b) { return a |= b; }
  friend constexpr PointSet operator-(PointSet a, const PointSet& b) { return a -= b; }
  friend constexpr bool operator==(const PointSet&, const PointSet&) = default;

  // Calls f(p) for every point, lowest first: the plain loop for hot paths
  // (the iterator below copies the set).
  template <class F>
  constexpr void for_each(F&& f) const {
    for (int i = 0; i < kWords; ++i)
      for (std::uint64_t w = w_[i]; w; w &= w - 1) f(i * 64 + std::countr_zero(w));
  }

  class Iterator {
   public:
    constexpr Iterator(const std::array<std::uint64_t, kWords>& w, int word) : w_(w), word_(word) { skip(); }
    constexpr Point operator*() const { return word_ * 64 + std::countr_zero(w_[word_]); }
    constexpr Iterator& operator++() {
      w_[word_] &= w_[word_] - 1;
      skip();
      return *this;
    }
    constexpr bool operator!=(const Iterator& o) const { return word_ != o.word_; }

   private:
    constexpr void skip() {
      while (word_ < kWords && w_[word_] == 0) ++word_;
    }
    std::array<std::uint64_t, kWords> w_;
    int word_;
  };
  constexpr Iterator begin() const { return Iterator(w_, 0); }
  constexpr Iterator end() const { return Iterator(w_, kWords); }

 private:
  std::array<std::uint64_t, kWords> w_{};
};

// The (up to 8) points adjacent to p (C1), as a list and as a set.
struct Neighbours {
  std::array<std::int16_t, 8> points{};
  int count = 0;
  const std::int16_t* begin() const { return points.data(); }
  const std::int16_t* end() const { return points.data() + count; }
};
const Neighbours& neighbours(Point p);
const PointSet& neighbour_set(Point p);
constexpr bool adjacent(Point a, Point b) {
  const int dc = col_of(a) - col_of(b), dr = row_of(a) - row_of(b);
  return a != b && dc >= -1 && dc <= 1 && dr >= -1 && dr <= 1;
}

// Zone spots (C7): a 3x3 Zone is named by its centre point, which lies in
// columns B..S and rows 2..18. Spot s = (row - 1) * 17 + (col - 1), 0..288.
inline constexpr int kSpotsAcross = kSize - 2;
inline constexpr int kSpots = kSpotsAcross * kSpotsAcross;  // 289
inline constexpr int kNoSpot = -1;
constexpr int spot_of_center(Point center) {
  const int c = col_of(center), r = row_of(center);
  return (c >= 1 && c <= kSize - 2 && r >= 1 && r <= kSize - 2) ? (r - 1) * kSpotsAcross + (c - 1)
                                                                : kNoSpot;
}
constexpr Point center_of_spot(int spot) {
  return point_at(spot % kSpotsAcross + 1, spot / kSpotsAcross + 1);
}
// The 9 points a Zone centred on `center` covers (a valid centre).
const PointSet& zone_points(Point center);
// Two Zones overlap when they share a point; they are adjacent (C7) when some
// point of one is the same as or adjacent to some point of the other.
constexpr bool zones_overlap(Point c1, Point c2) {
  const int dc = col_of(c1) - col_of(c2), dr = row_of(c1) - row_of(c2);
  return dc >= -2 && dc <= 2 && dr >= -2 && dr <= 2;
}
constexpr bool zones_touch(Point c1, Point c2) {
  const int dc = col_of(c1) - col_of(c2), dr = row_of(c1) - row_of(c2);
  return dc >= -3 && dc <= 3 && dr >= -3 && dr <= 3;
}

}  // namespace city_planning
