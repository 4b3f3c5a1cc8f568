#include "gamehost/review/reviewer.h"

#include <fmt/core.h>
#include <google/protobuf/util/message_differencer.h>

#include <algorithm>
#include <cmath>
#include <atomic>
#include <cassert>
#include <condition_variable>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "gamehost/records/game_log.h"
#include "gamehost/base/random.h"
#include "gamehost/records/regular_file.h"
#include "gamehost/calls/parallel.h"
#include "gamehost/records/replay.h"
#include "gamehost/review/candidates.h"
#include "gamehost/review/exact_solver.h"
#include "gamehost/review/position_value.h"
#include "gamehost/review/recheck.h"
#include "gamehost/review/units.h"

namespace gamehost::review {

namespace {

constexpr int kLinePlies = 8;

// The search seed of position k: a function of the review's seed only.
std::uint64_t position_seed(std::uint64_t seed, int k) {
  SplitMix mix(seed ^ (0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(k + 1)));
  return mix.next();
}

struct Positions {
  std::vector<std::string> states;   // after k plies
  std::vector<pb::StateInfo> infos;  // legal ids, scores
};

}  // namespace

bool keeps_points(Plugin& game, const std::string& state) {
  pb::QueryFlags scores;
  scores.set_scores(true);
  return game.query(state, scores).scores_size() > 0;
}

void set_move_value(rpb::ReviewSettings& s, std::string_view rule) {
  assert(rule == "reply" || rule == "subtree");
  s.set_move_value(std::string(rule));
  // Each rule at the share measured best for it on the quality set
  // (docs/review.md): the reply values need fewer playouts than the
  // subtrees need visits, so the search for the best move gets more.
  s.set_root_share(rule == "reply" ? 0.4 : 0.2);
}

rpb::ReviewSettings default_settings(bool keeps_points) {
  rpb::ReviewSettings s;
  s.set_engine("mcts");
  s.set_iterations(50000);
  set_move_value(s, "reply");
  s.set_seed(1);
  s.set_c(1.4);
  s.set_score_weight(0.5);
  s.set_score_scale(20);
  s.set_rollouts(1);
  s.set_rollout_policy("guided");
  s.set_solver_nodes(200000);
  s.set_solve_nodes(keeps_points ? kDefaultSolveNodesWithPoints : kDefaultSolveNodes);
  s.set_error_width(1);
  s.set_recheck_factor(2);
  if (keeps_points) {
    s.set_inaccuracy(3);
    s.set_mistake(7);
    s.set_blunder(15);
  } else {
    // Margins are returns (win 1, loss -1): thresholds in return units.
    s.set_inaccuracy(0.1);
    s.set_mistake(0.25);
    s.set_blunder(0.5);
  }
  return s;
}

rpb::MoveClass classify(double lost, const rpb::ReviewSettings& s) {
  if (lost >= s.blunder()) return rpb::BLUNDER;
  if (lost >= s.mistake()) return rpb::MISTAKE;
  if (lost >= s.inaccuracy()) return rpb::INACCURACY;
  return rpb::GOOD;
}

void judge_move(std::uint32_t played, const rpb::ReviewSettings& settings, rpb::PlyReview& r) {
  const bool exact = r.before().exact() && r.after().exact();
  const double lost = std::max(0.0, r.before().margin() - r.after().margin());
  if (r.legal_count() == 1) {
    r.set_move_class(rpb::FORCED);
  } else if (played == r.best_action() || (exact && lost < 1e-9)) {
    r.set_move_class(rpb::BEST);
  } else {
    r.set_points_lost(lost);
    rpb::MoveClass c = classify(lost, settings);
    if (!exact) {
      r.set_lost_error(std::hypot(r.before_error(), r.after_error()));
      // The two values' bands overlap: the estimate cannot tell a size.
      const double bands = settings.error_width() * (r.before_error() + r.after_error());
      if ((c == rpb::MISTAKE || c == rpb::BLUNDER) && lost <= bands) c = rpb::UNCLEAR;
    }
    r.set_move_class(c);
  }
}

const char* class_name(rpb::MoveClass c) {
  switch (c) {
    case rpb::BEST: return "best";
    case rpb::GOOD: return "good";
    case rpb::INACCURACY: return "inaccuracy";
    case rpb::MISTAKE: return "mistake";
    case rpb::BLUNDER: return "blunder";
    case rpb::FORCED: return "forced";
    case rpb::UNCLEAR: return "unclear";
    default: return "-";
  }
}

const char* class_symbol(rpb::MoveClass c) {
  switch (c) {
    case rpb::INACCURACY: return "?!";
    case rpb::MISTAKE: return "?";
    case rpb::BLUNDER: return "??";
    case rpb::FORCED: return "□";
    default: return "";
  }
}

namespace {

// Exact values from the end backwards: the final position, then each
// position the solver proves within its budget, until it fails once (earlier
// positions are larger still). Sequential and in a fixed order, so the
// solver's shared table leaves the results deterministic.
std::vector<std::optional<ExactValue>> exact_values(Plugin& game, const Positions& pos,
                                                    const rpb::ReviewSettings& settings, bool keeps_points) {
  std::vector<std::optional<ExactValue>> exact(pos.states.size());
  ExactSolver budgeted(game, keeps_points, settings.solver_nodes(), settings.solve_nodes());
  // Within the exact depth: the same solvers without a limit.
  ExactSolver deep(game, keeps_points, settings.solver_nodes() ? kUnlimitedSolveNodes : 0,
                   settings.solve_nodes() ? kUnlimitedSolveNodes : 0);
  const int last = static_cast<int>(pos.states.size()) - 1;
  // An unfinished log does not say how far its end is: the budgets alone.
  const int depth = pos.infos[last].terminal() ? static_cast<int>(settings.exact_depth()) : 0;
  for (int k = last; k >= 0; --k) {
    const auto& info = pos.infos[k];
    if (info.terminal()) {
      exact[k] = terminal_value(game, pos.states[k], info);
      continue;
    }
    ExactSolver& solver = depth > 0 && last - k <= depth ? deep : budgeted;
    if (!solver.applicable()) break;
    std::optional<double> guess;
    // An unfinished log's last position has no position after it.
    if (k + 1 < static_cast<int>(exact.size()) && exact[k + 1]) guess = exact[k + 1]->for_seat[0].margin();
    auto solved = solver.solve(pos.states[k], info, guess);
    if (!solved) break;
    exact[k] = solved_value(*solved);
  }
  return exact;
}

void set_lines(Plugin& game, const Positions& pos, int k, const std::vector<std::uint32_t>& best,
               const std::vector<std::uint32_t>& played, rpb::PlyReview& r) {
  const auto best_line = line_notation(game, pos.states[k], best);
  r.set_best(best_line.empty() ? std::string() : best_line.front());
  for (const auto& n : best_line) r.add_best_line(n);
  for (const auto& n : line_notation(game, pos.states[k], played)) r.add_played_line(n);
  if (r.played_line_size() == 0) r.add_played_line(r.played());
}

// Everything a ply's review needs that is shared by all plies.
struct Context {
  const Positions& pos;
  const std::vector<std::optional<ExactValue>>& exact;
  const rpb::ReviewSettings& settings;
  bool keeps_points;
  bool hidden;
};

// The review of one ply: from exact values where the solver reached, else
// from a search of the position before it (the move played forced to be
// measured too).
rpb::PlyReview review_ply(Plugin& game, const pb::LogPly& ply, const Context& c) {
  rpb::PlyReview r;
  r.set_ply(ply.ply());
  r.set_seat(ply.player());
  r.set_played_action(ply.action_id());
  r.set_played(ply.notation());
  const int seat = ply.player();
  // Chance: nothing was chosen. Taken back: the move left no position to
  // value (the state after it is the one before, docs/logs.md).
  if (seat < 0 || ply.taken_back()) return r;
  const int k = static_cast<int>(ply.ply()) - 1;
  r.set_reviewed(true);
  r.set_legal_count(static_cast<std::uint32_t>(c.pos.infos[k].legal_ids_size()));
  r.set_sampled_hidden(c.hidden);
  bool unproved_claim = false;
  if (c.exact[k] && c.exact[k + 1]) {
    *r.mutable_before() = c.exact[k]->for_seat[seat];
    *r.mutable_after() = c.exact[k + 1]->for_seat[seat];
    r.set_best_action(c.exact[k]->best_action);
    std::vector<std::uint32_t> played{ply.action_id()};
    played.insert(played.end(), c.exact[k + 1]->line.begin(), c.exact[k + 1]->line.end());
    set_lines(game, c.pos, k, c.exact[k]->line, played, r);
  } else {
    // The position after the move: its proved value where there is one.
    const rpb::Evaluation* proved_after = c.exact[k + 1] ? &c.exact[k + 1]->for_seat[seat] : nullptr;
    const std::uint64_t seed = position_seed(c.settings.seed(), k);
    DecisionValue d = search_decision(game, c.pos.states[k], c.pos.infos[k], ply.action_id(), c.settings, seed,
                                      kLinePlies, c.keeps_points, proved_after);
    // Just before the solver's reach (the move played's position proved):
    // the verdict is checked by proving the search's candidate moves.
    // Decisions left after the move, when the log reaches the game's end.
    const int after_left = static_cast<int>(c.pos.states.size()) - 2 - k;
    const bool within_depth = c.settings.exact_depth() > 0 && c.pos.infos.back().terminal() &&
                              after_left <= static_cast<int>(c.settings.exact_depth());
    const bool proved = proved_after && prove_candidates(game, c.pos.states[k], c.pos.infos[k], ply.action_id(),
                                                         c.settings, c.keeps_points, within_depth, kLinePlies, d);
    if (proved) {
      r.set_rechecked(true);
      r.set_best_proved(true);
    } else if (d.best_action != ply.action_id() && d.best.margin() - d.played.margin() >= c.settings.mistake() &&
               d.playouts_each > 0) {
      // About to be called a mistake or blunder on estimates: look again first.
      recheck_decision(game, c.pos.states[k], c.pos.infos[k], ply.action_id(), c.settings, seed, c.keeps_points, d);
      r.set_rechecked(true);
    }
    unproved_claim = proved_after && !proved;
    *r.mutable_before() = d.best;
    *r.mutable_after() = d.played;
    r.set_before_error(d.best_error);
    r.set_after_error(d.played_error);
    r.set_best_action(d.best_action);
    set_lines(game, c.pos, k, d.best_line, d.played_line, r);
  }
  judge_move(ply.action_id(), c.settings, r);
  if (r.best_proved() && !r.before().exact() && r.move_class() == rpb::BEST) {
    // The candidates proved no better than the move played say nothing of
    // the moves not proved, one of which may be better: not "best".
    r.set_move_class(rpb::UNCLEAR);
  }
  if (unproved_claim && (r.move_class() == rpb::MISTAKE || r.move_class() == rpb::BLUNDER)) {
    // The move played is proved, the better move the search names is not,
    // within the budget: the claim cannot be checked, and estimates this
    // near the solver's reach have been wrong by more than their errors.
    r.set_move_class(rpb::UNCLEAR);
  }
  return r;
}

// Reviews plies first..last on `jobs` threads (one plugin instance each)
// and hands each review to `write` in ply order as soon as it can.
void review_plies(Plugin& plugin, const GameLog& log, const Context& c, int first, int jobs,
                  const std::function<void(rpb::PlyReview&&)>& write) {
  const int plies = log.record.plies_size();
  std::vector<std::optional<rpb::PlyReview>> done(static_cast<std::size_t>(plies) + 1);
  int next_write = first;
  std::mutex m;
  for_each_with_clone(plugin, plies - first + 1, jobs, [&](Plugin& game, int k) {
    const int p = first + k;
    rpb::PlyReview r = review_ply(game, log.record.plies(p - 1), c);
    std::lock_guard<std::mutex> lock(m);
    done[static_cast<std::size_t>(p)] = std::move(r);
    while (next_write <= plies && done[static_cast<std::size_t>(next_write)]) {
      write(std::move(*done[static_cast<std::size_t>(next_write)]));
      done[static_cast<std::size_t>(next_write)].reset();
      ++next_write;
    }
  });
}

}  // namespace

ReviewOutcome run_review(Plugin& plugin, const ReviewRequest& req) {
  const std::string bytes = read_regular_file(req.log);
  const GameLog log = parse_log(bytes, req.log.string());
  Positions pos;
  pos.states = replay(plugin, log, std::nullopt, /*keep_states=*/true).states;
  pb::QueryFlags flags;
  flags.set_legal_ids(true);
  flags.set_scores(true);
  for (const auto& s : pos.states) pos.infos.push_back(plugin.query(s, flags));
  const int plies = log.record.plies_size();

  rpb::ReviewHeader header;
  header.set_format_version(kReviewFormatVersion);
  header.set_log_file(req.log.filename().string());
  header.set_log_hash(state_hash(bytes));
  header.set_log_plies(static_cast<std::uint32_t>(plies));
  header.set_game_id(plugin.id());
  header.set_game_version(plugin.info().version());
  for (const auto& n : plugin.info().player_names()) header.add_player_names(n);
  *header.mutable_settings() = req.settings;
  header.set_host_version(GAMEHOST_VERSION);
  const bool keeps_points = pos.infos.front().scores_size() > 0;
  header.set_value_unit(std::string(keeps_points ? kUnitPoints : kUnitResult));

  const std::filesystem::path out = req.out.empty() ? review_path_for(req.log) : req.out;
  ReviewOutcome outcome;
  std::unique_ptr<ReviewWriter> writer;
  std::error_code ec;
  if (!req.restart && std::filesystem::exists(out, ec)) {
    outcome.review = read_review(out);
    const auto& old = outcome.review.header;
    if (old.log_hash() != header.log_hash())
      throw HostError(fmt::format("{}: reviews another log ({} of hash {:016x}; {} has hash {:016x}); "
                                  "use --force to review {} again",
                                  out.string(), old.log_file(), old.log_hash(), req.log.string(), header.log_hash(),
                                  req.log.string()));
    if (!google::protobuf::util::MessageDifferencer::Equals(old.settings(), header.settings()))
      throw HostError(fmt::format("{}: was made with other settings ({}); use --force to review again with these",
                                  out.string(), old.settings().ShortDebugString()));
    outcome.continued = true;
    // A review made before value_unit existed: the report still speaks in the game's units.
    if (outcome.review.header.value_unit().empty()) outcome.review.header.set_value_unit(header.value_unit());
    if (static_cast<int>(outcome.review.plies.size()) >= plies) return outcome;  // complete
    writer = std::make_unique<ReviewWriter>(outcome.review);
  } else {
    writer = std::make_unique<ReviewWriter>(out, header, /*overwrite=*/req.restart);
    outcome.review.file = out.string();
    outcome.review.header = header;
  }

  const int first = static_cast<int>(outcome.review.plies.size()) + 1;  // the first ply to review
  const auto exact = exact_values(plugin, pos, req.settings, keeps_points);
  const Context context{pos, exact, req.settings, keeps_points, plugin.info().has_hidden_information()};
  review_plies(plugin, log, context, first, req.jobs, [&](rpb::PlyReview&& r) {
    writer->append(r);
    outcome.review.plies.push_back(std::move(r));
    ++outcome.computed;
    if (req.progress) req.progress(static_cast<int>(outcome.review.plies.size()), plies);
  });
  return outcome;
}

}  // namespace gamehost::review
