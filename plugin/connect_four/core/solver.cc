#include "solver.h"

#include <algorithm>
#include <bit>

namespace connect_four {
namespace {

constexpr int kColumnBits = kRows + 1;  // a column's cells and its empty sentinel

constexpr Bitboard bottom_row() {
  Bitboard b = 0;
  for (int c = 0; c < kCols; ++c) b |= cell_bit(c, 0);
  return b;
}
constexpr Bitboard kBottom = bottom_row();
constexpr Bitboard kBoard = kBottom * ((Bitboard{1} << kRows) - 1);  // every cell, no sentinels

// Columns tried centre first when the threats tie: central discs take part
// in more lines.
constexpr int kColumnOrder[kCols] = {3, 2, 4, 1, 5, 0, 6};

Bitboard column_cells(int col) { return ((Bitboard{1} << kRows) - 1) << (col * kColumnBits); }

// The empty cells where one more disc of `discs` completes a line of four:
// for each direction d, a cell x with three discs among x-3d..x+3d in one
// window of four. The sentinels stay empty, so no window wraps.
Bitboard completing_cells(Bitboard discs, Bitboard occupied) {
  Bitboard cells = 0;
  for (const int d : {1, kColumnBits, kColumnBits - 1, kColumnBits + 1}) {
    const Bitboard up1 = discs >> d, up2 = discs >> (2 * d), up3 = discs >> (3 * d);
    const Bitboard down1 = discs << d, down2 = discs << (2 * d), down3 = discs << (3 * d);
    cells |= (up1 & up2 & up3) | (down1 & up1 & up2) | (down2 & down1 & up1) | (down3 & down2 & down1);
  }
  return cells & kBoard & ~occupied;
}

// A table entry: key (49 bits), best column + 1 (3), generation (8),
// bound (2), value + 1 (2).
enum Bound : std::uint64_t { kExact = 0, kLower = 1, kUpper = 2 };
constexpr std::size_t kTableSize = 4194301;  // a prime: 32 MB of entries

std::uint64_t pack(std::uint64_t key, int best_col, std::uint64_t generation, Bound bound, int value) {
  return key << 15 | static_cast<std::uint64_t>(best_col + 1) << 12 | (generation & 0xFF) << 4 |
         static_cast<std::uint64_t>(bound) << 2 | static_cast<std::uint64_t>(value + 1);
}

}  // namespace

// The position from the mover's side: its discs and all discs.
struct Solver::Position {
  Bitboard mine = 0, occupied = 0;
  int plies = 0;

  Bitboard playable() const { return (occupied + kBottom) & kBoard; }
  Bitboard theirs() const { return occupied ^ mine; }
  // Unique per position: the cell above each column's top marks its
  // height, the mover's discs fill in below it.
  std::uint64_t key() const { return (occupied + kBottom) | mine; }
  // The position after the mover drops into the cell `move` (one bit).
  Position after(Bitboard move) const { return {theirs(), occupied | move, plies + 1}; }
};

Solver::Solver() = default;
Solver::~Solver() = default;

int Solver::negamax(const Position& p, int alpha, int beta) {
  if (++nodes_ > budget_) throw OutOfBudget{};
  const Bitboard playable = p.playable();
  if (playable & completing_cells(p.mine, p.occupied)) return 1;
  if (p.plies >= kCells - 1) return 0;  // one disc left, and it wins nothing
  const Bitboard their_wins = completing_cells(p.theirs(), p.occupied);
  Bitboard candidates = playable;
  if (const Bitboard forced = playable & their_wins) {
    if (std::popcount(forced) > 1) return -1;  // two threats: one stays open
    candidates = forced;
  }
  candidates &= ~(their_wins >> 1);  // a disc under their winning cell hands it to them
  if (!candidates) return -1;

  const std::uint64_t key = p.key();
  const std::uint64_t slot = table_[key % kTableSize];
  int table_col = -1;  // the best column found before, tried first
  if ((slot >> 15) == key && ((slot >> 4) & 0xFF) == (generation_ & 0xFF)) {
    table_col = static_cast<int>((slot >> 12) & 7) - 1;
    const int v = static_cast<int>(slot & 3) - 1;
    const auto bound = static_cast<Bound>((slot >> 2) & 3);
    if (bound == kExact) return v;
    if (bound == kLower) alpha = std::max(alpha, v);
    else beta = std::min(beta, v);
    if (alpha >= beta) return v;
  }

  // The moves by the winning cells they leave the mover, most first.
  struct Move {
    Bitboard cell;
    int threats;
  };
  Move moves[kCols];
  int count = 0;
  for (const int col : kColumnOrder) {
    const Bitboard cell = candidates & column_cells(col);
    if (!cell) continue;
    const int threats = col == table_col ? 1000 : std::popcount(completing_cells(p.mine | cell, p.occupied | cell));
    int i = count++;
    for (; i > 0 && moves[i - 1].threats < threats; --i) moves[i] = moves[i - 1];
    moves[i] = {cell, threats};
  }

  const int alpha0 = alpha;
  int best = -2, best_col = -1;
  for (int i = 0; i < count; ++i) {
    const int v = -negamax(p.after(moves[i].cell), -beta, -alpha);
    if (v > best) best = v, best_col = std::countr_zero(moves[i].cell) / kColumnBits;
    alpha = std::max(alpha, v);
    if (alpha >= beta) break;
  }
  table_[key % kTableSize] =
      pack(key, best_col, generation_, best <= alpha0 ? kUpper : best >= beta ? kLower : kExact, best);
  return best;
}

int Solver::value(const Position& p) {
  // Null windows: first win or not, then draw or loss.
  if (negamax(p, 0, 1) >= 1) return 1;
  return negamax(p, -1, 0) >= 0 ? 0 : -1;
}

void Solver::best_line(Position p, int mover_value, std::vector<int>& line) {
  while (true) {
    const Bitboard playable = p.playable();
    // A move that wins at once ends the line.
    if (const Bitboard wins = playable & completing_cells(p.mine, p.occupied)) {
      line.push_back(std::countr_zero(wins) / kColumnBits);
      return;
    }
    int chosen = -1;
    for (const int col : kColumnOrder) {
      const Bitboard cell = playable & column_cells(col);
      if (!cell) continue;
      // Losing anyway, any move will do; otherwise one keeping the value:
      // after a winning move the other side loses (below 0), after a
      // drawing one it does not win (below 1). One null window each.
      const Position next = p.after(cell);
      if (mover_value == -1 || next.plies == kCells || negamax(next, -mover_value, 1 - mover_value) < 1 - mover_value) {
        chosen = col;
        break;
      }
    }
    if (chosen < 0) return;  // cannot happen when the value is right
    line.push_back(chosen);
    p = p.after(playable & column_cells(chosen));
    if (p.plies == kCells) return;
    mover_value = -mover_value;
  }
}

SolveResult Solver::solve(const State& s, std::uint64_t budget) {
  if (table_.empty()) table_.assign(kTableSize, 0);
  // A new generation makes every entry of earlier solves stale; after 256
  // generations the tags repeat, so the table is cleared then.
  if ((++generation_ & 0xFF) == 0) std::fill(table_.begin(), table_.end(), 0);
  nodes_ = 0;
  budget_ = budget;
  const Player mover = s.to_move();
  const Position root{s.discs(mover), s.discs(Player::Red) | s.discs(Player::Yellow), s.plies()};
  SolveResult r;
  int v = 0;
  try {
    v = value(root);
  } catch (const OutOfBudget&) {
    r.nodes = nodes_;
    return r;
  }
  r.proved = true;
  r.value = mover == Player::Red ? v : -v;
  // The line follows proved values, mostly from the table; it may spend as
  // much again as the proof, and stops short (never empty) past that.
  budget_ = nodes_ + budget;
  try {
    best_line(root, v, r.line);
  } catch (const OutOfBudget&) {
  }
  if (r.line.empty()) r.line.push_back(std::countr_zero(root.playable()) / kColumnBits);
  r.nodes = nodes_;
  return r;
}

}  // namespace connect_four
