#include "board.h"

#include <cctype>

namespace city_planning {
namespace {

struct Tables {
  std::array<Neighbours, kPoints> list{};
  std::array<PointSet, kPoints> set{};
  std::array<PointSet, kPoints> zone{};  // by centre point; empty for non-centres
  PointSet all;

  Tables() {
    for (Point p = 0; p < kPoints; ++p) {
      all.insert(p);
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int c = col_of(p) + dc, r = row_of(p) + dr;
          if (!on_board(c, r)) continue;
          if (dr != 0 || dc != 0) {
            list[p].points[list[p].count++] = static_cast<std::int16_t>(point_at(c, r));
            set[p].insert(point_at(c, r));
          }
          if (spot_of_center(p) != kNoSpot) zone[p].insert(point_at(c, r));
        }
    }
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

}  // namespace

std::string point_name(Point p) {
  return std::string(1, column_letter(col_of(p))) + std::to_string(row_of(p) + 1);
}

std::optional<Point> parse_point(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  int col = -1;
  for (int c = 0; c < kSize; ++c)
    if (column_letter(c) == letter) col = c;
  if (col < 0) return std::nullopt;
  int row = 0;
  for (char ch : text.substr(1)) {
    if (!std::isdigit(static_cast<unsigned char>(ch))) return std::nullopt;
    row = row * 10 + (ch - '0');
  }
  if (text[1] == '0' || row < 1 || row > kSize) return std::nullopt;
  return point_at(col, row - 1);
}

PointSet PointSet::all() { return tables().all; }

Point PointSet::nth(int n) const {
  for (int i = 0; i < kWords; ++i) {
    const int c = std::popcount(w_[i]);
    if (n >= c) {
      n -= c;
      continue;
    }
    std::uint64_t w = w_[i];
    while (n-- > 0) w &= w - 1;
    return i * 64 + std::countr_zero(w);
  }
  return kNoPoint;
}

const Neighbours& neighbours(Point p) { return tables().list[p]; }
const PointSet& neighbour_set(Point p) { return tables().set[p]; }
const PointSet& zone_points(Point center) { return tables().zone[center]; }

}  // namespace city_planning
