#include "gamehost/review/position_value.h"

#include <algorithm>

#include "gamehost/review/reply_value.h"

namespace gamehost::review {

namespace {

rpb::Evaluation evaluation(double margin, double win, bool exact, std::uint64_t visits) {
  rpb::Evaluation e;
  e.set_margin(margin);
  e.set_win_probability(std::clamp(win, 0.0, 1.0));
  e.set_exact(exact);
  e.set_visits(visits);
  return e;
}

// Both seats' evaluations from seat 0's exact margin.
std::vector<rpb::Evaluation> exact_pair(double margin0) {
  const double win0 = margin0 > 0 ? 1.0 : margin0 < 0 ? 0.0 : 0.5;
  return {evaluation(margin0, win0, true, 0), evaluation(-margin0, 1.0 - win0, true, 0)};
}

}  // namespace

rpb::Evaluation child_value(const RootChild& c, bool keeps_points) {
  const double n = std::max<double>(1, static_cast<double>(c.visits));
  const double ret = c.value / n;
  return evaluation(keeps_points ? c.margin / n : ret, (ret + 1) / 2, false, c.visits);
}

std::vector<std::string> line_notation(Plugin& game, std::string state, const std::vector<std::uint32_t>& line) {
  std::vector<std::string> out;
  pb::ApplyResponse applied;
  for (const std::uint32_t a : line) {
    try {
      game.apply(state, a, pb::QueryFlags(), applied, /*describe_action=*/true);
    } catch (const CallError&) {
      break;  // a line through a sampled hidden state may not apply to the true one
    }
    out.push_back(applied.action().notation());
    state = std::move(*applied.mutable_state());
  }
  return out;
}

ExactValue terminal_value(Plugin& game, const std::string& state, const pb::StateInfo& info) {
  pb::QueryFlags flags;
  flags.set_scores(true);
  flags.set_legal_ids(true);
  const pb::StateInfo final_info = info.scores_size() >= 2 ? info : game.query(state, flags);
  const double margin0 = final_info.scores_size() >= 2
                             ? static_cast<double>(final_info.scores(0) - final_info.scores(1))
                             : (final_info.returns_size() > 0 ? final_info.returns(0) : 0.0);
  ExactValue v;
  v.for_seat = exact_pair(margin0);
  return v;
}

ExactValue solved_value(const Solved& solved) {
  ExactValue v;
  v.for_seat = exact_pair(solved.margin);
  v.best_action = solved.best_action;
  v.line = solved.line;
  return v;
}

MctsOptions mcts_options(const rpb::ReviewSettings& settings, std::uint64_t seed) {
  MctsOptions o;
  o.iters = settings.iterations();
  o.c = settings.c();
  o.score_weight = settings.score_weight();
  o.score_scale = settings.score_scale();
  o.rollouts = settings.rollouts();
  o.uniform = settings.rollout_policy() == "uniform";
  o.seed = seed;
  o.reuse = false;
  return o;
}

void value_by_replies(Plugin& game, const std::string& state, int seat, std::uint32_t played,
                      const std::vector<std::uint32_t>& moves, std::uint64_t each, std::uint64_t seed,
                      bool keeps_points, bool uniform, DecisionValue& d) {
  // Apart from the search's own stream; the same for every move.
  const std::uint64_t playout_seed = seed * 7919 + 17;
  pb::ApplyResponse step;
  bool first = true;
  d.playouts_each = each;
  for (const std::uint32_t a : moves) {
    game.apply(state, a, pb::QueryFlags(), step);
    double error = 0;
    const rpb::Evaluation e = reply_value(game, step.state(), seat, each, playout_seed, keeps_points, uniform, &error);
    if (a == played) d.played = e, d.played_error = error;
    if (first || e.margin() > d.best.margin()) d.best = e, d.best_error = error, d.best_action = a;
    first = false;
  }
}

DecisionValue search_decision(Plugin& game, const std::string& state, const pb::StateInfo& info,
                              std::uint32_t played, const rpb::ReviewSettings& settings, std::uint64_t seed,
                              int line_plies, bool keeps_points, const rpb::Evaluation* proved_after) {
  const std::uint64_t total = settings.iterations();
  // Split: a search for the best move, then both moves valued alike, by
  // their replies or by deepening both in the tree.
  const bool split = settings.root_share() > 0 && !game.info().has_hidden_information();
  const bool by_replies = split && settings.move_value() == "reply" && game.players() == 2;
  MctsOptions options = mcts_options(settings, seed);
  std::uint64_t each = std::max<std::uint64_t>(1, total / 10);
  if (split) {
    options.iters = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(static_cast<double>(total) * settings.root_share()));
    each = std::max<std::uint64_t>(1, (total - std::min(total, options.iters)) / 2);
  }
  MctsSearch search(game, options);
  search.set_line_plies(line_plies);
  if (!split) search.set_forced(played, each);
  MctsSearch::Result r = search.search(state, info);
  if (split && !by_replies) {
    search.deepen(r.action, each);
    r.children = search.deepen(played, each);
  }

  DecisionValue d;
  d.best_action = r.action;
  {
    std::vector<RootChild> by_visits = r.children;
    std::stable_sort(by_visits.begin(), by_visits.end(),
                     [](const RootChild& x, const RootChild& y) { return x.visits > y.visits; });
    for (const RootChild& c : by_visits) {
      if (static_cast<int>(d.candidates.size()) >= kCandidateMoves || c.visits == 0) break;
      d.candidates.push_back(c.action);
    }
  }
  if (by_replies) {
    // The search's choice and the move played, with equal shares of what the
    // search left; in a small decision every option, each with that share.
    std::vector<std::uint32_t> moves{r.action};
    if (info.legal_ids_size() <= kSmallDecision) {
      for (const std::uint32_t a : info.legal_ids())
        if (a != r.action) moves.push_back(a);
    } else if (played != r.action) {
      moves.push_back(played);
    }
    const std::uint64_t rest = total - std::min(total, options.iters);
    value_by_replies(game, state, info.to_move(), played, moves, std::max<std::uint64_t>(1, rest / 2), seed,
                     keeps_points, settings.rollout_policy() == "uniform", d);
  } else {
    for (const RootChild& c : r.children) {
      if (c.action == r.action) d.best = child_value(c, keeps_points);
      if (c.action == played) d.played = child_value(c, keeps_points);
    }
  }
  d.best_line = search.last_line(d.best_action, line_plies);
  if (d.best_line.empty())
    d.best_line = d.best_action == r.action && !r.best_line.empty() ? r.best_line : std::vector<std::uint32_t>{d.best_action};
  d.played_line = search.last_line(played, line_plies);
  if (d.played_line.empty()) d.played_line.push_back(played);
  if (proved_after) d.played = *proved_after, d.played_error = 0;
  // Both moves were measured alike (or the move played exactly): when the
  // move played came out ahead, it is the engine's best, so that no verdict
  // names a "better" move worth less than the one played. With hidden
  // information the move played has a tenth of the visits, too few to
  // overrule the search's choice.
  if ((split || proved_after) && played != d.best_action && d.played.margin() > d.best.margin()) {
    d.best_action = played;
    d.best_line = d.played_line;
  }
  // The position is worth its best move: the move played's value when that
  // is the best (not proved itself: only one of its moves is).
  if (d.best_action == played) {
    d.best = d.played;
    d.best.set_exact(false);
    d.best_error = d.played_error;
  }
  return d;
}

}  // namespace gamehost::review
