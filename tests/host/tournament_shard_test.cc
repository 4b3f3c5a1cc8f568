// Tournaments in shards: the slices, N shards run as separate processes at
// once and merged against one uninterrupted run (the same results.json but
// for the wall-clock seconds, the same table), a shard resumed, and every
// refusal of merge and of a shard with a clear message.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <fmt/core.h>
#include <regex>

#include "gamehost/play/shard.h"
#include "gamehost/play/tournament.h"
#include "test_support.h"

namespace fs = std::filesystem;
using gamehost::Shard;

namespace {

// The table printed between "Results:" and "Table and games:".
std::string table_of(const std::string& out) {
  const auto from = out.find('\n', out.find("Results: "));
  return out.substr(from, out.find("Table and games:") - from);
}

int wait_for(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::vector<std::string> tournament(const std::string& seed, const fs::path& out) {
  return {"tournament", "alien_city", "--agents", "random,greedy,mcts:iters=50", "--games", "4", "--seed", seed,
          "--out", out.string()};
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::string part(const fs::path& dir, int k, int n) {
  return (dir / ("results-" + std::to_string(k) + "-of-" + std::to_string(n) + ".json")).string();
}

}  // namespace

TEST_CASE("shards: K of N slices cover every item once, in order, evenly", "[tournament][shard]") {
  for (int total = 0; total <= 40; ++total)
    for (int n = 1; n <= 12; ++n) {
      int next = 0;
      for (int k = 1; k <= n; ++k) {
        const auto r = gamehost::shard_range(total, Shard{k, n});
        REQUIRE(r.first == next);
        REQUIRE((r.size() == total / n || r.size() == total / n + 1));
        next = r.last;
      }
      REQUIRE(next == total);
    }
  CHECK(gamehost::shard_range(12, Shard{2, 3}).first == 4);
  CHECK(gamehost::shard_range(12, Shard{2, 3}).last == 8);
  CHECK(gamehost::shard_range(2, Shard{1, 3}).size() == 0);
  const auto s = gamehost::parse_shard("3/8", "--shard");
  CHECK((s.index == 3 && s.count == 8));
  CHECK_THROWS_WITH(gamehost::parse_shard("9/8", "--shard"), "--shard '9/8': shard 9 of 8 does not exist (1 <= K <= N)");
  for (const char* bad : {"0/3", "3", "1/0", "a/b", "1/3/4", "-1/3", "1/ 3", ""})
    CHECK_THROWS_WITH(gamehost::parse_shard(bad, "--shard"),
                      std::string("--shard '") + bad +
                          "': give K/N, shard K of N, whole numbers with 1 <= K <= N (e.g. 2/8)");
}

TEST_CASE("shards run at once and merged give the single run's results", "[tournament][shard][cli]") {
  const auto dir = test::temp_dir("tournament-shards");
  const auto t = dir / "t";
  // The single run, then moved aside so that the shards log to the same
  // paths and results.json can be compared byte for byte.
  const auto single = test::run_gamehost(tournament("9", t));
  REQUIRE(single.exit_code == 0);
  fs::rename(t, dir / "single");
  const std::string expected = test::read_file(dir / "single" / "results.json");
  REQUIRE(expected.find("\"games_finished\": 12,") != std::string::npos);

  std::vector<pid_t> shards;
  for (const char* k : {"1/3", "2/3", "3/3"}) shards.push_back(test::spawn_gamehost(with(tournament("9", t), {"--shard", k})));
  for (pid_t pid : shards) CHECK(wait_for(pid) == 0);
  std::vector<std::string> logs;
  for (const auto& e : fs::directory_iterator(t / "games")) logs.push_back(e.path().filename().string());
  std::vector<std::string> single_logs;
  for (const auto& e : fs::directory_iterator(dir / "single" / "games")) single_logs.push_back(e.path().filename().string());
  std::sort(logs.begin(), logs.end());
  std::sort(single_logs.begin(), single_logs.end());
  CHECK(logs == single_logs);
  CHECK(test::read_file(t / "tournament.json") == test::read_file(dir / "single" / "tournament.json"));

  // Any order of the files.
  const auto merged = test::run_gamehost({"merge", part(t, 3, 3), part(t, 1, 3), part(t, 2, 3)});
  REQUIRE(merged.exit_code == 0);
  CHECK(merged.err.empty());
  CHECK(test::read_file(t / "results.json") == expected);
  // The clock goes to timing.json: every game's seconds, as its shard measured them.
  const std::string timing = test::read_file(t / "timing.json");
  CHECK(timing.rfind("{\n \"jobs\": 1,\n \"seconds\": ", 0) == 0);
  for (int g = 1; g <= 12; ++g)
    CHECK(timing.find(fmt::format("\"game\": {},\n   \"seconds\": ", g)) != std::string::npos);
  CHECK(table_of(merged.out) == table_of(single.out));
  CHECK(merged.out.rfind("Merged 3 shards of a tournament of alien_city 1.0.0: 12 games\nResults: 12 games in ", 0) == 0);
  CHECK(merged.out.find("Table and games: " + (t / "results.json").string() + "\n") != std::string::npos);

  // --out elsewhere; more shards than games (shard 1/3 of 2 games has none).
  const auto small = [&](const fs::path& out) {
    return std::vector<std::string>{"tournament", "alien_city", "--agents", "random,greedy", "--games", "2",
                                    "--seed", "5", "--out", out.string()};
  };
  const auto s1 = test::run_gamehost(small(dir / "small"));
  REQUIRE(s1.exit_code == 0);
  fs::rename(dir / "small", dir / "small-single");
  for (const char* k : {"1/3", "2/3", "3/3"}) {
    const auto r = test::run_gamehost(with(small(dir / "small"), {"--shard", k}));
    REQUIRE(r.exit_code == 0);
    if (std::string(k) == "1/3") CHECK(r.out.find("Shard 1/3: games 1-0 of 2, 0 played in ") != std::string::npos);
  }
  const auto m2 = test::run_gamehost(
      {"merge", part(dir / "small", 1, 3), part(dir / "small", 2, 3), part(dir / "small", 3, 3), "--out",
       (dir / "small-merged").string()});
  REQUIRE(m2.exit_code == 0);
  CHECK(test::read_file(dir / "small-merged" / "results.json") ==
        test::read_file(dir / "small-single" / "results.json"));
  CHECK(table_of(m2.out) == table_of(s1.out));
}

TEST_CASE("a killed shard resumes its own games only", "[tournament][shard][cli][resume]") {
  const auto dir = test::temp_dir("tournament-shard-resume");
  const auto t = dir / "t";
  for (const char* k : {"1/2", "2/2"}) REQUIRE(test::run_gamehost(with(tournament("9", t), {"--shard", k})).exit_code == 0);
  REQUIRE(test::run_gamehost({"merge", part(t, 1, 2), part(t, 2, 2)}).exit_code == 0);
  const std::string before = test::read_file(t / "results.json");
  // Shard 2/2 as a kill leaves it: no results file, its last game unlogged.
  fs::remove(part(t, 2, 2));
  std::vector<fs::path> logs;
  for (const auto& e : fs::directory_iterator(t / "games")) logs.push_back(e.path());
  std::sort(logs.begin(), logs.end());
  REQUIRE(logs.size() == 12);
  fs::remove(logs.back());
  const auto first_log = test::read_file(logs.front());
  const auto r = test::run_gamehost({"tournament", "--resume", t.string(), "--shard", "2/2"});
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("Shard 2/2: games 7-12 of 12, 6 played in ") != std::string::npos);
  CHECK(fs::exists(logs.back()));
  CHECK(test::read_file(logs.front()) == first_log);
  REQUIRE(test::run_gamehost({"merge", part(t, 1, 2), part(t, 2, 2)}).exit_code == 0);
  CHECK(test::read_file(t / "results.json") == before);
}

TEST_CASE("merge refuses missing, repeated, overlapping and foreign shards", "[tournament][shard][cli]") {
  const auto dir = test::temp_dir("tournament-shard-errors");
  const auto t = dir / "t";
  for (const char* k : {"1/3", "2/3", "3/3"})
    REQUIRE(test::run_gamehost(with(tournament("9", t), {"--shard", k})).exit_code == 0);
  const auto error = [](const std::vector<std::string>& args) {
    const auto r = test::run_gamehost(args);
    CHECK(r.exit_code == 1);
    return r.err;
  };
  CHECK(error({"merge", part(t, 1, 3), part(t, 3, 3)}) ==
        "gamehost: error: games 5-8 of 12 are in none of the files given (missing: the results of shard 2/3)\n");
  CHECK(error({"merge", part(t, 1, 3), part(t, 2, 3)}) ==
        "gamehost: error: games 9-12 of 12 are in none of the files given (missing: the results of shard 3/3)\n");
  fs::copy_file(part(t, 2, 3), dir / "copy.json");
  CHECK(error({"merge", part(t, 1, 3), part(t, 2, 3), (dir / "copy.json").string(), part(t, 3, 3)}) ==
        "gamehost: error: " + (dir / "copy.json").string() + ": shard 2/3 is given twice (also " + part(t, 2, 3) +
            ")\n");

  // Shard 1/2 (games 1-6) beside 2/3 (games 5-8).
  REQUIRE(test::run_gamehost(with(tournament("9", dir / "halves"), {"--shard", "1/2"})).exit_code == 0);
  CHECK(error({"merge", part(dir / "halves", 1, 2), part(t, 2, 3), part(t, 3, 3)}) ==
        "gamehost: error: " + part(t, 2, 3) + ": shard 2/3 overlaps " + part(dir / "halves", 1, 2) +
            " (games 5-6 are in both)\n");

  // Another seed, other agents, another --max-plies.
  REQUIRE(test::run_gamehost(with(tournament("10", dir / "seed10"), {"--shard", "2/3"})).exit_code == 0);
  CHECK(error({"merge", part(t, 1, 3), part(dir / "seed10", 2, 3), part(t, 3, 3)}) ==
        "gamehost: error: " + part(dir / "seed10", 2, 3) + ": a shard of another tournament than " + part(t, 1, 3) +
            " (seed 10, not 9)\n");
  auto other = tournament("9", dir / "agents");
  other[3] = "random,greedy,mcts:iters=60";
  REQUIRE(test::run_gamehost(with(other, {"--shard", "3/3"})).exit_code == 0);
  CHECK(error({"merge", part(t, 1, 3), part(t, 2, 3), part(dir / "agents", 3, 3)}) ==
        "gamehost: error: " + part(dir / "agents", 3, 3) + ": a shard of another tournament than " + part(t, 1, 3) +
            " (agents random greedy mcts:iters=60, not random greedy mcts:iters=50)\n");
  REQUIRE(test::run_gamehost(with(tournament("9", dir / "plies"), {"--shard", "3/3", "--max-plies", "500"})).exit_code ==
          0);
  CHECK(error({"merge", part(t, 1, 3), part(t, 2, 3), part(dir / "plies", 3, 3)}) ==
        "gamehost: error: " + part(dir / "plies", 3, 3) + ": a shard of another tournament than " + part(t, 1, 3) +
            " (--max-plies 500, not 0)\n");

  // Not a shard's results; an interrupted shard; a game that is not the
  // schedule's.
  test::write_file(dir / "single.json", "{\"game\": \"alien_city\"}");
  CHECK(error({"merge", (dir / "single.json").string()})
            .rfind("gamehost: error: " + (dir / "single.json").string() + ": not a tournament shard's results (", 0) ==
        0);
  const std::string text = test::read_file(part(t, 2, 3));
  test::write_file(dir / "cut.json", std::regex_replace(text, std::regex("\"interrupted\": false"), "\"interrupted\": true"));
  CHECK(error({"merge", part(t, 1, 3), (dir / "cut.json").string(), part(t, 3, 3)}) ==
        "gamehost: error: " + (dir / "cut.json").string() +
            ": shard 2/3 was interrupted (4 of its 4 games played); finish it with gamehost tournament --resume " +
            dir.string() + " --shard 2/3\n");
  test::write_file(dir / "seed.json", std::regex_replace(text, std::regex("\"seed\": \"10\""), "\"seed\": \"11\"",
                                                          std::regex_constants::format_first_only));
  CHECK(error({"merge", part(t, 1, 3), (dir / "seed.json").string(), part(t, 3, 3)}) ==
        "gamehost: error: " + (dir / "seed.json").string() +
            ": game 7 is not the game the schedule plays (seed 10, agents 0 and 1)\n");
  CHECK(error({"merge", (dir / "nothing.json").string()}) ==
        "gamehost: error: " + (dir / "nothing.json").string() + ": no such file\n");
}

TEST_CASE("a shard refuses a folder of another tournament and its own games played", "[tournament][shard][cli]") {
  const auto dir = test::temp_dir("tournament-shard-folder");
  const auto t = dir / "t";
  REQUIRE(test::run_gamehost(with(tournament("9", t), {"--shard", "1/3"})).exit_code == 0);
  auto r = test::run_gamehost(with(tournament("9", t), {"--shard", "1/3"}));
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: " + (t / "games" / "g0001-random-vs-greedy-seed9.ghlog").string() +
                     ": already played: shard 1/3 was started in " + t.string() +
                     " before; continue it with gamehost tournament --resume " + t.string() + " --shard 1/3\n");
  r = test::run_gamehost(with(tournament("10", t), {"--shard", "2/3"}));
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: " + (t / "tournament.json").string() + ": " + t.string() +
                     " holds another tournament (this shard has seed 10, not 9); choose another --out\n");
  r = test::run_gamehost({"tournament", "alien_city", "--agents", "random,greedy", "--shard", "1/2"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "gamehost: error: --shard needs --seed S: every shard must play the same schedule\n");
  r = test::run_gamehost({"tournament", "alien_city", "--agents", "random,greedy", "--seed", "1", "--shard", "3/2"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "gamehost: error: --shard '3/2': shard 3 of 2 does not exist (1 <= K <= N)\n");
}
