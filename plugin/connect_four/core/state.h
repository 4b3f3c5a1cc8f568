// Connect Four: a 7-column, 6-row board standing upright; Red and Yellow
// take turns dropping a disc into a column that is not full, where it falls
// to the lowest empty cell. Four of one colour in a line (a row, a column or
// either diagonal) wins; a full board without one is a draw. Red moves first.
//
// Cells: column 0..6 (a..g, left to right), row 0..5 (1..6, bottom to top).
// Each player's discs are a bitboard of 7 bits per column (6 cells and a
// sentinel bit that stays empty, so that lines never wrap between columns):
// cell (col, row) is bit col * 7 + row.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "common/expected.h"

namespace connect_four {

using gamecore::Error;
template <class T>
using Expected = gamecore::Expected<T>;

inline constexpr int kCols = 7;
inline constexpr int kRows = 6;
inline constexpr int kCells = kCols * kRows;

enum class Player : std::uint8_t { Red = 0, Yellow = 1 };
constexpr int index_of(Player p) { return static_cast<int>(p); }
constexpr Player other(Player p) { return p == Player::Red ? Player::Yellow : Player::Red; }
const char* player_name(Player p);  // "Red", "Yellow"

enum class Result : std::uint8_t { Ongoing, RedWins, YellowWins, Draw };

using Bitboard = std::uint64_t;
constexpr Bitboard cell_bit(int col, int row) { return Bitboard{1} << (col * (kRows + 1) + row); }

class State {
 public:
  State() = default;  // the empty board, Red to move

  Player to_move() const { return plies_ % 2 == 0 ? Player::Red : Player::Yellow; }
  bool is_over() const { return result_ != Result::Ongoing; }
  Result result() const { return result_; }
  std::optional<Player> winner() const;
  int plies() const { return plies_; }
  int height(int col) const { return heights_[col]; }
  Bitboard discs(Player p) const { return discs_[index_of(p)]; }
  std::optional<Player> at(int col, int row) const;

  // Whether a disc may be dropped into `col` now (game not over, column
  // on the board and not full).
  bool can_drop(int col) const { return !is_over() && col >= 0 && col < kCols && heights_[col] < kRows; }
  // Why `col` may not be played now, or nullopt when it may.
  std::optional<Error> check_drop(int col) const;
  // Drops the mover's disc into `col`, or says why it may not.
  std::optional<Error> drop(int col);
  // The same without the check (can_drop(col) must hold).
  void drop_unchecked(int col);

  // The cells of every line of four of the winner (empty unless won).
  Bitboard winning_cells() const;

  // Rebuilds a state from its discs; the caller (serialize.cc) has checked
  // the columns have no gaps and the counts alternate.
  static Expected<State> from_discs(Bitboard red, Bitboard yellow);

 private:
  std::array<Bitboard, 2> discs_{};
  std::array<std::uint8_t, kCols> heights_{};
  std::uint8_t plies_ = 0;
  Result result_ = Result::Ongoing;
};

// Whether `b` holds four in a line.
bool has_four(Bitboard b);
// The cells of every line of four in `b`.
Bitboard fours(Bitboard b);
// The empty cells where a disc of `p` would complete four in a line: `p`'s
// threats (one in a column's lowest empty cell can be played now).
Bitboard threat_cells(const State& s, Player p);

}  // namespace connect_four
