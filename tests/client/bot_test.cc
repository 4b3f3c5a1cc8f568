// `gamehost bot` against `gamehost serve`: whole Alien City games, a bot
// against a server engine and a bot against another bot, every log
// verified; and the refusals a bot gives before it plays.
#include <catch2/catch.hpp>

#include "client_process.h"

using namespace client_test;
using namespace std::chrono_literals;

namespace {

// The game a `play --connect` that only creates and watches made.
std::string created_game(Process& creator) { return creator.wait_for(R"(Created Alien City game (\S+) on)", 30s)[1]; }

std::string result_of(Process& p) { return p.wait_for(R"(Game over \([^)]*\): ([^\n]+))", 120s)[1]; }

}  // namespace

TEST_CASE("a bot plays a whole Alien City game against the server's engine") {
  Server server("bot-vs-engine");
  Process creator({"play", "--connect", server.url(), "alien_city", "--seed", "3", "--player1", "open", "--player2",
                   "random", "--no-color"});
  const std::string game = created_game(creator);
  Process bot({"bot", "--server", server.url(), "--agent", "mcts:iters=60", "--accept", "alien_city", "--games", "1"});
  const std::string bot_line = bot.wait_for(R"(Game (\S+) over after (\d+) plies \(GAME_OVER_BY_RULES\): ([^\n]+))", 120s)[0];
  CHECK(bot.wait() == 0);
  CHECK(bot.output().find("Joined " + game + " as seat 1") != std::string::npos);
  const std::string result = result_of(creator);
  CHECK(creator.wait() == 0);
  CHECK(bot_line.find(result) != std::string::npos);
  const Ran verified = run_gamehost({"verify", server.log_of(game).string()});
  CHECK(verified.status == 0);
  INFO(verified.out);
  CHECK(verified.out.find(result) != std::string::npos);
}

TEST_CASE("two bots play each other on a server, and each stops after its games") {
  Server server("bot-vs-bot");
  Process creator({"play", "--connect", server.url(), "alien_city", "--seed", "8", "--player1", "open", "--player2",
                   "open", "--no-color"});
  const std::string game = created_game(creator);
  Process greedy({"bot", "--server", server.url(), "--agent", "greedy", "--games", "1", "--name", "greedy-bot"});
  Process random({"bot", "--server", server.url(), "--agent", "random:seed=4", "--games", "1", "--name", "random-bot"});
  CHECK(greedy.wait(120s) == 0);
  CHECK(random.wait(120s) == 0);
  const std::string result = result_of(creator);
  CHECK(creator.wait() == 0);
  for (Process* bot : {&greedy, &random}) {
    INFO(bot->output());
    CHECK(bot->output().find("Game " + game + " over after") != std::string::npos);
    CHECK(bot->output().find(result) != std::string::npos);
  }
  // One bot on each seat.
  const bool greedy_first = greedy.output().find("as seat 1") != std::string::npos;
  CHECK(random.output().find(greedy_first ? "as seat 2" : "as seat 1") != std::string::npos);
  CHECK(run_gamehost({"verify", server.log_of(game).string()}).status == 0);
}

TEST_CASE("a bot carries on through a server killed with -9 and restarted: it reconnects and finishes") {
  auto server = std::make_unique<Server>("bot-restart");
  const std::string url = server->url();
  const std::string port = url.substr(url.rfind(':') + 1);
  const auto data = server->data();
  Process creator({"play", "--connect", url, "alien_city", "--seed", "12", "--player1", "open", "--player2",
                   "mcts:iters=40", "--no-color"});
  const std::string game = created_game(creator);
  Process bot({"bot", "--server", url, "--agent", "mcts:iters=40", "--games", "1"});
  creator.wait_for(R"(\nPly 6: )", 60s);
  server->process().kill9();
  // The same port and data: the game resumes from its log.
  Process again({"serve", "--port", port, "--data", data.string()});
  again.wait_for("Resumed game " + game, 30s);
  const std::string line = bot.wait_for(R"(Game (\S+) over after (\d+) plies \(GAME_OVER_BY_RULES\))", 120s)[0];
  CHECK(bot.wait() == 0);
  CHECK(bot.output().find("reconnected to ws://127.0.0.1:" + port + "/ws") != std::string::npos);
  CHECK(line.find(game) != std::string::npos);
  CHECK(result_of(creator).size() > 0);
  CHECK(creator.wait() == 0);
  CHECK(run_gamehost({"verify", (data / "games" / (game + ".ghlog")).string()}).status == 0);
}

TEST_CASE("a bot refuses what it cannot play, before it joins anything") {
  Server server("bot-refusals");
  const Ran unknown = run_gamehost({"bot", "--server", server.url(), "--accept", "alien_cty"});
  CHECK(unknown.status == 1);
  CHECK(unknown.out.find("--accept alien_cty: the server hosts no such game (did you mean 'alien_city'?") !=
        std::string::npos);
  const Ran human = run_gamehost({"bot", "--server", server.url(), "--agent", "human"});
  CHECK(human.status == 2);
  CHECK(human.out.find("`gamehost play --connect`") != std::string::npos);
  const Ran bad_url = run_gamehost({"bot", "--server", "localhost:1", "--agent", "random"});
  CHECK(bad_url.status == 1);
  CHECK(bad_url.out.find("--server 'localhost:1': expected ws://HOST:PORT/ws or http://HOST:PORT") != std::string::npos);
}

TEST_CASE("a bot with nobody there says so and exits non-zero") {
  const Ran refused = run_gamehost({"bot", "--server", "ws://127.0.0.1:1/ws", "--reconnect", "0"});
  CHECK(refused.status == 1);
  CHECK(refused.out.find("gamehost: error: cannot connect to ws://127.0.0.1:1/ws: Connection refused") !=
        std::string::npos);
}
