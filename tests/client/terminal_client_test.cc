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

// Takebacks at the terminal (--takebacks): ann offers, bob declines, ann
// offers again, bob accepts; both boards go back, and the game goes on to
// an end that `gamehost verify` confirms, its log keeping the plies taken back.
TEST_CASE("play --connect: a takeback offered, declined, offered again and accepted", "[takeback]") {
  Server server("terminal-takeback");
  Process ann(
      {"play", "--connect", server.url(), "alien_city", "--seed", "5", "--takebacks", "--name", "ann", "--no-color"});
  const std::string game = ann.wait_for(R"(Created Alien City game (\S+) on)")[1];
  Process bob({"play", "--connect", server.url(), game, "--name", "bob", "--no-color"});
  bob.wait_for("You play .*in game " + game);
  ann.wait_for(R"(Ply \d+: \S+ to move \()");
  ann.write_line("help");
  ann.wait_for("takeback +offer to take back your last move");
  Player a{ann}, b{bob};
  const auto until = std::chrono::steady_clock::now() + 60s;
  while (a.moves < 2 || b.moves < 1) {
    REQUIRE(a.step());
    REQUIRE(b.step());
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(10ms);
  }
  // Until bob is to move (ann's moves acknowledged): ann offers to take back her last move.
  const auto bob_prompted = [&] {
    const std::string out = bob.output();
    return out.find(" to move (", b.answered) != std::string::npos && out.size() >= 2 &&
           out.compare(out.size() - 2, 2, "> ") == 0;
  };
  while (!bob_prompted()) {
    REQUIRE(a.step());
    REQUIRE(std::chrono::steady_clock::now() < until);
    std::this_thread::sleep_for(10ms);
  }
  std::size_t from = bob.output().size();
  ann.write_line("takeback");
  const std::string plies =
      bob.wait_for(R"(\S+ offers to take back ((ply|plies) [0-9-]+): type 'accept' or 'decline')", 30s, from)[1];
  bob.write_line("decline");
  ann.wait_for("The takeback is off: \\S+ declined it or moved", 30s);
  from = bob.output().size();
  const std::size_t ann_from = ann.output().size();
  ann.write_line("takeback");
  bob.wait_for("offers to take back " + plies, 30s, from);
  bob.write_line("accept");
  const std::string back =
      ann.wait_for(R"(Taken back: \S+'s move \(([^)]+)\); the game goes on from ply \d+)", 30s, ann_from)[1];
  CHECK(back == plies);
  bob.wait_for("Taken back: \\S+'s move \\(" + plies + "\\)", 30s, from);
  a.answered = ann_from;  // ann is to move again: her prompt comes after the takeback
  play_out(a, b);
  CHECK(ann.wait() == 0);
  CHECK(bob.wait() == 0);
  const Ran verified = run_gamehost({"verify", server.log_of(game).string()});
  CHECK(verified.status == 0);
  const Ran text = run_gamehost({"export", server.log_of(game).string(), "--format", "text"});
  const bool one = plies.rfind("ply ", 0) == 0;
  std::size_t marked = 0;
  for (auto at = text.out.find("taken back"); at != std::string::npos; at = text.out.find("taken back", at + 1))
    ++marked;
  CHECK(marked == (one ? 1u
                       : static_cast<std::size_t>(std::stoi(plies.substr(plies.find('-') + 1)) -
                                                  std::stoi(plies.substr(6)) + 1)));
}
