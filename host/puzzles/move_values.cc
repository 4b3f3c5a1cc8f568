// Valuing every legal move: the exact solver where it reaches, else the
// review's reply search (reply_value.h).
#include "gamehost/puzzles/move_values.h"

#include <algorithm>
#include <optional>

#include "gamehost/review/position_value.h"
#include "gamehost/review/reply_value.h"

namespace gamehost::puzzles {
namespace {

pb::QueryFlags child_flags() {
  pb::QueryFlags f;
  f.set_legal_ids(true);
  f.set_scores(true);
  return f;
}

std::string notation_of(Plugin& game, const std::string& state, std::uint32_t action) {
  const auto line = review::line_notation(game, state, {action});
  return line.empty() ? std::to_string(action) : line.front();
}

void sort_best_first(std::vector<ValuedMove>& moves) {
  std::stable_sort(moves.begin(), moves.end(), [](const ValuedMove& a, const ValuedMove& b) {
    return a.value != b.value ? a.value > b.value : a.action < b.action;
  });
}

// Seat `seat`'s margin from seat 0's.
double for_seat(double margin0, int seat) { return seat == 0 ? margin0 : -margin0; }

std::optional<MoveValues> exact_values(Plugin& game, const std::string& state, const pb::StateInfo& info,
                                       review::ExactSolver& solver) {
  if (!solver.applicable() || !solver.solve(state, info)) return std::nullopt;
  MoveValues out;
  out.exact = true;
  pb::ApplyResponse child;
  for (std::uint32_t id : info.legal_ids()) {
    game.apply(state, id, child_flags(), child);
    double margin0 = 0;
    if (child.info().terminal()) {
      margin0 = review::terminal_value(game, child.state(), child.info()).for_seat[0].margin();
    } else {
      const auto solved = solver.solve(child.state(), child.info());
      if (!solved) return std::nullopt;
      margin0 = solved->margin;
    }
    out.moves.push_back({id, notation_of(game, state, id), for_seat(margin0, info.to_move())});
  }
  sort_best_first(out.moves);
  return out;
}

}  // namespace

double MoveValues::gap() const {
  if (moves.empty()) return 0;
  return moves.size() == 1 ? moves[0].value : moves[0].value - moves[1].value;
}

MoveValues value_some(Plugin& game, const std::string& state, const pb::StateInfo& info,
                      const std::vector<std::uint32_t>& actions, std::uint64_t playouts, std::uint64_t seed) {
  MoveValues out;
  pb::ApplyResponse child;
  const int seat = info.to_move();
  for (std::uint32_t id : actions) {
    game.apply(state, id, child_flags(), child);
    double value = 0;
    if (child.info().terminal())
      value = for_seat(review::terminal_value(game, child.state(), child.info()).for_seat[0].margin(), seat);
    else
      value = review::reply_value(game, child.state(), seat, playouts, seed * 1000003 + id, true, false).margin();
    out.moves.push_back({id, notation_of(game, state, id), value});
  }
  sort_best_first(out.moves);
  return out;
}

MoveValues value_moves(Plugin& game, const std::string& state, const pb::StateInfo& info,
                       review::ExactSolver& solver, std::uint64_t playouts, std::uint64_t seed) {
  if (auto exact = exact_values(game, state, info, solver)) return *exact;
  const std::vector<std::uint32_t> all(info.legal_ids().begin(), info.legal_ids().end());
  return value_some(game, state, info, all, playouts, seed);
}

}  // namespace gamehost::puzzles
