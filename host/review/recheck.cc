#include "gamehost/review/recheck.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace gamehost::review {

namespace {

// The error of a value measured twice: the larger run's standard error and
// the spread between the runs (one difference of two draws: its square
// halved estimates one run's variance).
double combined_error(double first, double second, double second_error) {
  const double spread = first - second;
  return std::sqrt(second_error * second_error + spread * spread / 2);
}

}  // namespace

void recheck_decision(Plugin& game, const std::string& state, const pb::StateInfo& info, std::uint32_t played,
                      const rpb::ReviewSettings& settings, std::uint64_t seed, bool keeps_points, DecisionValue& d) {
  const int seat = info.to_move();
  if (settings.recheck_factor() <= 0 || d.playouts_each == 0) return;
  const DecisionValue first = d;
  DecisionValue again;
  std::vector<std::uint32_t> moves{first.best_action};
  if (!first.played.exact()) moves.push_back(played);
  const auto each = static_cast<std::uint64_t>(static_cast<double>(first.playouts_each) * settings.recheck_factor());
  value_by_replies(game, state, seat, played, moves, std::max<std::uint64_t>(1, each), seed ^ 0x5DEECE66Dull,
                   keeps_points, settings.rollout_policy() == "uniform", again);
  if (!first.played.exact()) {
    d.played = again.played;
    d.played_error = combined_error(first.played.margin(), again.played.margin(), again.played_error);
  }
  // The first move valued is the first valuation's best: the second's value of it.
  rpb::Evaluation best_again = again.best;
  double best_again_error = again.best_error;
  if (again.best_action != first.best_action) {
    // The move played now measures better (it is the only other move valued).
    best_again = again.played;
    best_again_error = again.played_error;
  }
  d.best = best_again;
  d.best_error = combined_error(first.best.margin(), best_again.margin(), best_again_error);
  if (d.played.margin() >= d.best.margin() && first.best_action != played) {
    d.best_action = played;
    d.best_line = d.played_line;
    d.best = d.played;
    d.best.set_exact(false);
    d.best_error = d.played_error;
  }
  d.playouts_each = first.playouts_each + again.playouts_each;
}

}  // namespace gamehost::review
