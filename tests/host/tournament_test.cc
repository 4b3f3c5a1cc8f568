// Tournaments: the schedule, the table and the Elo fit from small known sets
// of results (the numbers were worked out by hand, see the comments), a
// small random tournament whose logs `gamehost verify` accepts, Ctrl-C on a
// running tournament, and agent typos refused before any game.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fmt/core.h>
#include <chrono>

#include "test_support.h"
#include "gamehost/play/tournament.h"

extern char** environ;

using namespace gamehost;
using Catch::Matchers::Contains;

TEST_CASE("tournament: agent lists split where a new agent starts", "[tournament]") {
  CHECK(split_agent_list("random,greedy") == std::vector<std::string>{"random", "greedy"});
  CHECK(split_agent_list("mcts:time=1,c=1.4,greedy,random:seed=7") ==
        std::vector<std::string>{"mcts:time=1,c=1.4", "greedy", "random:seed=7"});
  CHECK(split_agent_list("mcts:iters=5,threads=2,mcts:iters=9") ==
        std::vector<std::string>{"mcts:iters=5,threads=2", "mcts:iters=9"});
}

TEST_CASE("tournament: round robin with colours swapped on the same seeds", "[tournament]") {
  const auto s = round_robin(3, 4, 100);
  REQUIRE(s.size() == 12);  // 3 pairings x 4 games
  // Round 0: pairings in order, lower index first, seed 100; round 1 the
  // same seed with colours swapped; rounds 2-3 on seed 101.
  CHECK((s[0].agent[0] == 0 && s[0].agent[1] == 1 && s[0].seed == 100));
  CHECK((s[2].agent[0] == 1 && s[2].agent[1] == 2));
  CHECK((s[3].agent[0] == 1 && s[3].agent[1] == 0 && s[3].seed == 100));
  CHECK((s[6].agent[0] == 0 && s[6].agent[1] == 1 && s[6].seed == 101));
  CHECK((s[11].agent[0] == 2 && s[11].agent[1] == 1 && s[11].seed == 101));
}

TEST_CASE("tournament: Elo fit checked by hand", "[tournament][elo]") {
  // Two agents, A scores 3 of 4: p = 0.75, difference 400 log10(3) = 190.85,
  // so +-95.42 around the mean. Information k^2 n p(1-p) with k = ln10/400:
  // var(A) = 1/(4 k^2 0.75) -> standard error 400/(ln10 sqrt 3) = 100.29.
  auto fit = fit_elo(2, {{0, 1, 3.0, 4}});
  CHECK_FALSE(fit.prior);
  CHECK(fit.rating[0] == Approx(95.424).epsilon(1e-4));
  CHECK(fit.rating[1] == Approx(-95.424).epsilon(1e-4));
  CHECK(fit.stderr_[0] == Approx(100.29).epsilon(1e-4));
  // Three agents, every pairing 2-2: all 0; the information is k^2 times the
  // Laplacian of a triangle, whose pseudo-inverse has 2/(9 k^2) on the
  // diagonal -> standard error sqrt(2)/(3k) = 81.89.
  fit = fit_elo(3, {{0, 1, 2, 4}, {1, 2, 2, 4}, {0, 2, 2, 4}});
  for (int i = 0; i < 3; ++i) {
    CHECK(fit.rating[i] == Approx(0).margin(1e-6));
    CHECK(fit.stderr_[i] == Approx(81.89).epsilon(1e-3));
  }
  // A never loses: no finite maximum, so one virtual draw joins the pairing:
  // 4.5 of 5, p = 0.9, difference 400 log10(9) = 381.70 -> +-190.85.
  fit = fit_elo(2, {{0, 1, 4, 4}});
  CHECK(fit.prior);
  CHECK(fit.rating[0] == Approx(190.85).epsilon(1e-4));
  // Transitive results A > B > C, each 3 of 4 and A-C 2 of 2 never happens
  // in a round robin; a chain A 3/4 vs B, B 3/4 vs C, A 3/4 vs C: the fit is
  // symmetric around B, which sits at 0.
  fit = fit_elo(3, {{0, 1, 3, 4}, {1, 2, 3, 4}, {0, 2, 3, 4}});
  CHECK(fit.rating[1] == Approx(0).margin(1e-6));
  CHECK(fit.rating[0] == Approx(-fit.rating[2]).epsilon(1e-9));
  CHECK(fit.rating[0] > 95.0);
}

TEST_CASE("tournament: the table from known games, checked by hand", "[tournament][table]") {
  const std::vector<std::string> agents{"a", "b"};
  auto game = [](int i, int first, double s0, double s1) {
    GameOutcome g;
    g.index = i;
    g.agent[0] = first, g.agent[1] = 1 - first;
    g.scores[0] = s0, g.scores[1] = s1;
    g.returns[0] = (s0 > s1) - (s0 < s1), g.returns[1] = -g.returns[0];
    return g;
  };
  // a first, wins 50-30; b first, a wins 40-35; a first, b wins 20-30;
  // b first, draw 25-25.
  const std::vector<GameOutcome> games{game(0, 0, 50, 30), game(1, 1, 35, 40), game(2, 0, 20, 30), game(3, 1, 25, 25)};
  const Standings s = standings(agents, games);
  REQUIRE(s.rows.size() == 2);
  const TableRow& a = s.rows[0];
  CHECK(a.name == "a");
  CHECK((a.games == 4 && a.wins == 2 && a.draws == 1 && a.losses == 1));
  CHECK(a.score_for == Approx(33.75));      // (50 + 40 + 20 + 25) / 4
  CHECK(a.score_against == Approx(30.0));   // (30 + 35 + 30 + 25) / 4
  // a scored 2.5 of 4: p = 0.625, difference 400 log10(5/3) = 88.74.
  CHECK(a.elo == Approx(44.37).epsilon(1e-3));
  CHECK(s.rows[1].elo == Approx(-44.37).epsilon(1e-3));
  CHECK(a.elo_high - a.elo == Approx(1.96 * s.elo.stderr_[0]).epsilon(1e-3));
  // First player: 1 win (game 1), 1 draw, 2 losses: 25%, Wilson 95% interval
  // (p + z^2/2n -+ z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n) = 4.6%..69.9%.
  CHECK((s.first_wins == 1 && s.first_draws == 1 && s.first_losses == 2));
  CHECK(s.first_rate == Approx(0.25));
  CHECK(s.first_low == Approx(0.0456).margin(5e-4));
  CHECK(s.first_high == Approx(0.6994).margin(5e-4));
  const std::string text = format_standings(agents, games, s, "Black");
  CHECK_THAT(text, Contains("a vs b: 2-1-1"));
  CHECK_THAT(text, Contains("First player (Black): 1 win, 1 draw, 2 losses in 4 games: win rate 25.0% (95% interval 4.6-69.9%)"));
  CHECK_THAT(text, Contains("+3.75"));
}

TEST_CASE("tournament: random agents' games are logged and verify", "[tournament][cli]") {
  const auto dir = test::temp_dir("tournament-random");
  const auto r = test::run_gamehost({"tournament", "alien_city", "--agents", "random,random:seed=5,greedy", "--games", "2",
                                     "--jobs", "2", "--seed", "11", "--out", (dir / "t").string()});
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Contains("[6/6] game"));  // plain lines: stdout is not a terminal
  CHECK_THAT(r.out, Contains("Results: 6 games"));
  CHECK_THAT(r.out, Contains("random vs random:seed=5: "));
  CHECK_THAT(r.out, Contains("First player (Black): "));
  const std::string json = test::read_file(dir / "t" / "results.json");
  CHECK_THAT(json, Contains("\"games_finished\": 6"));
  CHECK_THAT(json, Contains("\"interrupted\": false"));
  CHECK_THAT(json, Contains("\"elo_low\""));
  int logs = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir / "t" / "games")) {
    ++logs;
    const auto v = test::run_gamehost({"verify", e.path().string()});
    INFO(e.path().string() << ": " << v.out << v.err);
    CHECK(v.exit_code == 0);
    CHECK_THAT(v.out, Contains(": OK: alien_city"));
  }
  CHECK(logs == 6);
  // Same seeds, same games: the first log of a second run is identical but
  // for its times.
  const auto again = test::run_gamehost({"tournament", "alien_city", "--agents", "random,random:seed=5,greedy", "--games",
                                         "2", "--seed", "11", "--out", (dir / "u").string()});
  REQUIRE(again.exit_code == 0);
  const std::string a = test::read_file(dir / "t" / "results.json"), b = test::read_file(dir / "u" / "results.json");
  CHECK(a.substr(a.find("\"table\""), a.find("\"games\": [") - a.find("\"table\"")) ==
        b.substr(b.find("\"table\""), b.find("\"games\": [") - b.find("\"table\"")));
}

TEST_CASE("tournament: an agent typo is refused before any game", "[tournament][cli]") {
  const auto dir = test::temp_dir("tournament-typo");
  auto r = test::run_gamehost({"tournament", "alien_city", "--agents", "random,grredy", "--out", (dir / "t").string()});
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Contains("agent 'grredy': unknown agent 'grredy' (did you mean 'greedy'?"));
  CHECK_FALSE(std::filesystem::exists(dir / "t" / "games"));
  r = test::run_gamehost({"tournament", "alien_city", "--agents", "mcts:tiem=1,random", "--out", (dir / "t").string()});
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Contains("unknown parameter 'tiem' (did you mean 'time'?"));
  r = test::run_gamehost({"tournament", "alien_city", "--agents", "random,human", "--out", (dir / "t").string()});
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Contains("a tournament cannot ask a human"));
}

TEST_CASE("tournament: Ctrl-C keeps the finished games and prints the partial table", "[tournament][cli][sigint]") {
  const auto dir = test::temp_dir("tournament-sigint");
  const std::string out_file = (dir / "stdout.txt").string(), err_file = (dir / "stderr.txt").string();
  std::vector<std::string> args{GAMEHOST_BIN, "tournament", "alien_city", "--agents", "mcts:iters=2000,random",
                                "--games",    "40",         "--seed",     "3",        "--out",
                                (dir / "t").string()};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&fa, 2, err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  REQUIRE(posix_spawn(&pid, GAMEHOST_BIN, &fa, nullptr, argv.data(), environ) == 0);
  posix_spawn_file_actions_destroy(&fa);
  // Wait for two finished games, then interrupt the third.
  test::wait_until([&] { return test::read_file(out_file).find("[2/40]") != std::string::npos; },
                   std::chrono::seconds(120));
  REQUIRE(::kill(pid, SIGINT) == 0);
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  const std::string out = test::read_file(out_file);
  INFO(out << test::read_file(err_file));
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 130);
  CHECK_THAT(out, Contains("Interrupted: "));
  CHECK_THAT(out, Contains("of 40 games finished"));
  CHECK_THAT(out, Contains("mcts:iters=2000 vs random: "));
  const std::string json = test::read_file(dir / "t" / "results.json");
  CHECK_THAT(json, Contains("\"interrupted\": true"));
  // Every kept log is a finished game that verifies; the one cut short is gone.
  int logs = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir / "t" / "games")) {
    ++logs;
    const auto v = test::run_gamehost({"verify", e.path().string()});
    INFO(e.path().string() << ": " << v.out << v.err);
    CHECK(v.exit_code == 0);
  }
  CHECK(logs >= 2);
  CHECK(logs < 40);
  CHECK_THAT(json, Contains(fmt::format("\"games_finished\": {}", logs)));
}
