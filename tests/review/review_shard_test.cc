// `gamehost review DIR --shard K/N`: the shards' review files are the whole
// run's, byte for byte, and their outputs in shard order are its output.
#include <catch2/catch.hpp>

#include "test_support.h"

namespace fs = std::filesystem;

namespace {

// Three Connect Four games between random players, in `dir`.
void three_games(const fs::path& dir) {
  for (const char* seed : {"1", "2", "3"})
    REQUIRE(test::run_gamehost({"play", "connect_four", "--player1", "random", "--player2", "random", "--seed", seed,
                                "--out", (dir / (std::string("c") + seed + ".ghlog")).string(), "-q"})
                .exit_code == 0);
}

std::vector<std::string> review_command(const fs::path& dir, const std::string& shard = "") {
  std::vector<std::string> args = {"review", dir.string(), "--iters", "30", "--solver-nodes", "0", "--quiet"};
  if (!shard.empty()) args.insert(args.end(), {"--shard", shard});
  return args;
}

}  // namespace

TEST_CASE("a folder reviewed in shards gives the whole review's files and output", "[cli][shard]") {
  const auto whole = test::temp_dir("review-shard-whole");
  three_games(whole);
  const auto all = test::run_gamehost(review_command(whole));
  REQUIRE(all.exit_code == 0);
  REQUIRE(all.out.find("Review of c3.ghlog (connect_four") != std::string::npos);

  for (const int n : {2, 3, 4}) {
    const auto dir = test::temp_dir("review-shard-" + std::to_string(n));
    for (const char* name : {"c1.ghlog", "c2.ghlog", "c3.ghlog"}) fs::copy_file(whole / name, dir / name);
    std::string out;
    for (int k = 1; k <= n; ++k) {
      const auto r = test::run_gamehost(review_command(dir, std::to_string(k) + "/" + std::to_string(n)));
      REQUIRE(r.exit_code == 0);
      out += r.out;
    }
    CHECK(out == all.out);
    for (const char* name : {"c1.ghreview", "c2.ghreview", "c3.ghreview"})
      CHECK(test::read_file(dir / name) == test::read_file(whole / name));
  }

  // Shard 1/2 of three logs is c1 alone; 1/4 none (said on stderr).
  const auto dir = test::temp_dir("review-shard-slices");
  three_games(dir);
  auto r = test::run_gamehost({"review", dir.string(), "--iters", "30", "--solver-nodes", "0", "--format", "none",
                               "--shard", "1/2"});
  CHECK(r.exit_code == 0);
  CHECK(fs::exists(dir / "c1.ghreview"));
  CHECK_FALSE(fs::exists(dir / "c2.ghreview"));
  CHECK_FALSE(fs::exists(dir / "c3.ghreview"));
  r = test::run_gamehost({"review", dir.string(), "--format", "none", "--shard", "1/4"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.empty());
  CHECK(r.err == "review: shard 1/4 holds none of the 3 logs (more shards than logs)\n");
  r = test::run_gamehost({"review", dir.string(), "--shard", "0/4"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "gamehost: error: --shard '0/4': give K/N, shard K of N, whole numbers with 1 <= K <= N (e.g. 2/8)\n");
}
