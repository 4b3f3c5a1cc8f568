// `gamehost analyze --live` (docs/gamehost.md): the engine searched in the
// background, its best three moves printed as they change. An endgame the
// solver proves is printed exact at once (the command stops by itself, so
// --for 2 only guards a hang); --then plays a variation first; a finished
// game is refused; --threads searches with root-parallel trees.
#include <catch2/catch.hpp>

#include <algorithm>
#include <thread>

#include "test_support.h"

using test::run_gamehost;

namespace {

using test::sample;

}  // namespace

TEST_CASE("analyze --live: a proved endgame's best moves, exact, also after --then", "[live]") {
  const auto r = run_gamehost({"analyze", sample("seed-1.ghlog"), "--ply", "44", "--live", "--for", "2"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out ==
        "Position after ply 44 of 47\n"
        "searching; the best three moves, refreshed (Ctrl-C stops)\n"
        "exact (endgame solver):\n"
        "  1. KD@A2  margin +49.0  win 100%  exact\n"
        "  2. KD@A4  margin +36.0  win 100%  exact\n"
        "stopped\n");
  // The same position as a variation of ply 43 (its recorded move typed).
  const auto then = run_gamehost({"analyze", sample("seed-1.ghlog"), "--ply", "43", "--live", "--then", "BD@H9",
                                  "--for", "2"});
  INFO(then.err);
  REQUIRE(then.exit_code == 0);
  CHECK(then.out.find("Position after ply 43 of 47, then BD@H9\n") == 0);
  CHECK(then.out.find("  1. KD@A2  margin +49.0  win 100%  exact\n") != std::string::npos);
}

TEST_CASE("analyze --live: a search that cannot be proved shows visits; a finished game is refused", "[live]") {
  // Stopped by its first refresh, whatever the machine's speed.
  const auto r =
      run_gamehost({"analyze", sample("connect_four-seed-1.ghlog"), "--ply", "4", "--live", "--iterations", "1"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("after ") != std::string::npos);
  CHECK(r.out.find(" visits)\n") != std::string::npos);
  const auto over = run_gamehost({"analyze", sample("seed-1.ghlog"), "--live", "--for", "1"});
  CHECK(over.exit_code == 1);
  CHECK(over.err.find("analyze --live: the game is over: ") != std::string::npos);
  const auto bad = run_gamehost({"analyze", sample("seed-1.ghlog"), "--ply", "43", "--live", "--then", "BD@Z9"});
  CHECK(bad.exit_code == 1);
  CHECK(bad.err.find("--then BD@Z9: move 1 (BD@Z9): ") != std::string::npos);
}

TEST_CASE("analyze --live --threads: root-parallel trees up to the machine's cores; beyond them refused", "[live]") {
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const auto r = run_gamehost({"analyze", sample("connect_four-seed-1.ghlog"), "--ply", "4", "--live", "--threads",
                               std::to_string(cores), "--iterations", "1"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find(" visits)\n") != std::string::npos);
  for (const std::string& n : {std::string("0"), std::to_string(cores + 1)}) {
    const auto bad = run_gamehost({"analyze", sample("connect_four-seed-1.ghlog"), "--ply", "4", "--live",
                                   "--threads", n});
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("--threads " + n + ": give 1 to " + std::to_string(cores) + " (this machine's cores)") !=
          std::string::npos);
  }
}
