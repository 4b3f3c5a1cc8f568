#include "gamehost/records/json_codec.h"
#include "gamehost/review/report.h"

#include <fmt/core.h>
#include <google/protobuf/util/json_util.h>

#include <algorithm>

#include "gamehost/base/error.h"
#include "gamehost/records/game_log.h"
#include "gamehost/records/replay.h"
#include "gamehost/review/reviewer.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/review/units.h"

namespace gamehost::review {

namespace {

std::string seat_name(const ReviewFile& r, int seat) {
  if (seat >= 0 && seat < r.header.player_names_size()) return r.header.player_names(seat);
  return seat == -1 ? "chance" : fmt::format("seat {}", seat);
}

}  // namespace

PlayerSummary summarize(const ReviewFile& review, int seat) {
  PlayerSummary s;
  for (const auto& p : review.plies) {
    if (!p.reviewed() || p.seat() != seat) continue;
    ++s.counts[p.move_class()];
    if (p.move_class() == rpb::FORCED) continue;
    ++s.moves;
    s.points_lost += p.points_lost();
  }
  return s;
}

std::string review_table(const ReviewFile& r) {
  const auto& set = r.header.settings();
  const ValueUnits units(r.header);
  std::string out = fmt::format(
      "Review of {} ({}, {} plies): {} with {} iterations a position, endgame solver {} nodes, seed {}\n",
      r.header.log_file(), r.header.game_id(), r.header.log_plies(), set.engine(), set.iterations(),
      set.solver_nodes(), set.seed());
  if (static_cast<int>(r.plies.size()) < static_cast<int>(r.header.log_plies()))
    out += fmt::format("(partial: {} of {} plies reviewed; run the review again to continue)\n", r.plies.size(),
                       r.header.log_plies());
  out += fmt::format("{:>4}  {:<7} {:<9} {:<14} {:<14} {:<9} {:>6}  {}\n", "ply", "player", "move", "before",
                     "after", "best", "lost", "class");
  for (const auto& p : r.plies) {
    if (!p.reviewed()) {
      out += fmt::format("{:>4}  {:<7} {:<9} (not reviewed: {})\n", p.ply(), seat_name(r, p.seat()),
                         p.seat() == -1 ? "?" : p.played(), p.seat() == -1 ? "a chance event" : "taken back");
      continue;
    }
    const bool lost = p.move_class() != rpb::BEST && p.move_class() != rpb::FORCED;
    // Results: a proved change of outcome is said in words ("turns a win into a loss").
    const bool proved = units.results() && lost && p.before().exact() && p.after().exact();
    out += fmt::format("{:>4}  {:<7} {:<9} {:<14} {:<14} {:<9} {:>6}  {}{}{}\n", p.ply(), seat_name(r, p.seat()),
                       p.played(), units.value(p.before()), units.value(p.after()), p.best(),
                       lost ? units.lost_with_error(p) : std::string("0"), class_name(p.move_class()),
                       proved ? ": " + units.lost_words(p) : std::string(),
                       p.sampled_hidden() ? " (sampled hands)" : "");
  }
  out += "Summary:\n";
  for (int seat = 0; seat < r.header.player_names_size(); ++seat) {
    const PlayerSummary s = summarize(r, seat);
    out += fmt::format(
        // Every reviewed move is counted once, in one class; the average
        // leaves out the forced ones, which could not lose anything.
        "  {}: {} moves, {} ({} a move not forced); best {}, good {}, inaccuracies {}, "
        "mistakes {}, blunders {}, forced {}\n",
        seat_name(r, seat), s.moves + s.counts[rpb::FORCED], units.total_lost(s.points_lost),
        units.lost(s.moves ? s.points_lost / s.moves : 0.0), s.counts[rpb::BEST],
        s.counts[rpb::GOOD], s.counts[rpb::INACCURACY], s.counts[rpb::MISTAKE], s.counts[rpb::BLUNDER],
        s.counts[rpb::FORCED]);
    // Only when there are any, so that reviews without them read as before.
    if (s.counts[rpb::UNCLEAR] > 0) out.insert(out.size() - 1, fmt::format(", unclear {}", s.counts[rpb::UNCLEAR]));
  }
  out += units.legend(set);
  return out;
}

std::string top_moves(const ReviewFile& r, Plugin& game, const std::string& log_path, int n) {
  const GameLog log = read_log(log_path);
  const auto states = replay(game, log, std::nullopt, /*keep_states=*/true).states;
  pb::QueryFlags text;
  text.set_text(true);
  const ValueUnits units(r.header);
  std::string out;
  for (int seat = 0; seat < r.header.player_names_size(); ++seat) {
    std::vector<const rpb::PlyReview*> moves;
    for (const auto& p : r.plies)
      if (p.reviewed() && p.seat() == seat && p.points_lost() > 0) moves.push_back(&p);
    std::stable_sort(moves.begin(), moves.end(),
                     [](const auto* a, const auto* b) { return a->points_lost() > b->points_lost(); });
    if (static_cast<int>(moves.size()) > n) moves.resize(static_cast<std::size_t>(n));
    out += fmt::format("{}'s {} most costly moves:\n", seat_name(r, seat), moves.size());
    if (moves.empty()) out += units.results() ? "  (none lost any of the expected result)\n" : "  (none lost points)\n";
    for (const auto* p : moves) {
      out += fmt::format("\n  ply {}: {} {} ({}); best was {} ({} instead of {})\n", p->ply(), p->played(),
                         units.lost_words(*p), class_name(p->move_class()), p->best(), units.value(p->before()),
                         units.value(p->after()));
      auto join = [](const auto& line) {
        std::string s;
        for (const auto& m : line) s += (s.empty() ? "" : " ") + m;
        return s;
      };
      out += fmt::format("    expected after the best move:   {}\n", join(p->best_line()));
      out += fmt::format("    expected after the move played: {}\n", join(p->played_line()));
      const std::string before = visible_lines(game.query(states[p->ply() - 1], text).text());
      out += "    the position before the move:\n";
      std::size_t at = 0;
      while (at < before.size()) {
        const std::size_t nl = before.find('\n', at);
        out += "      " + before.substr(at, nl == std::string::npos ? std::string::npos : nl - at) + "\n";
        if (nl == std::string::npos) break;
        at = nl + 1;
      }
    }
    out += "\n";
  }
  return out;
}

std::string review_json(const ReviewFile& r) {
  rpb::Review whole;
  *whole.mutable_header() = r.header;
  for (const auto& p : r.plies) *whole.add_plies() = p;
  std::string json;
  if (!google::protobuf::util::MessageToJsonString(whole, &json, json_print_options()).ok())
    throw HostError(fmt::format("{}: cannot be printed as JSON", r.file));
  return json;
}

}  // namespace gamehost::review
