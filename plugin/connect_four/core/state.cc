#include "state.h"

#include <bit>
#include <string>

#include "notation.h"

namespace connect_four {
namespace {

// Bit distances between neighbours along a column (1), a row (7) and the
// two diagonals (6: down-right, 8: up-right).
constexpr int kDirections[] = {1, kRows + 1, kRows, kRows + 2};

}  // namespace

const char* player_name(Player p) { return p == Player::Red ? "Red" : "Yellow"; }

bool has_four(Bitboard b) {
  for (int d : kDirections) {
    const Bitboard pairs = b & (b >> d);
    if (pairs & (pairs >> (2 * d))) return true;
  }
  return false;
}

Bitboard fours(Bitboard b) {
  Bitboard out = 0;
  for (int d : kDirections) {
    const Bitboard starts = b & (b >> d) & (b >> (2 * d)) & (b >> (3 * d));
    out |= starts | (starts << d) | (starts << (2 * d)) | (starts << (3 * d));
  }
  return out;
}

Bitboard threat_cells(const State& s, Player p) {
  Bitboard out = 0;
  for (int col = 0; col < kCols; ++col)
    for (int row = s.height(col); row < kRows; ++row)
      if (has_four(s.discs(p) | cell_bit(col, row))) out |= cell_bit(col, row);
  return out;
}

std::optional<Player> State::winner() const {
  if (result_ == Result::RedWins) return Player::Red;
  if (result_ == Result::YellowWins) return Player::Yellow;
  return std::nullopt;
}

std::optional<Player> State::at(int col, int row) const {
  const Bitboard bit = cell_bit(col, row);
  if (discs_[0] & bit) return Player::Red;
  if (discs_[1] & bit) return Player::Yellow;
  return std::nullopt;
}

std::optional<Error> State::check_drop(int col) const {
  if (col < 0 || col >= kCols) return Error{"column", "there is no column " + std::to_string(col) + " (a..g)"};
  if (is_over()) return Error{"over", "the game is over"};
  if (heights_[col] == kRows) return Error{"full", "column " + column_name(col) + " is full"};
  return std::nullopt;
}

std::optional<Error> State::drop(int col) {
  if (auto e = check_drop(col)) return e;
  drop_unchecked(col);
  return std::nullopt;
}

void State::drop_unchecked(int col) {
  const Player p = to_move();
  Bitboard& mine = discs_[index_of(p)];
  mine |= cell_bit(col, heights_[col]);
  ++heights_[col];
  ++plies_;
  // Only the mover's new disc can have made a line.
  if (has_four(mine)) result_ = p == Player::Red ? Result::RedWins : Result::YellowWins;
  else if (plies_ == kCells) result_ = Result::Draw;
}

Bitboard State::winning_cells() const {
  const auto w = winner();
  return w ? fours(discs_[index_of(*w)]) : 0;
}

Expected<State> State::from_discs(Bitboard red, Bitboard yellow) {
  State s;
  s.discs_ = {red, yellow};
  for (int c = 0; c < kCols; ++c)
    while (s.heights_[c] < kRows && ((red | yellow) & cell_bit(c, s.heights_[c]))) ++s.heights_[c];
  s.plies_ = static_cast<std::uint8_t>(std::popcount(red | yellow));
  const bool red_four = has_four(red), yellow_four = has_four(yellow);
  // A game stops at its first four, made by the last mover.
  if (red_four && yellow_four) return Error{"state", "both players have four in a line"};
  if (red_four && s.to_move() != Player::Yellow) return Error{"state", "Red has four in a line but did not move last"};
  if (yellow_four && s.to_move() != Player::Red) return Error{"state", "Yellow has four in a line but did not move last"};
  if (red_four) s.result_ = Result::RedWins;
  else if (yellow_four) s.result_ = Result::YellowWins;
  else if (s.plies_ == kCells) s.result_ = Result::Draw;
  return s;
}

}  // namespace connect_four
