// Isolated plugins end to end through the gamehost binary: a failing plugin
// ends the game as a recorded fault, the log keeps every ply and verifies as
// faulted, a tournament records the game and goes on, `games` reports the
// bad file and lists the rest, and a game too long is stopped.
#include <catch2/catch.hpp>

#include "gamehost/records/game_log.h"
#include "isolation_support.h"
#include "test_support.h"

namespace {

const std::string kPlugins = TEST_PLUGIN_DIR;

test::Run play_fault_game(const std::string& mode, const std::filesystem::path& log, bool isolate = true) {
  test::FaultEnv env(mode.c_str());
  std::vector<std::string> args{"--plugins", kPlugins, "--call-timeout",
                                std::to_string(test::fault_timeout_seconds(mode))};
  if (isolate) args.push_back("--isolate");
  for (const char* a : {"play", "fault_game", "--player1", "random", "--player2", "random", "--seed", "1", "-q"})
    args.push_back(a);
  args.push_back("--out");
  args.push_back(log.string());
  return test::run_gamehost(args);
}

}  // namespace

TEST_CASE("play: a plugin crashing mid-game ends it as a recorded fault", "[isolation][cli]") {
  const auto dir = test::temp_dir("iso-play");
  const auto log = dir / "crash.ghlog";
  const auto r = play_fault_game("crash:apply:3", log);
  CHECK(r.exit_code == 3);
  CHECK(r.out == "Fault Game 1.0.0, seed 1: First = random, Second = random\n\n"
                 "Stopped by a fault after 2 plies: fault_game: Apply at ply 3: crashed (signal 11, Segmentation "
                 "fault)\nLog: " + log.string() + " (every ply kept)\n");
  CHECK(r.err == "gamehost: fault: fault_game: Apply at ply 3: crashed (signal 11, Segmentation fault)\n");
  const auto game = gamehost::read_log(log);
  CHECK(game.record.plies_size() == 2);
  CHECK_FALSE(game.finished());
  REQUIRE(game.faulted());
  CHECK(game.record.fault().plugin() == "fault_game");
  CHECK(game.record.fault().call() == "Apply");
  CHECK(game.record.fault().ply() == 3);
  CHECK(game.record.fault().what() == "crashed (signal 11, Segmentation fault)");
  const auto v = test::run_gamehost({"--plugins", kPlugins, "verify", log.string()});
  CHECK(v.exit_code == 3);
  CHECK(v.out == log.string() + ": faulted: fault_game 1.0.0, seed 1, 2 plies verified, no result: stopped by a "
                                "fault: fault_game: Apply at ply 3: crashed (signal 11, Segmentation fault)\n");
}

TEST_CASE("play: hangs, garbage, oversized replies and exceptions are faults with their message",
          "[isolation][cli]") {
  const auto dir = test::temp_dir("iso-kinds");
  const std::pair<const char*, std::string> cases[] = {
      {"hang:apply:2", "after 1 ply: fault_game: Apply at ply 2: timed out (no answer within 1 s; stopped)"},
      {"garbage:apply:2", "after 1 ply: fault_game: Apply at ply 2: sent an unreadable reply (not a "
                          "gamehost.v1.ApplyResponse)"},
      // The first Query is the last one, for the scores.
      {"oversized:query:1", "after 6 plies: fault_game: Query at ply 6: sent an oversized reply (83886080 bytes, "
                            "the limit is 67108864)"},
      {"throw:apply", "after 0 plies: fault_game: Apply at ply 1: failed with an internal error (fault_game "
                      "plugin: boom)"},
      {"abort:apply:4", "after 3 plies: fault_game: Apply at ply 4: crashed (signal 6, Aborted)"},
  };
  int n = 0;
  for (const auto& [mode, text] : cases) {
    const auto log = dir / (std::to_string(n++) + ".ghlog");
    const auto r = play_fault_game(mode, log);
    CHECK(r.exit_code == 3);
    CHECK_THAT(r.out, Catch::Contains("Stopped by a fault " + text + "\n"));
    CHECK(gamehost::read_log(log).faulted());
  }
  // NewGame gives no state to record: no log.
  const auto r = play_fault_game("exit:newgame", dir / "none.ghlog");
  CHECK(r.exit_code == 3);
  CHECK(r.err == "gamehost: fault: fault_game: NewGame: exited (status 7)\n");
  CHECK_THAT(r.out, Catch::Contains("No log: " + (dir / "none.ghlog").string() +
                                    " was not created: the plugin faulted in NewGame, before the game had a state "
                                    "to record\n"));
  CHECK_FALSE(std::filesystem::exists(dir / "none.ghlog"));
}

TEST_CASE("play: a game past its maximum length is stopped as a fault", "[isolation][cli][max_plies]") {
  const auto dir = test::temp_dir("iso-length");
  const auto r = play_fault_game("endless", dir / "endless.ghlog", /*isolate=*/false);
  CHECK(r.exit_code == 3);
  CHECK_THAT(r.out, Catch::Contains("Stopped by a fault after 9 plies: fault_game: exceeded 9 plies\n"));
  CHECK(gamehost::read_log(dir / "endless.ghlog").record.plies_size() == 9);
  const auto log = dir / "short.ghlog";
  const auto a = test::run_gamehost({"play", "alien_city", "--player1", "random", "--player2", "random", "--seed",
                                     "3", "-q", "--max-plies", "4", "--out", log.string()});
  CHECK(a.exit_code == 3);
  CHECK_THAT(a.out, Catch::Contains("Stopped by a fault after 4 plies: alien_city: exceeded 4 plies\n"));
  const auto v = test::run_gamehost({"verify", log.string()});
  CHECK(v.exit_code == 3);
  CHECK(v.out == log.string() + ": faulted: alien_city 1.0.0, seed 3, 4 plies verified, no result: stopped by a "
                                "fault: alien_city: exceeded 4 plies\n");
  const auto s = test::run_gamehost({"show", log.string()});
  CHECK(s.exit_code == 0);
  CHECK_THAT(s.out, Catch::StartsWith("Position after ply 4 of 4 (stopped by a fault: alien_city: exceeded 4 "
                                      "plies)\n"));
}

TEST_CASE("MCTS over an isolated plugin whose Rollout hangs: the game stops at the time limit",
          "[isolation][cli]") {
  const auto dir = test::temp_dir("iso-mcts");
  test::FaultEnv env("hang:rollout");
  const auto r = test::run_gamehost({"--plugins", kPlugins, "--isolate", "--call-timeout", "rollout=1", "play",
                                     "fault_game", "--player1", "mcts:iters=20", "--player2", "random", "--seed",
                                     "1", "-q", "--out", (dir / "m.ghlog").string()});
  CHECK(r.exit_code == 3);
  CHECK(r.err == "gamehost: fault: fault_game: Rollout at ply 1: timed out (no answer within 1 s; stopped)\n");
}

TEST_CASE("tournament: a game stopped by a fault is recorded and the others are played", "[isolation][cli]") {
  const auto dir = test::temp_dir("iso-tournament");
  test::FaultEnv env("crash:apply:12");
  const auto r = test::run_gamehost({"--plugins", kPlugins, "--isolate", "tournament", "fault_game", "--agents",
                                     "random:seed=1,random:seed=2", "--games", "4", "--seed", "1", "--out",
                                     dir.string()});
  CHECK(r.exit_code == 0);
  // The 12th Apply of a runner crashes: in game 2, and again in game 4 from
  // the runner started anew after the crash.
  CHECK_THAT(r.out, Catch::Contains("Results: 2 games in"));
  CHECK_THAT(r.out, Catch::Contains(
                        "Stopped by a fault (2 games, not in the table):\n"
                        "  game 2 seed 1: random:seed=2 vs random:seed=1, after 5 plies: fault_game: Apply at ply 6: "
                        "crashed (signal 11, Segmentation fault)\n"
                        "  game 4 seed 2: random:seed=2 vs random:seed=1, after 5 plies: fault_game: Apply at ply 6: "
                        "crashed (signal 11, Segmentation fault)\n"));
  const std::string json = test::read_file(dir / "results.json");
  CHECK_THAT(json, Catch::Contains("\"games_finished\": 2,\n \"games_faulted\": 2,"));
  CHECK_THAT(json, Catch::Contains("\"fault\": \"fault_game: Apply at ply 6: crashed (signal 11, Segmentation fault)\""));
  const auto v = test::run_gamehost({"--plugins", kPlugins, "verify",
                                     (dir / "games/g0002-random-seed-2-vs-random-seed-1-seed1.ghlog").string()});
  CHECK(v.exit_code == 3);
  CHECK_THAT(v.out, Catch::Contains(": faulted: fault_game 1.0.0, seed 1, 5 plies verified"));
}

TEST_CASE("a plugin's board and analysis texts reach the terminal with their control characters visible",
          "[isolation][cli][escape][harden]") {
  const auto dir = test::temp_dir("iso-hostile");
  const auto log = dir / "hostile.ghlog";
  const auto played = play_fault_game("hostile", log, /*isolate=*/false);
  REQUIRE(played.exit_code == 0);
  test::FaultEnv env("hostile");
  const auto show = test::run_gamehost({"--plugins", kPlugins, "show", log.string(), "--ply", "2"});
  const auto analyze = test::run_gamehost({"--plugins", kPlugins, "analyze", log.string(), "--ply", "2"});
  for (const auto* r : {&played, &show, &analyze}) {
    CHECK(r->out.find('\x1b') == std::string::npos);
    CHECK(r->out.find('\a') == std::string::npos);
    CHECK(r->out.find("\xc2\x9b") == std::string::npos);  // CSI as one character (U+009B)
  }
  for (const auto* r : {&show, &analyze}) {
    CHECK_THAT(r->out, Catch::Contains("pile\\e]0;OWNED\\a\\e[2J "));
    CHECK_THAT(r->out, Catch::Contains("\nend\\u009b\n"));
  }
  CHECK_THAT(analyze.out, Catch::Contains(" left\\e[31m\n"));
}

TEST_CASE("games: a plugin that crashes while describing itself is reported, the rest listed",
          "[isolation][cli]") {
  test::FaultEnv env("crash:describe");
  const auto r = test::run_gamehost({"--plugins", kPlugins, "games"});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("\n  alien_city    Alien City 1.0.0"));
  CHECK_THAT(r.out, Catch::Contains("\n  city_planning City Planning 1.0.0"));
  CHECK_THAT(r.out, Catch::Contains("Not usable:\n  " + kPlugins +
                                    "/fault_game.so: crashed while describing itself: signal 11, Segmentation "
                                    "fault\n"));
  // verify of an Alien City log never touches the bad file.
  const auto v = test::run_gamehost({"--plugins", kPlugins, "verify", SOURCE_DIR "/games/samples/seed-1.ghlog"});
  CHECK(v.exit_code == 0);
  CHECK_THAT(v.out, Catch::Contains(": OK: alien_city"));
}

TEST_CASE("gamehost-plugin-runner --help says what it is and that users do not run it", "[isolation][cli]") {
  // Beside gamehost, where the host looks for it.
  const std::string runner = (std::filesystem::path(GAMEHOST_BIN).parent_path() / "gamehost-plugin-runner").string();
  for (const char* flag : {"--help", "-h"}) {
    const auto r = test::run_program(runner, {flag});
    INFO(flag);
    CHECK(r.exit_code == 0);
    CHECK(r.err.empty());
    CHECK(r.out.rfind(std::string("gamehost-plugin-runner ") + GAMEHOST_VERSION +
                          ": runs one game plugin in a process of its own for gamehost\n", 0) == 0);
    CHECK(r.out.find("users do not run it by hand.\n") != std::string::npos);
  }
  const auto version = test::run_program(runner, {"--version"});
  CHECK(version.exit_code == 0);
  CHECK(version.out == std::string("gamehost-plugin-runner ") + GAMEHOST_VERSION + "\n");
  // Without its one argument: the usage line, exit 2.
  const auto bare = test::run_program(runner, {});
  CHECK(bare.exit_code == 2);
  CHECK(bare.err == "usage: gamehost-plugin-runner PLUGIN.so (started by gamehost; see --help)\n");
}
