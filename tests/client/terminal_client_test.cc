// People at terminals on a server (`gamehost play --connect`), driven
// through stdin: a whole game between two terminal clients, and a client
// killed with -9 that comes back with its seat's token.
#include <catch2/catch.hpp>

#include "client_process.h"

using namespace client_test;
using namespace std::chrono_literals;

namespace {

// A person who plays the first legal move whenever prompted: answers each
// new prompt once ("moves", then the first of them). Returns false when
// the process printed "Game over".
struct Player {
  Process& process;
  std::size_t answered = 0;  // the output up to here was answered
  int moves = 0;

  bool step() {
    const std::string out = process.output();
    if (out.find("Game over", answered) != std::string::npos) return false;
    const auto turn = out.find(" to move (", answered);
    const bool prompted = out.size() >= 2 && out.compare(out.size() - 2, 2, "> ") == 0;
    if (turn == std::string::npos || !prompted) return true;
    process.write_line("moves");
    const auto legal = process.wait_for(R"((\d+) legal: (\S+))", 30s, turn);
    const std::string first = legal[2];
    answered = process.output().size();
    process.write_line(first);
    ++moves;
    return true;
  }
};

void play_out(Player& a, Player& b, std::chrono::seconds limit = 120s) {
  const auto until = std::chrono::steady_clock::now() + limit;
  bool a_on = true, b_on = true;
  while (a_on || b_on) {
    if (a_on) a_on = a.step();
    if (b_on) b_on = b.step();
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(10ms);
  }
}

}  // namespace

TEST_CASE("a whole Alien City game between two terminal clients, through stdin") {
  Server server("terminal-game");
  Process ann({"play", "--connect", server.url(), "alien_city", "--seed", "5", "--name", "ann", "--no-color"});
  const std::string game = ann.wait_for(R"(Created Alien City game (\S+) on)")[1];
  ann.wait_for("Your seat's token");
  Process bob({"play", "--connect", server.url(), game, "--name", "bob", "--no-color"});
  bob.wait_for("You play .*in game " + game);
  // The prompts of local play, answered by the server.
  const int first_ply = std::stoi(ann.wait_for(R"(Ply (\d+): \S+ to move \()")[1]) - 1;
  ann.write_line("help");
  ann.wait_for("resign +give up the game");
  ann.write_line("RT@Z99");
  ann.wait_for("Illegal or not understood: ");
  ann.wait_for("> $");
  const std::size_t before_score = ann.output().size();
  ann.write_line("score");
  // The analysis (below the typed line), then the prompt again.
  const std::string score = ann.wait_for(R"(^([\s\S]+?)\S+> $)", 30s, before_score)[1];
  bob.write_line("E3");
  bob.wait_for("Not your turn");
  // A spectator at a terminal asks for an earlier position's analysis.
  Process watcher({"play", "--connect", server.url(), game, "--watch", "--no-color"});
  watcher.wait_for("Alien City game " + game);
  Player a{ann}, b{bob};
  const auto until = std::chrono::steady_clock::now() + 60s;
  while (a.moves + b.moves < 4) {
    REQUIRE(a.step());
    REQUIRE(b.step());
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(10ms);
  }
  watcher.write_line("at 999 score");
  watcher.wait_for("BAD_REQUEST: Analyze.ply 999: game " + game + " has \\d+ plies so far");
  const std::size_t before_at = watcher.output().size();
  watcher.write_line("at " + std::to_string(first_ply) + " score");
  while (watcher.output().find(score, before_at) == std::string::npos) {
    INFO("ply " << first_ply << "'s score as ann saw it:\n" << score << "\nthe watcher's output:\n" << watcher.output());
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(10ms);
  }
  play_out(a, b);
  CHECK(watcher.wait() == 0);
  const std::string result = ann.wait_for(R"(Game over \(played to the end\): ([^\n]+))")[1];
  CHECK(bob.output().find("Game over (played to the end): " + result) != std::string::npos);
  CHECK(ann.wait() == 0);
  CHECK(bob.wait() == 0);
  CHECK(a.moves + b.moves > 20);
  const Ran verified = run_gamehost({"verify", server.log_of(game).string()});
  CHECK(verified.status == 0);
  CHECK(verified.out.find(result) != std::string::npos);
}

// The server tells the seat's holders that the seat is connected again
// (SeatChanged) after the GameView, so that line comes below the prompt:
// the client shows the prompt again under it, as a person needs it (and as
// Player waits for it).
TEST_CASE("a terminal client killed mid-game comes back with its token and finishes", "[reconnect]") {
  Server server("terminal-reconnect");
  auto first = std::make_unique<Process>(std::vector<std::string>{
      "play", "--connect", server.url(), "alien_city", "--seed", "9", "--player2", "random", "--no-color"});
  const auto token = first->wait_for(R"(--token (\S+))")[1].str();
  const std::string game = token.substr(0, token.find(':'));
  Player p{*first};
  while (p.moves < 3) {
    REQUIRE(p.step());
    std::this_thread::sleep_for(10ms);
  }
  first->wait_for(" to move \\(", 30s, p.answered);  // its fourth turn: the third move was taken
  first->kill9();
  first.reset();
  Process again({"play", "--connect", server.url(), "--token", token, "--no-color"});
  again.wait_for("Alien City game " + game);
  Player q{again};
  const auto until = std::chrono::steady_clock::now() + 120s;
  while (q.step()) {
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(10ms);
  }
  CHECK(again.wait() == 0);
  CHECK(q.moves > 5);
  // The three moves before the kill are in the game, then the rest.
  const Ran verified = run_gamehost({"verify", server.log_of(game).string()});
  CHECK(verified.status == 0);
}

TEST_CASE("play --connect: an unknown game and a wrong token are named") {
  Server server("terminal-errors");
  const Ran unknown = run_gamehost({"play", "--connect", server.url(), "no-such-game"});
  CHECK(unknown.status == 1);
  CHECK(unknown.out.find("UNKNOWN_GAME") != std::string::npos);
  Process creator({"play", "--connect", server.url(), "alien_city", "--player2", "open", "--no-color"});
  const std::string game = creator.wait_for(R"(--token ([^:]+):0:)")[1];
  const Ran wrong = run_gamehost({"play", "--connect", server.url(), "--token", game + ":0:not-the-token"});
  CHECK(wrong.status == 1);
  CHECK(wrong.out.find("gamehost: error: BAD_TOKEN: ") != std::string::npos);
  const Ran bad_key = run_gamehost({"play", "--connect", server.url(), "--token", game});
  CHECK(bad_key.status == 1);
  CHECK(bad_key.out.find("--token '" + game + "': expected GAME:SEAT:TOKEN") != std::string::npos);
  const Ran bad_time = run_gamehost({"play", "--connect", server.url(), "alien_city", "--time", "fast"});
  CHECK(bad_time.status == 2);
  CHECK(bad_time.out.find("--time 'fast': expected MINUTES+SECONDS") != std::string::npos);
}
