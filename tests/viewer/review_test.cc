// The viewer with a game review: a review made in the test by the real
// `gamehost review` (few iterations, deterministic), then the panel's words
// and marks (--dump-panel), the refusal of a review of another log, N / Shift+N,
// and real pixels: both players' lines of the evaluation graph and the ghost
// of the better move on the board.
#include <catch2/catch.hpp>

#include <SFML/Graphics/Image.hpp>
#include <fmt/core.h>

#include <cmath>
#include <filesystem>
#include <map>

#include "alien_city/core/rules.h"
#include "gamehost/review/review_file.h"
#include "gamehost/review/reviewer.h"
#include "viewer/export/headless.h"
#include "viewer/view/replay_view.h"
#include "viewer/session/review_changes.h"
#include "viewer/session/review_data.h"
#include "viewer_test_support.h"

using namespace viewer_test;
namespace fs = std::filesystem;
namespace rpb = gamehost::review::v1;

namespace {

fs::path reviewed_log() { return reviewed_sample_log(); }

gamehost::review::ReviewFile the_review() { return gamehost::review::read_review(reviewed_log().replace_extension(".ghreview")); }

// Points as the panel writes them, worked out here on their own: one
// decimal, none when whole.
std::string points(double p) {
  std::string s = fmt::format("{:.1f}", p);
  if (s.size() > 2 && s.substr(s.size() - 2) == ".0") s.resize(s.size() - 2);
  return s;
}

std::vector<int> mistakes(const gamehost::review::ReviewFile& review) {
  std::vector<int> out;
  for (const auto& p : review.plies)
    if (p.reviewed() && (p.move_class() == rpb::MISTAKE || p.move_class() == rpb::BLUNDER)) out.push_back(p.ply());
  return out;
}

}  // namespace

TEST_CASE("--dump-panel says what each move lost and what was better, in the review's numbers", "[cli]") {
  const auto review = the_review();
  const auto& names = review.header.player_names();
  const std::vector<int> bad = mistakes(review);
  REQUIRE(bad.size() >= 2);
  const rpb::PlyReview& r = review.plies[bad.front() - 1];
  const Run run = run_viewer({reviewed_log().string(), "--ply", std::to_string(r.ply()), "--dump-panel", "-"});
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  const std::string verdict = fmt::format("Review\tverdict\t{}\t{}: {} lost {} points; best was {} (",
                                          r.move_class() == rpb::BLUNDER ? "blunder" : "mistake", names[r.seat()],
                                          r.played(), points(r.points_lost()), r.best());
  CHECK_THAT(run.out, Catch::Contains(verdict));
  CHECK_THAT(run.out, Catch::Contains(fmt::format("Review\tlost\t{}\t\n", points(r.points_lost()))));
  // Every move of the list with its class mark and points lost.
  for (const auto& p : review.plies) {
    if (!p.reviewed()) continue;
    std::string mark = gamehost::review::class_symbol(p.move_class());
    if (p.points_lost() > 0) mark += (mark.empty() ? "" : " ") + points(p.points_lost());
    const std::string row = fmt::format("Moves\t{}\t{}\t{} {}{}\n", p.ply(), p.played(), names[p.seat()], p.played(),
                                        mark.empty() ? "" : "  " + mark);
    CHECK_THAT(run.out, Catch::Contains(row));
  }
}

TEST_CASE("a review of another log is refused, naming both files", "[cli]") {
  const fs::path dir = temp_dir("review-other");
  fs::create_directories(dir);
  const fs::path other = dir / "seed-2.ghlog";
  fs::copy_file(sample("seed-2.ghlog"), other, fs::copy_options::overwrite_existing);
  const fs::path review = reviewed_log().replace_extension(".ghreview");
  SECTION("named with --review: an error") {
    const Run r = run_viewer({other.string(), "--review", review.string(), "--dump-panel", "-"});
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.err, Catch::StartsWith("replay-viewer: error: " + review.string() +
                                        ": is a review of another log (seed-1.ghlog, hash "));
    CHECK_THAT(r.err, Catch::Contains("not of " + other.string()));
    CHECK(r.out.empty());
  }
  SECTION("found beside the log: a warning, and the game without it") {
    fs::copy_file(review, dir / "seed-2.ghreview", fs::copy_options::overwrite_existing);
    const Run r = run_viewer({other.string(), "--dump-panel", "-"});
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.err, Catch::StartsWith("replay-viewer: warning: " + (dir / "seed-2.ghreview").string() +
                                        ": is a review of another log (seed-1.ghlog"));
    CHECK_THAT(r.err, Catch::Contains("; showing the game without it"));
    CHECK_THAT(r.out, !Catch::Contains("Review\t"));
  }
}

TEST_CASE("a partial review shows the plies it has", "[cli]") {
  const fs::path dir = temp_dir("review-partial");
  fs::create_directories(dir);
  const fs::path log = dir / "seed-1.ghlog";
  fs::copy_file(reviewed_log(), log, fs::copy_options::overwrite_existing);
  // The review cut after its tenth ply record, as a killed review leaves it.
  const auto whole = the_review();
  {
    gamehost::review::ReviewWriter w(dir / "seed-1.ghreview", whole.header, true);
    for (int i = 0; i < 10; ++i) w.append(whole.plies[i]);
  }
  const Run at5 = run_viewer({log.string(), "--ply", "5", "--dump-panel", "-"});
  CHECK_THAT(at5.out, Catch::Contains(fmt::format("partial: 10 of {} plies reviewed", whole.header.log_plies())));
  CHECK_THAT(at5.out, Catch::Contains("Review\tverdict\t"));
  const Run at20 = run_viewer({log.string(), "--ply", "20", "--dump-panel", "-"});
  CHECK_THAT(at20.out, Catch::Contains("Review\tverdict\t\tThis move is not reviewed yet.\n"));
}

TEST_CASE("N and Shift+N find the next and previous mistake", "[unit]") {
  const auto review = viewer::GameReview::open_for(reviewed_log(), "");
  REQUIRE(review);
  const std::vector<int> bad = mistakes(the_review());
  REQUIRE(bad.size() >= 2);
  CHECK(review->next_mistake(0, +1) == bad[0]);
  CHECK(review->next_mistake(bad[0], +1) == bad[1]);
  CHECK(review->next_mistake(bad[1], -1) == bad[0]);
  CHECK(review->next_mistake(bad[0], -1) == std::nullopt);
  CHECK(review->next_mistake(bad.back(), +1) == std::nullopt);
}

TEST_CASE("the evaluation graph draws each player's line; the better move shows as a ghost", "[pixels]") {
  require_display();
  const auto file = the_review();
  const auto review = viewer::GameReview::open_for(reviewed_log(), "");
  auto session = viewer::ReplaySession::open(reviewed_log(), {});
  const int shown = mistakes(file).front();
  viewer::Offscreen off({1280, 800}, 0);

  viewer::ReplayView plain(*session, test_font());
  plain.go_to(shown, false);
  const sf::Image without = off.render(plain);
  viewer::ReplayView view(*session, test_font());
  view.set_review(review.get());
  view.go_to(shown, false);
  const sf::Image with = off.render(view);

  const viewer::EvalGraph* graph = view.panel().graph();
  REQUIRE(graph);
  // Each player's markers, where no other marker and not the current ply's
  // line is near: the player's colour.
  std::vector<sf::Vector2f> all;
  for (const auto& p : file.plies)
    if (p.reviewed()) all.push_back(graph->point_of(p.ply(), p.after().margin()));
  for (int seat : {0, 1}) {
    int checked = 0;
    for (const auto& p : file.plies) {
      if (!p.reviewed() || p.seat() != seat || p.after().exact()) continue;
      const sf::Vector2f at = graph->point_of(p.ply(), p.after().margin());
      const bool alone = std::none_of(all.begin(), all.end(), [&](sf::Vector2f o) {
        return (o.x != at.x || o.y != at.y) && std::hypot(o.x - at.x, o.y - at.y) < 6;
      });
      if (!alone || std::abs(at.x - graph->point_of(shown, 0).x) < 4) continue;
      const sf::Color c = with.getPixel(static_cast<unsigned>(at.x), static_cast<unsigned>(at.y));
      INFO("seat " << seat << " ply " << p.ply() << ": " << describe(c));
      CHECK(near(c, viewer::player_line_colour(seat), 40));
      ++checked;
    }
    CHECK(checked >= 3);
  }
  // The zero line.
  const sf::Vector2f zero = graph->point_of(0, 0);
  CHECK(near(with.getPixel(static_cast<unsigned>(zero.x + 2), static_cast<unsigned>(zero.y)), sf::Color(0x7a, 0x80, 0x8c), 30));

  // The ghost: the better move's lot looks different with the review.
  const auto action = alien_city::action_from_id(static_cast<int>(file.plies[shown - 1].best_action()));
  REQUIRE(action);
  const alien_city::Action best = *action;
  REQUIRE(best.lot != alien_city::kNoLot);
  const sf::Color a = at_lot(without, plain.scene(), best.lot, 0, -0.1f);
  const sf::Color b = at_lot(with, view.scene(), best.lot, 0, -0.1f);
  INFO("best " << file.plies[shown - 1].best() << ": without " << describe(a) << ", with " << describe(b));
  CHECK_FALSE(near(a, b, 20));
  // The ring around it is the ghost's white.
  CHECK(near(at_lot(with, view.scene(), best.lot, 0, -0.455f), sf::Color(0xf4, 0xf4, 0xf4), 40));
}

TEST_CASE("what the better move changes: scores along both lines, then the street network right after it", "[unit]") {
  // seed-1 at ply 20: Black played RT@F3; the line compared is RT@A2 alone.
  // After RT@A2, A1 (between A2 and B1) would cut a structure off; after
  // RT@F3 it would split the streets instead. The streets differ by the
  // two lots built on.
  auto session = viewer::ReplaySession::open(sample("seed-1.ghlog"), {});
  rpb::PlyReview r;
  r.set_ply(20);
  r.set_points_lost(5);
  r.add_best_line("RT@A2");
  r.add_played_line("RT@F3");
  std::map<std::string, std::pair<std::string, std::string>> changes;
  for (const auto& c : viewer::line_changes(*session, r)) changes[c.key] = {c.value, c.text};
  CHECK(changes["depth"].first == "1");
  CHECK(changes["set.Streets"] ==
        std::pair<std::string, std::string>{"+0", "Streets: only after the better move F3; only after the move played A2"});
  CHECK(changes["set.Lots that would cut a structure off"] ==
        std::pair<std::string, std::string>{"+1", "Lots that would cut a structure off: only after the better move A1"});
  CHECK(changes["set.Lots that would split the streets"] ==
        std::pair<std::string, std::string>{"-1", "Lots that would split the streets: only after the move played A1"});
  // The move lost nothing: nothing to say.
  r.set_points_lost(0);
  CHECK(viewer::line_changes(*session, r).empty());
}
