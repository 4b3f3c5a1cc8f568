#include "viewer/session/review_data.h"

#include <fmt/core.h>

#include <cmath>

#include "gamehost/base/error.h"
#include "gamehost/records/game_log.h"
#include "gamehost/review/reviewer.h"

namespace viewer {

namespace {

bool worse_than_inaccuracy(rpb::MoveClass c) { return c == rpb::MISTAKE || c == rpb::BLUNDER; }

}  // namespace

std::string points_text(double points) {
  const double r = std::round(points * 10) / 10;
  if (std::abs(r - std::round(r)) < 1e-9) return fmt::format("{}", static_cast<long long>(std::llround(r)));
  return fmt::format("{:.1f}", r);
}

std::string margin_text(double margin) {
  const std::string p = points_text(std::abs(margin));
  if (p == "0") return "0";
  return (margin < 0 ? "-" : "+") + p;
}

std::unique_ptr<GameReview> GameReview::open_for(const std::filesystem::path& log,
                                                 const std::filesystem::path& explicit_path) {
  auto file = gamehost::review::review_of_log(log, explicit_path);
  if (!file) return nullptr;
  std::unique_ptr<GameReview> r(new GameReview());
  r->review_ = std::move(*file);
  return r;
}

const rpb::PlyReview* GameReview::at(int ply) const {
  if (ply < 1 || ply > plies()) return nullptr;
  const rpb::PlyReview& r = review_.plies[static_cast<std::size_t>(ply - 1)];
  return r.reviewed() ? &r : nullptr;
}

std::optional<std::uint32_t> GameReview::better_action(int ply) const {
  const rpb::PlyReview* r = at(ply);
  if (!r || r->points_lost() <= 0 || r->best_action() == r->played_action()) return std::nullopt;
  return r->best_action();
}

std::optional<int> GameReview::next_mistake(int ply, int direction) const {
  for (int p = ply + direction; p >= 1 && p <= plies(); p += direction)
    if (const auto* r = at(p); r && worse_than_inaccuracy(r->move_class())) return p;
  return std::nullopt;
}

std::string GameReview::sentence(int ply, const std::vector<std::string>& seat_names) const {
  const rpb::PlyReview* r = at(ply);
  if (!r) return "";
  const std::string who =
      r->seat() >= 0 && r->seat() < static_cast<int>(seat_names.size()) ? seat_names[r->seat()] + ": " : "";
  const std::string played = r->played(), best = r->best();
  const std::string proved = r->before().exact() && r->after().exact() ? ", proved by the endgame solver" : "";
  const std::string hidden = r->sampled_hidden() ? " (estimated over the hands the player could not see)" : "";
  if (r->move_class() == rpb::FORCED) return who + played + " was the only legal move.";
  if (r->points_lost() <= 0) {
    if (r->best_action() == r->played_action())
      return fmt::format("{}{} was the engine's choice ({} expected{}){}.", who, played, margin_text(r->after().margin()),
                         proved, hidden);
    return fmt::format("{}{} was as good as the engine's choice {} ({} expected{}){}.", who, played, best,
                       margin_text(r->after().margin()), proved, hidden);
  }
  const std::string lost = points_text(r->points_lost());
  return fmt::format("{}{} lost {} point{}; best was {} ({} instead of {}{}){} — {}.", who, played, lost,
                     lost == "1" ? "" : "s", best, margin_text(r->before().margin()), margin_text(r->after().margin()),
                     proved, hidden, gamehost::review::class_name(r->move_class()));
}

std::string GameReview::expected_line(int ply) const {
  const rpb::PlyReview* r = at(ply);
  if (!r || r->best_line_size() == 0 || r->points_lost() <= 0) return "";
  std::string s = "Expected after the best move:";
  for (const auto& m : r->best_line()) s += " " + m;
  if (r->played_line_size() > 0) {
    s += ";  after " + r->played() + ":";
    for (const auto& m : r->played_line()) s += " " + m;
  }
  return s;
}

}  // namespace viewer
