// Bad input at the edges (issue 11): numbers, text, command lines. Each case
// gets its exact message and exit status from the real gamehost.
#include <catch2/catch.hpp>
#include <fmt/core.h>

#include "test_support.h"

namespace {

void refused(const std::vector<std::string>& args, int code, const std::string& message) {
  CAPTURE(args);
  const auto r = test::run_gamehost(args);
  CHECK(r.exit_code == code);
  CHECK(r.out.empty());
  CHECK(r.err == "gamehost: error: " + message + "\n");
}

std::vector<std::string> play_with(std::vector<std::string> extra) {
  std::vector<std::string> args = {"play", "alien_city", "--player1", "random", "--player2", "random", "--no-log"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

}  // namespace

TEST_CASE("seeds outside 0..2^64-1 are refused, not wrapped or randomised", "[trust][input]") {
  for (const std::string seed : {"-1", "18446744073709551616", "", "12abc", " 5"})
    refused(play_with({"--seed", seed}), 2,
            fmt::format("--seed '{}': not a seed: a whole number 0..18446744073709551615", seed));
  refused({"tournament", "alien_city", "--agents", "random,greedy", "--seed", "-1"}, 2,
          "--seed '-1': not a seed: a whole number 0..18446744073709551615");
  const auto r = test::run_gamehost(play_with({"--seed", "18446744073709551615", "-q"}));
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::StartsWith("Alien City 1.0.0, seed 18446744073709551615: "));
}

TEST_CASE("agent parameters are range-checked with their name and range", "[trust][input]") {
  for (const std::string t : {"inf", "1e300", "nan", "4.9e-324", "-1", "0", "86401"})
    refused({"play", "alien_city", "--player1", "mcts:time=" + t, "--player2", "random", "--no-log"}, 1,
            fmt::format("agent 'mcts:time={}': time must be 0.001..86400 seconds, not '{}'", t, t));
  refused({"play", "alien_city", "--player1", "mcts:iters=100,c=inf", "--player2", "random", "--no-log"}, 1,
          "agent 'mcts:iters=100,c=inf': c must be 0..100, not 'inf'");
  refused({"play", "alien_city", "--player1", "mcts:iters=0", "--player2", "random", "--no-log"}, 1,
          "agent 'mcts:iters=0': iters must be 1..1000000000");
  refused({"play", "alien_city", "--player1", "random:seed=18446744073709551616", "--player2", "random", "--no-log"}, 1,
          "agent 'random:seed=18446744073709551616': seed must be a non-negative integer, not '18446744073709551616'");
  refused({"play", "alien_city", "--player1", "greedy:rollouts=0", "--player2", "random", "--no-log"}, 1,
          "agent 'greedy:rollouts=0': rollouts must be 1..1000000");
}

TEST_CASE("game option values are checked by the host against the game's options", "[trust][input]") {
  refused(play_with({"--option", "setup=round"}), 1, "alien_city: option setup: 'round' is not one of balanced, piecepack");
  refused(play_with({"--option", "stup=balanced"}), 1,
          "alien_city: unknown option 'stup' (did you mean 'setup'? options: setup, layout, position)");
  refused(play_with({"--option", "setup=balanced", "--option", "setup=piecepack"}), 1, "alien_city: option setup: given twice");
  // Invalid UTF-8 never reaches a protobuf message: overlong, surrogate, F5-FF.
  refused(play_with({"--option", "layout=A1\xC0\xAF"}), 1, "--option layout: not UTF-8 text (byte 2)");
  refused(play_with({"--option", "layout=\xED\xA0\x80"}), 1, "--option layout: not UTF-8 text (byte 0)");
  refused(play_with({"--option", "layout=ok \xF5\x80\x80\x80"}), 1, "--option layout: not UTF-8 text (byte 3)");
  refused(play_with({"--option", "lay\xFFout=x"}), 1, "--option name: not UTF-8 text (byte 3)");
  const auto dir = test::temp_dir("edges-utf8");
  test::write_file(dir / "pos.txt", "\xF8\x88\x80\x80\x80");
  refused(play_with({"--position", (dir / "pos.txt").string()}), 1,
          "--position " + (dir / "pos.txt").string() + ": not UTF-8 text (byte 0)");
  // A long value is not echoed in full.
  const std::string long_value(5000, 'x');
  refused(play_with({"--option", "setup=" + long_value}), 1,
          "alien_city: option setup: '" + std::string(40, 'x') + "... (5000 bytes)' is not one of balanced, piecepack");
}

TEST_CASE("typed moves: invalid UTF-8 and long lines are refused by the host", "[trust][input]") {
  const std::string input = std::string("\xE0\x80\xAF\n") + std::string(3000, 'Q') + "\nquit\n";
  const auto r = test::run_gamehost({"play", "alien_city", "--seed", "2", "--player1", "human", "--player2", "random",
                                     "--no-log"},
                                    input);
  CHECK(r.exit_code == 3);
  CHECK_THAT(r.out, Catch::Contains("Black> Not understood: the input is not UTF-8 text (byte 0). Type 'help' for commands.\n"));
  CHECK_THAT(r.out, Catch::Contains("Black> Not understood: a line of 3000 bytes is longer than any move (200 at most). "
                                    "Type 'help' for commands.\n"));
  CHECK(r.out.find(std::string(201, 'Q')) == std::string::npos);
}

TEST_CASE("command-line errors exit 2 and name what was typed", "[trust][input]") {
  refused({"play", "alien_city", "--player1", "random", "--no-log"}, 2, "alien_city needs 2 players: give --player2");
  refused({"play", "alien_city", "--player1", "random", "--player2", "random", "--player3", "random", "--no-log"}, 2,
          "--player3: alien_city has only 2 players");
  refused({"frobnicate"}, 2,
          "unknown subcommand 'frobnicate' (subcommands: games, play, verify, show, analyze, export, import, "
          "tournament, merge, review, enter, annotate, repair, diagram, tour, puzzles, puzzle, check-plugin, serve, bot)");
  refused({"verfy", "x.ghlog"}, 2,
          "unknown subcommand 'verfy' (did you mean 'verify'? subcommands: games, play, verify, show, analyze, "
          "export, import, tournament, merge, review, enter, annotate, repair, diagram, tour, puzzles, puzzle, check-plugin, serve, bot)");
  refused({"play", "alien_citi", "--player1", "random", "--player2", "random"}, 1,
          "unknown game 'alien_citi' (did you mean 'alien_city'? installed: " BUILT_GAMES ")");
  refused({"play", "--player1", "random"}, 2, "play: give a GAME (see gamehost games), or --resume LOG");
  refused(play_with({"--option", "nonsense"}), 2, "--option 'nonsense': expected NAME=VALUE");
  refused({"tournament", "--agents", "random,greedy"}, 2, "tournament: give GAME and --agents A,B,... (or --resume DIR)");
}

TEST_CASE("a plugin answering with a size beyond its buffer is refused before the read", "[trust][input]") {
  const auto dir = test::temp_dir("edges-oversized");
  std::filesystem::copy_file(std::string(TEST_PLUGIN_DIR) + "/oversized_answer.so", dir / "oversized_answer.so");
  const auto r = test::run_gamehost({"games", "--plugins", dir.string()});
  CHECK(r.exit_code == 0);  // listed as not usable; the host does not crash
  CHECK_THAT(r.out, Catch::Contains("Not usable:\n  " + (dir / "oversized_answer.so").string() +
                                    ": sent a malformed reply while describing itself: 4096 bytes, more than the "
                                    "memory its buffer lies in\n"));
}
