// Issue 35's honest estimates through the real binary and plugins: every
// estimate carries its error, a planted bad claim is flagged, and a move
// whose value overlaps the best move's within their errors is "unclear".
#include <catch2/catch.hpp>

#include <cmath>
#include <fmt/core.h>

#include "gamehost/review/review_file.h"
#include "test_support.h"

namespace fs = std::filesystem;
namespace rpb = gamehost::review::v1;
using gamehost::review::read_review;

namespace {

const std::string kPlantedPosition = std::string(SOURCE_DIR) + "/games/positions/planted-claim.txt";

// A log of one decision from the planted-claim position.
fs::path planted_log(const fs::path& dir, const std::string& move) {
  const fs::path moves = dir / "moves.txt";
  std::FILE* f = std::fopen(moves.c_str(), "w");
  REQUIRE(f);
  std::fputs((move + "\n").c_str(), f);
  std::fclose(f);
  const fs::path log = dir / "planted.ghlog";
  const auto entered = test::run_gamehost({"enter", "alien_city", "--option-file", "position=" + kPlantedPosition,
                                           moves.string(), "--out", log.string(), "--force"});
  // 3: a game not finished (docs/gamehost.md, enter).
  REQUIRE(entered.exit_code == 3);
  return log;
}

}  // namespace

TEST_CASE("a planted claim on the worse tower is flagged, the better claim is best", "[truth]") {
  const auto dir = test::temp_dir("review-planted-claim");
  SECTION("claim@E6, about 19 points below claim@C4") {
    const auto log = planted_log(dir, "claim@E6");
    const auto run = test::run_gamehost({"review", log.string(), "--format", "none", "--quiet"});
    REQUIRE(run.exit_code == 0);
    const auto review = read_review(dir / "planted.ghreview");
    REQUIRE(review.plies.size() == 1);
    const rpb::PlyReview& p = review.plies[0];
    CHECK(p.played() == "claim@E6");
    CHECK(p.best() == "claim@C4");
    CHECK((p.move_class() == rpb::MISTAKE || p.move_class() == rpb::BLUNDER));
    CHECK(p.rechecked());
    CHECK(p.points_lost() > 7);
    CHECK(p.lost_error() > 0);
    CHECK(p.points_lost() > review.header.settings().error_width() * (p.before_error() + p.after_error()));
  }
  SECTION("claim@C4 is the best of the four options") {
    const auto log = planted_log(dir, "claim@C4");
    const auto run = test::run_gamehost({"review", log.string(), "--format", "none", "--quiet"});
    REQUIRE(run.exit_code == 0);
    const auto review = read_review(dir / "planted.ghreview");
    REQUIRE(review.plies.size() == 1);
    CHECK(review.plies[0].move_class() == rpb::BEST);
  }
}

TEST_CASE("every estimate carries its error, shown as ± in the table and kept in JSON", "[truth]") {
  const auto dir = test::temp_dir("review-errors");
  const fs::path log = dir / "seed-1.ghlog";
  fs::copy_file(std::string(SOURCE_DIR) + "/games/samples/seed-1.ghlog", log);
  // Few iterations: wide errors, so that some verdicts must be unclear.
  const auto run = test::run_gamehost({"review", log.string(), "--iters", "400", "--solver-nodes", "0"});
  REQUIRE(run.exit_code == 0);
  const auto review = read_review(dir / "seed-1.ghreview");
  REQUIRE(review.plies.size() == 47);
  const auto& s = review.header.settings();
  CHECK(s.error_width() == 1);
  CHECK(s.recheck_factor() == 2);
  int unclear = 0, estimated_losses = 0;
  for (const auto& p : review.plies) {
    INFO("ply " << p.ply());
    CHECK(!p.before().exact());
    if (p.move_class() == rpb::BEST || p.move_class() == rpb::FORCED) continue;
    ++estimated_losses;
    CHECK(p.lost_error() > 0);
    CHECK(p.lost_error() == Approx(std::hypot(p.before_error(), p.after_error())));
    CHECK_THAT(run.out, Catch::Contains(fmt::format("{:.1f}±{:.1f}", p.points_lost(), p.lost_error())));
    const bool overlap = p.points_lost() <= s.error_width() * (p.before_error() + p.after_error());
    if (p.move_class() == rpb::UNCLEAR) {
      ++unclear;
      // Unclear only where a mistake or blunder was at stake, after the recheck.
      CHECK(p.rechecked());
      CHECK(p.points_lost() >= s.mistake());
      CHECK(overlap);
      CHECK_THAT(run.out, Catch::Contains(fmt::format("{:<9} {:.1f}±{:.1f}  unclear\n", p.best(), p.points_lost(),
                                                      p.lost_error())));
    }
    if (p.move_class() == rpb::MISTAKE || p.move_class() == rpb::BLUNDER) {
      CHECK(p.rechecked());
      CHECK(!overlap);
    }
  }
  CHECK(estimated_losses > 10);
  CHECK(unclear > 0);
  CHECK_THAT(run.out, Catch::Contains(fmt::format(", unclear ")));

  const auto json = test::run_gamehost({"review", log.string(), "--iters", "400", "--solver-nodes", "0", "--format",
                                        "json", "--quiet"});
  REQUIRE(json.exit_code == 0);
  CHECK_THAT(json.out, Catch::Contains("\"lost_error\":") && Catch::Contains("\"after_error\":") &&
                           Catch::Contains("\"UNCLEAR\""));
}

TEST_CASE("a review of an unfinished log ends at its last decision", "[truth]") {
  // The exact walk once read past the end of an unfinished log's positions.
  const auto dir = test::temp_dir("review-unfinished");
  const auto log = planted_log(dir, "decline");
  const auto run = test::run_gamehost({"review", log.string(), "--iters", "200", "--format", "none", "--quiet"});
  CHECK(run.exit_code == 0);
}
