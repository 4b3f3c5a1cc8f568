// `gamehost puzzles` and `gamehost puzzle` through the real binary and the
// Alien City plugin: a known puzzle mined from a sample game, a right and a
// wrong answer at the terminal, the progress file, and damaged input named.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "gamehost/puzzles/progress.h"
#include "gamehost/puzzles/puzzle_file.h"
#include "test_support.h"

namespace fs = std::filesystem;
namespace pz = gamehost::puzzles;

namespace {

const std::string kGames = std::string(SOURCE_DIR) + "/games";
const std::string kSamples = kGames + "/puzzles/samples.ghpuz";
const std::string kReviews = kGames + "/puzzles/reviews";

std::string read_all(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_all(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

}  // namespace

TEST_CASE("puzzles finds the known puzzle of seed-2 with its best move and gap", "[puzzles]") {
  const auto dir = test::temp_dir("puzzles-mine");
  const auto out = dir / "s2.ghpuz";
  // The review of seed-2 is shipped (games/puzzles/reviews), so only the
  // puzzle search runs here.
  const auto run = test::run_gamehost({"puzzles", test::sample("seed-2.ghlog"), "--reviews", kReviews, "--out",
                                       out.string(), "--playouts", "150", "--verify-playouts", "600", "--jobs", "2"});
  REQUIRE(run.exit_code == 0);
  CHECK_THAT(run.out, Catch::Contains("wrote " + out.string() + ": 2 puzzles from 1 game"));
  const auto set = pz::read_puzzle_set(out);
  CHECK(set.game_id() == "alien_city");
  const pz::ppb::Puzzle* p43 = nullptr;
  for (const auto& p : set.puzzles())
    if (p.id() == "seed-2.ghlog:43") p43 = &p;
  REQUIRE(p43);
  // Ply 43: White built RT@C9 (worth +9 by the solver); the blue dome on B2
  // is worth +23, and every other move 11 or less: a gap of 12, proved.
  CHECK(p43->source_log() == "seed-2.ghlog");
  CHECK(p43->source_ply() == 43);
  CHECK(p43->side() == "White");
  CHECK(p43->played() == "RT@C9");
  REQUIRE(p43->line_size() >= 1);
  CHECK(p43->line(0).best() == "BD@B2");
  CHECK(p43->line(0).exact());
  CHECK(p43->gap() == 12);
  CHECK(p43->second_best() == "RT@A10");
  CHECK(p43->line(0).moves(0).value() == 23);
  // The same set as the shipped one holds for seed-2.
  const auto shipped = pz::read_puzzle_set(kSamples);
  int in_shipped = 0;
  for (const auto& q : shipped.puzzles())
    if (q.source_log() == "seed-2.ghlog") {
      ++in_shipped;
      bool same = false;
      for (const auto& p : set.puzzles()) same = same || p.SerializeAsString() == q.SerializeAsString();
      CHECK(same);
    }
  CHECK(in_shipped == set.puzzles_size());
}

TEST_CASE("puzzle at the terminal: a wrong answer costs its exact points, a right one solves", "[puzzles]") {
  const auto dir = test::temp_dir("puzzle-solve");
  const auto progress = dir / "p.progress";
  // Puzzle 2 of the samples is seed-2's ply 43 (above).
  const auto run = test::run_gamehost({"puzzle", kSamples, "--progress", progress.string(), "--start", "2",
                                       "--no-color"},
                                      "ZZ@Q99\nRT@C9\nhint\nBD@B2\nquit\n");
  REQUIRE(run.exit_code == 0);
  CHECK_THAT(run.out, Catch::Contains("Puzzle 2 of 5: seed-2.ghlog, ply 43 (hard)"));
  CHECK_THAT(run.out, Catch::Contains("White to move: find the move that beats every other by 10 points or more."));
  CHECK_THAT(run.out, Catch::Contains("White> ZZ@Q99: cannot read 'ZZ@Q99' as a decision"));
  CHECK_THAT(run.out, Catch::Contains("White> RT@C9 loses 14 points against the best move. Try again, or type 'hint'."));
  CHECK_THAT(run.out, Catch::Contains("White> Hint: the best move is BD@..."));
  CHECK_THAT(run.out, Catch::Contains("White> BD@B2 is right (proved by the exact solver). Solved!"));
  CHECK_THAT(run.out, Catch::Contains("Puzzle 3 of 5"));
  // The position is the game's before ply 43: `show --ply 42`'s board,
  // whose brackets mark the last move.
  const auto shown = test::run_gamehost({"show", test::sample("seed-2.ghlog"), "--ply", "42", "--no-color"});
  REQUIRE(shown.exit_code == 0);
  auto board_of = [](std::string text, const std::string& from) {
    text = text.substr(text.find(from));
    text = text.substr(0, text.find("Legend:"));
    std::replace(text.begin(), text.end(), '[', ' ');
    std::replace(text.begin(), text.end(), ']', ' ');
    return text;
  };
  CHECK(board_of(run.out.substr(run.out.find("Puzzle 2 of 5")), "to-move:") == board_of(shown.out, "to-move:"));
  CHECK_THAT(run.out, Catch::Contains("Progress: 0 solved, 1 failed, streak 0 (best 0)"));
  // Solved after a wrong answer counts as failed.
  CHECK(read_all(progress) == "# gamehost puzzle progress (docs/teaching.md)\nstreak 0\nbest-streak 0\n"
                              "failed seed-2.ghlog:43\n");
}

TEST_CASE("puzzle keeps solved, failed and the streak in the progress file", "[puzzles]") {
  const auto dir = test::temp_dir("puzzle-progress");
  // The default file lives under $XDG_STATE_HOME.
  ::setenv("XDG_STATE_HOME", (dir / "state").c_str(), 1);
  const fs::path file = dir / "state" / "gamehost" / "puzzles.progress";
  auto run = test::run_gamehost({"puzzle", kSamples, "--start", "2", "--no-color"}, "BD@B2\nquit\n");
  REQUIRE(run.exit_code == 0);
  CHECK(read_all(file) == "# gamehost puzzle progress (docs/teaching.md)\nstreak 1\nbest-streak 1\n"
                          "solved seed-2.ghlog:43\n");
  // Asking for the solution fails the puzzle and ends the streak; without
  // --start the first puzzle not yet solved comes first.
  run = test::run_gamehost({"puzzle", kSamples, "--no-color"}, "solution\nquit\n");
  REQUIRE(run.exit_code == 0);
  CHECK_THAT(run.out, Catch::Contains("Puzzle 1 of 5: seed-1.ghlog, ply 2"));
  CHECK_THAT(run.out, Catch::Contains("The solution: claim@G3 (the game went decline)."));
  const auto p = pz::read_progress(file);
  CHECK(p.solved() == 1);
  CHECK(p.failed() == 1);
  CHECK(p.streak == 0);
  CHECK(p.best_streak == 1);
  ::unsetenv("XDG_STATE_HOME");
}

TEST_CASE("damaged puzzle and progress files are named with the line", "[puzzles]") {
  const auto dir = test::temp_dir("puzzle-bad");
  const auto bad = dir / "bad.ghpuz";
  std::string text = read_all(kSamples);
  write_all(bad, text.substr(0, text.find("  side:")) + "  side: White\n");
  auto run = test::run_gamehost({"puzzle", bad.string()});
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.err, Catch::Contains(bad.string() + ": line 18, column 9:"));
  write_all(bad, "format_version: 7\ngame_id: \"alien_city\"\n");
  run = test::run_gamehost({"puzzle", bad.string()});
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.err, Catch::Contains(bad.string() + ": format_version 7 (this gamehost reads 1)"));
  run = test::run_gamehost({"puzzle", (dir / "none.ghpuz").string()});
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.err, Catch::Contains("none.ghpuz"));
  const auto progress = dir / "p.progress";
  write_all(progress, "streak 1\nbest-streak x\n");
  run = test::run_gamehost({"puzzle", kSamples, "--progress", progress.string()}, "quit\n");
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.err, Catch::Contains(progress.string() + ": line 2: 'x' is not a whole number"));
  // A game without points gives no puzzles.
  run = test::run_gamehost({"puzzles", test::sample("connect_four-seed-1.ghlog"), "--out",
                            (dir / "c4.ghpuz").string()});
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.err, Catch::Contains("connect_four-seed-1.ghlog: puzzles need a game that keeps points"));
}
