// The gamehost binary end to end: listing, playing and verifying games, bad
// command lines, a human at stdin, and a game killed with SIGKILL.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "alien_city/core/notation.h"
#include "alien_city/core/playout.h"
#include "alien_city/core/rules.h"
#include "alien_city/core/scoring.h"
#include "alien_city/core/diagram.h"
#include "alien_city/core/serialize.h"
#include "alien_city/core/setup.h"
#include "gamehost/records/game_log.h"
#include "test_support.h"

extern char** environ;

TEST_CASE("gamehost games lists the plugin and every unusable file", "[cli]") {
  const auto dir = test::temp_dir("cli-games");
  test::write_file(dir / "notes.so", "hello\n");
  std::filesystem::copy_file(std::string(TEST_PLUGIN_DIR) + "/not_a_plugin.so", dir / "not_a_plugin.so");
  std::filesystem::copy_file(std::string(TEST_PLUGIN_DIR) + "/wrong_version.so", dir / "wrong_version.so");
  const auto r = test::run_gamehost({"games", "--plugins", dir.string()});
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Catch::Contains("  alien_city    Alien City 1.0.0 (interface 2) " + std::string(ALIEN_CITY_PLUGIN) + "\n"));
  CHECK_THAT(r.out, Catch::Contains("    players: Black, White\n"));
  CHECK_THAT(r.out, Catch::Contains("Not usable:\n  " + (dir / "not_a_plugin.so").string() +
                                    ": not a gamehost plugin (no gamehost_interface_version entry point)\n  " +
                                    (dir / "notes.so").string() + ": not a shared library (no ELF header)\n  " +
                                    (dir / "wrong_version.so").string() +
                                    ": interface version 1000, but this host speaks version 2; rebuild the plugin "
                                    "against this host\n"));
}

TEST_CASE("random games through gamehost verify and match the core", "[cli][games]") {
  const auto dir = test::temp_dir("cli-play");
  for (int seed = 1; seed <= 12; ++seed) {
    CAPTURE(seed);
    const auto log_path = (dir / ("seed-" + std::to_string(seed) + ".ghlog")).string();
    const auto played = test::run_gamehost({"play", "alien_city", "--seed", std::to_string(seed), "--player1", "random",
                                  "--player2", "random:seed=" + std::to_string(seed * 7), "--out", log_path});
    REQUIRE(played.exit_code == 0);
    CHECK(played.err.empty());
    const auto log = gamehost::read_log(log_path);
    REQUIRE(log.finished());
    const auto final_state = test::core_replay(log, log.record.plies_size());
    REQUIRE(final_state.is_over());
    // The final board (the core's position, read back) and the score
    // breakdown exactly as the core prints it.
    const std::string board = test::last_board(played.out, "to-move:");
    const auto shown = alien_city::parse_diagram(board);
    REQUIRE(shown.ok());
    CHECK(alien_city::serialize(*shown) == alien_city::serialize(final_state));
    CHECK_THAT(played.out, Catch::Contains(board + "\nScore:\n" +
                                           alien_city::breakdown_to_text(alien_city::score_breakdown(final_state))));
    CHECK_THAT(played.out, Catch::EndsWith("Log: " + log_path + "\n"));
    const auto verified = test::run_gamehost({"verify", log_path});
    CHECK(verified.exit_code == 0);
    CHECK(verified.out == log_path + ": OK: alien_city 1.0.0, seed " + std::to_string(seed) + ", " +
                              std::to_string(log.record.plies_size()) + " plies verified\nResult: " +
                              log.record.result().result() + "\n");
    // Same seeds, same game.
    const auto again = test::run_gamehost({"play", "alien_city", "--seed", std::to_string(seed), "--player1", "random",
                                 "--player2", "random:seed=" + std::to_string(seed * 7), "--no-log"});
    CHECK(again.out.substr(again.out.find('\n')) ==
          played.out.substr(played.out.find('\n'), played.out.rfind("Log: ") - played.out.find('\n')));
  }
}

TEST_CASE("bad command lines and files give exact errors", "[cli][errors]") {
  const auto dir = test::temp_dir("cli-errors");
  auto r = test::run_gamehost({"play", "alien_citi", "--player1", "random", "--player2", "random"});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: unknown game 'alien_citi' (did you mean 'alien_city'? installed: " BUILT_GAMES ")\n");
  r = test::run_gamehost({"play", "alien_city", "--player1", "randon", "--player2", "random", "--no-log"});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: agent 'randon': unknown agent 'randon' (did you mean 'random'? agents: human, random, greedy, mcts)\n");
  r = test::run_gamehost({"play", "alien_city", "--player1", "random", "--no-log"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "gamehost: error: alien_city needs 2 players: give --player2\n");
  r = test::run_gamehost({"play", "alien_city", "--option", "setup=round", "--player1", "random", "--player2", "random", "--no-log"});
  CHECK(r.err == "gamehost: error: alien_city: option setup: 'round' is not one of balanced, piecepack\n");
  r = test::run_gamehost({"play", "alien_city", "--option", "nonsense", "--player1", "random", "--player2", "random", "--no-log"});
  CHECK(r.err == "gamehost: error: --option 'nonsense': expected NAME=VALUE\n");
  r = test::run_gamehost({"play", "alien_city", "--seed", "x", "--player1", "random", "--player2", "random"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--seed"));
  r = test::run_gamehost({"frobnicate"});
  CHECK(r.exit_code == 2);
  r = test::run_gamehost({"verify", (dir / "absent.ghlog").string()});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: " + (dir / "absent.ghlog").string() + ": no such file\n");
  test::write_file(dir / "text.ghlog", "not a log\n");
  r = test::run_gamehost({"verify", (dir / "text.ghlog").string()});
  CHECK(r.err == "gamehost: error: " + (dir / "text.ghlog").string() + ": byte 0, header: not a gamehost log (wrong magic)\n");
  // Refusing to overwrite: the first log stays as it was.
  const auto log = (dir / "once.ghlog").string();
  REQUIRE(test::run_gamehost({"play", "alien_city", "--seed", "1", "--player1", "random", "--player2", "random", "--out", log, "-q"}).exit_code == 0);
  const std::string before = test::read_file(log);
  r = test::run_gamehost({"play", "alien_city", "--seed", "2", "--player1", "random", "--player2", "random", "--out", log, "-q"});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: " + log + ": already exists (use --force to overwrite it)\n");
  CHECK(test::read_file(log) == before);
  for (const char* sub : {"games", "play", "verify", "show", "export", "analyze", "import"}) {
    r = test::run_gamehost({sub, "--help"});
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("Usage:"));
  }
}

TEST_CASE("a human game through stdin: garbage, commands, then end of input", "[cli][human]") {
  const auto dir = test::temp_dir("cli-human");
  const auto log_path = (dir / "human.ghlog").string();
  alien_city::State core(alien_city::balanced_layout(9));
  const auto first = alien_city::legal_actions(core)[5];
  const std::string input = "hello\n\x01\x02\xff\nRT@Z99\nmoves\n" + alien_city::to_notation(first) + "\nscore\n";
  const auto r = test::run_gamehost({"play", "alien_city", "--seed", "9", "--player1", "human", "--player2", "random",
                           "--out", log_path},
                          input);
  CHECK(r.exit_code == 3);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Catch::Contains("Black> Not understood: "));
  CHECK_THAT(r.out, Catch::Contains("   1. Black  " + alien_city::to_notation(first) + "\n"));
  CHECK_THAT(r.out, Catch::Contains("End of input: the game is abandoned.\n"));
  CHECK_THAT(r.out, Catch::Contains("Abandoned after "));
  const auto v = test::run_gamehost({"verify", log_path});
  CHECK(v.exit_code == 3);
  CHECK_THAT(v.out, Catch::Contains(": unfinished: alien_city 1.0.0, seed 9, "));
}

TEST_CASE("after kill -9 mid-game every ply played is in the log", "[cli][crash]") {
  const auto dir = test::temp_dir("cli-kill");
  const auto log_path = (dir / "killed.ghlog").string();
  // Both seats human, fed 12 moves computed with the core; stdin stays open.
  alien_city::State core(alien_city::balanced_layout(21));
  alien_city::Rng rng(4);
  std::string moves;
  for (int i = 0; i < 12; ++i) {
    const auto a = alien_city::random_action(core, rng);
    moves += alien_city::to_notation(a) + "\n";
    alien_city::apply_unchecked(core, a);
  }
  int in[2], out[2];
  REQUIRE(::pipe(in) == 0);
  REQUIRE(::pipe(out) == 0);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in[0], 0);
  posix_spawn_file_actions_adddup2(&fa, out[1], 1);
  for (int fd : {in[0], in[1], out[0], out[1]}) posix_spawn_file_actions_addclose(&fa, fd);
  std::vector<std::string> args{GAMEHOST_BIN, "play", "alien_city", "--seed", "21", "--player1", "human",
                                "--player2", "human", "--out", log_path};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  REQUIRE(posix_spawn(&pid, GAMEHOST_BIN, &fa, nullptr, argv.data(), environ) == 0);
  posix_spawn_file_actions_destroy(&fa);
  ::close(in[0]);
  ::close(out[1]);
  std::thread drain([&] {
    char buf[4096];
    while (::read(out[0], buf, sizeof buf) > 0) {
    }
  });
  REQUIRE(::write(in[1], moves.data(), moves.size()) == static_cast<ssize_t>(moves.size()));
  test::wait_until([&] { return test::plies_so_far(log_path) >= 12; }, std::chrono::seconds(120));
  const int plies = test::plies_so_far(log_path);
  const int status = test::kill_and_reap(pid);
  ::close(in[1]);
  drain.join();
  ::close(out[0]);
  CHECK(WIFSIGNALED(status));
  REQUIRE(plies == 12);
  const auto v = test::run_gamehost({"verify", log_path});
  CHECK(v.exit_code == 3);
  CHECK(v.out == log_path + ": unfinished: alien_city 1.0.0, seed 21, 12 plies verified, no result recorded\n");
}
