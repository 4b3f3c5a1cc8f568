// City Planning through the gamehost binary: listing, random games with
// chance recorded and replayed exactly, `show --as` that never leaks the
// other hand (byte for byte), a human game that only ever prints the
// human's own hand, bad input, and the shipped sample games.
#include <catch2/catch.hpp>

#include <bit>
#include <set>
#include <sstream>

#include "city_planning/core/board.h"
#include "city_planning/core/chance.h"
#include "city_planning/core/diagram.h"
#include "city_planning/core/notation.h"
#include "city_planning/core/observation.h"
#include "city_planning/core/playout.h"
#include "city_planning/core/rules.h"
#include "city_planning/core/serialize.h"
#include "gamehost/records/game_log.h"
#include "gamehost/text/terminal_board.h"
#include "test_support.h"

namespace cp = city_planning;

namespace {

// The core's state after each ply of the log, checked against the recorded
// hashes: chance outcomes included, the replay is exact.
cp::State core_replay_checked(const gamehost::GameLog& log, int upto = -1) {
  auto s = cp::deserialize(log.record.header().initial_state());
  REQUIRE(s.ok());
  cp::State state = *s;
  for (const auto& ply : log.record.plies()) {
    if (upto >= 0 && static_cast<int>(ply.ply()) > upto) break;
    CAPTURE(ply.ply(), ply.notation());
    const bool chance = cp::is_chance(state);
    REQUIRE(ply.player() == (chance ? -1 : cp::index_of(*cp::player_to_decide(state))));
    const auto a = cp::action_from_id(static_cast<int>(ply.action_id()));
    REQUIRE(a);
    REQUIRE(a->is_chance() == chance);
    REQUIRE(ply.notation() == cp::to_notation(state, *a));
    REQUIRE_FALSE(cp::apply_action(state, *a));
    REQUIRE(gamehost::state_hash(cp::serialize(state)) == ply.state_hash());
  }
  return state;
}

std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto end = text.find('\n', at);
    const std::string line = text.substr(at, end == std::string::npos ? std::string::npos : end - at);
    if (line.rfind(prefix, 0) == 0) out.push_back(line);
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return out;
}

}  // namespace

TEST_CASE("gamehost games lists both games", "[cli][cp]") {
  const auto r = test::run_gamehost({"games"});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("  alien_city    Alien City 1.0.0 (interface 2) "));
  CHECK_THAT(r.out, Catch::Contains("  city_planning City Planning 1.0.0 (interface 2) "));
  CHECK_THAT(r.out, Catch::Contains("    players: A, B; chance; hidden information\n"));
  CHECK_THAT(r.out, Catch::Contains("    option position=: a position diagram"));
}

TEST_CASE("random City Planning games record chance, verify and replay exactly", "[cli][cp][games]") {
  const auto dir = test::temp_dir("cp-play");
  for (int seed = 1; seed <= 6; ++seed) {
    CAPTURE(seed);
    const auto log_path = (dir / ("seed-" + std::to_string(seed) + ".ghlog")).string();
    const auto played = test::run_gamehost({"play", "city_planning", "--seed", std::to_string(seed), "--player1",
                                            "random", "--player2", "random", "--out", log_path});
    REQUIRE(played.exit_code == 0);
    CHECK(played.err.empty());
    const auto log = gamehost::read_log(log_path);
    REQUIRE(log.finished());
    // Random agents only: the chance plies are printed in full.
    CHECK_THAT(played.out, Catch::Contains("   1. chance reveal "));
    CHECK_THAT(played.out, Catch::Contains("   4. chance draw "));
    int chance = 0;
    for (const auto& p : log.record.plies()) chance += p.player() == -1;
    CHECK(chance >= 10);  // three tiles, six coins, the first player, then draws
    const cp::State final_state = core_replay_checked(log);
    REQUIRE(final_state.is_over());
    CHECK(log.record.result().scores(0) == final_state.score(cp::Player::A));
    CHECK(log.record.result().scores(1) == final_state.score(cp::Player::B));
    // The finished game's board is shown whole: both hands, and it reads
    // back as the core's position.
    const std::string board = test::last_board(played.out, "phase:");
    CHECK_THAT(board, Catch::StartsWith(cp::diagram_header(final_state, std::nullopt)));
    const auto shown = cp::parse_diagram(board);
    REQUIRE(shown.ok());
    CHECK(cp::to_diagram(*shown) == cp::to_diagram(final_state));
    const auto verified = test::run_gamehost({"verify", log_path});
    CHECK(verified.exit_code == 0);
    CHECK(verified.out == log_path + ": OK: city_planning 1.0.0, seed " + std::to_string(seed) + ", " +
                              std::to_string(log.record.plies_size()) + " plies verified\nResult: " +
                              log.record.result().result() + "\n" +
                              "Chance: every chance ply follows from the revealed chance seed " +
                              std::to_string(seed ^ 0xC4A9CEull) +
                              ", which matches the commitment (a reproducible game: the seed was not secret)\n");
    // Same seed, same game (chance included).
    const auto again = test::run_gamehost({"play", "city_planning", "--seed", std::to_string(seed), "--player1",
                                           "random", "--player2", "random", "--no-log", "-q"});
    CHECK_THAT(again.out, Catch::Contains(log.record.result().result()));
  }
}

TEST_CASE("show --as never leaks the other hand, byte for byte", "[cli][cp][hidden]") {
  const auto dir = test::temp_dir("cp-show-as");
  // A position with A to place stones, B holding coins and the bag not empty.
  cp::State s;
  cp::Rng rng(17);
  int guard = 0;
  do {
    cp::apply_unchecked(s, cp::random_action_by_kind(s, rng));
    if (s.is_over()) s = cp::State();
  } while (++guard < 100000 &&
           !(s.phase() == cp::Phase::Stones && s.to_move() == cp::Player::A && s.stones_placed() == 0 &&
             s.hand_size(cp::Player::B) > 0 && s.bag_size() > 0 && s.passes() == 0 && s.turn() > 4));
  REQUIRE(s.phase() == cp::Phase::Stones);
  // The same position with one of B's coins exchanged for one from the bag.
  cp::State t = s;
  const int from_hand = std::countr_zero(s.hand(cp::Player::B));
  const int from_bag = std::countr_zero(s.coins_in(cp::CoinPlace::Bag));
  t.move_coin(from_hand, cp::CoinPlace::Bag);
  t.move_coin(from_bag, cp::CoinPlace::HandB);
  REQUIRE(cp::observation_text(s, cp::Player::A) == cp::observation_text(t, cp::Player::A));
  test::write_file(dir / "s.txt", cp::to_diagram(s));
  test::write_file(dir / "t.txt", cp::to_diagram(t));

  // Public decisions only (stones, passes): A's stones, A passes, B's stones.
  std::string input;
  cp::State walk = s;
  int decisions = 0;
  while (!(walk.to_move() == cp::Player::B && walk.phase() == cp::Phase::Main)) {
    REQUIRE_FALSE(walk.is_over());
    REQUIRE_FALSE(cp::is_chance(walk));
    const cp::Action a = walk.phase() == cp::Phase::Main ? cp::Action::pass() : cp::legal_actions(walk).front();
    input += cp::to_notation(walk, a) + "\n";
    cp::apply_unchecked(walk, a);
    ++decisions;
  }
  std::vector<std::string> logs;
  for (const char* name : {"s", "t"}) {
    const auto log_path = (dir / (std::string(name) + ".ghlog")).string();
    const auto r = test::run_gamehost({"play", "city_planning", "--position", (dir / (std::string(name) + ".txt")).string(),
                                       "--seed", "3", "--player1", "human", "--player2", "human", "--out", log_path},
                                      input);
    REQUIRE(r.exit_code == 3);  // abandoned at the end of the input
    logs.push_back(log_path);
  }
  REQUIRE(gamehost::read_log(logs[0]).record.plies_size() == decisions);
  for (int ply = 0; ply <= decisions; ++ply) {
    CAPTURE(ply);
    const std::string k = std::to_string(ply);
    for (const char* as : {"A", "1", "a"}) {
      const auto a1 = test::run_gamehost({"show", logs[0], "--ply", k, "--as", as});
      const auto a2 = test::run_gamehost({"show", logs[1], "--ply", k, "--as", as});
      REQUIRE(a1.exit_code == 0);
      REQUIRE(a1.out == a2.out);  // byte for byte
      CHECK_THAT(a1.out, Catch::Contains(", as A sees it\n"));
    }
    // B, and the omniscient view, do see the difference.
    CHECK(test::run_gamehost({"show", logs[0], "--ply", k, "--as", "B"}).out !=
          test::run_gamehost({"show", logs[1], "--ply", k, "--as", "B"}).out);
    CHECK(test::run_gamehost({"show", logs[0], "--ply", k}).out !=
          test::run_gamehost({"show", logs[1], "--ply", k}).out);
  }
  const auto b = test::run_gamehost({"show", logs[0], "--as", "2"});
  CHECK_THAT(b.out, Catch::Contains(", as B sees it\n"));
  CHECK_THAT(b.out, Catch::Contains("hand A: ? ? ?\n"));
}

TEST_CASE("a human City Planning game shows only the human's own hand", "[cli][cp][human]") {
  const auto dir = test::temp_dir("cp-human");
  const auto log_path = (dir / "human.ghlog").string();
  const std::vector<std::string> args{"play",     "city_planning", "--seed", "8", "--player1", "human",
                                      "--player2", "random",        "--out",  log_path, "--force"};
  // First to the human's first prompt, to learn a legal decision there.
  const auto first = test::run_gamehost(args, "");
  REQUIRE(first.exit_code == 3);
  const cp::State at_prompt = core_replay_checked(gamehost::read_log(log_path));
  REQUIRE(cp::player_to_decide(at_prompt) == cp::Player::A);
  const cp::Action move = cp::legal_actions(at_prompt).front();

  // The same game again: garbage, commands, a decision, commands, end of input.
  const std::string input = "hello\nP@Z99\nzone C9@K10\nmoves\nboard\nscore\nhelp\n" +
                            cp::to_notation(at_prompt, move) + "\nboard\nscore\n";
  const auto r = test::run_gamehost(args, input);
  CHECK(r.exit_code == 3);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Catch::Contains("A> Not understood: "));
  CHECK_THAT(r.out, Catch::Contains("End of input: the game is abandoned.\n"));
  const auto log = gamehost::read_log(log_path);
  const cp::State end = core_replay_checked(log);
  CHECK(log.record.plies_size() > 10);
  // Chance outcomes are never printed while a human plays, and B's hand only
  // ever appears as '?'.
  CHECK_THAT(r.out, !Catch::Contains("draw "));
  CHECK_THAT(r.out, !Catch::Contains("reveal "));
  CHECK_THAT(r.out, Catch::Contains("   1. chance ?\n"));
  const auto b_lines = lines_starting(r.out, "hand B: ");
  CHECK(b_lines.size() >= 3);
  for (const auto& line : b_lines) CHECK(line.find_first_not_of("?- ", 8) == std::string::npos);
  // A saw their own hand, and the abandoned game ends on A's view.
  CHECK_THAT(r.out, Catch::Contains("hand A: "));
  // The last board is A's view: B's hand as '?', the grid in full.
  const std::string board = test::last_board(r.out, "phase:");
  CHECK_THAT(r.out, Catch::Contains(board + "\nAbandoned after "));
  const std::string header = cp::diagram_header(end, cp::Player::A);
  REQUIRE_THAT(board, Catch::StartsWith(header));
  const auto grid = cp::parse_diagram(cp::diagram_header(end, std::nullopt) + board.substr(header.size()));
  REQUIRE(grid.ok());
  CHECK(cp::to_diagram(*grid) == cp::to_diagram(end));
  CHECK(lines_starting(r.out, "hand A: ").back() != "hand A: ? ? ?");
  for (cp::PieceMask h = end.hand(cp::Player::B); h; h &= h - 1)
    CHECK_THAT(r.out, !Catch::Contains("hand B: " + cp::piece_name(std::countr_zero(h))));
}

TEST_CASE("bad City Planning input gives exact errors", "[cli][cp][errors]") {
  const auto dir = test::temp_dir("cp-errors");
  const auto log_path = (dir / "g.ghlog").string();
  REQUIRE(test::run_gamehost({"play", "city_planning", "--seed", "2", "--player1", "random", "--player2", "random",
                              "--out", log_path, "-q"})
              .exit_code == 0);
  auto r = test::run_gamehost({"show", log_path, "--as", "C"});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: --as 'C': not a player of city_planning (seats 1..2, or a name: A, B)\n");
  r = test::run_gamehost({"show", log_path, "--as", "3"});
  CHECK(r.exit_code == 1);
  r = test::run_gamehost({"play", "city_planning", "--option", "setup=x", "--player1", "random", "--player2",
                          "random", "--no-log"});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: city_planning: unknown option 'setup' (options: position)\n");
  test::write_file(dir / "bad.txt", "phase: sideways\n");
  r = test::run_gamehost({"play", "city_planning", "--position", (dir / "bad.txt").string(), "--player1", "random",
                          "--player2", "random", "--no-log"});
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::StartsWith("gamehost: error: city_planning: option position: "));

  // A tampered chance ply: another coin drawn than the one recorded.
  auto log = gamehost::read_log(log_path);
  auto& ply = *log.record.mutable_plies(4);  // ply 5: the second coin dealt to A
  REQUIRE(ply.player() == -1);
  ply.set_action_id(ply.action_id() == 176451 ? 176452 : 176451);
  test::write_file(dir / "tampered.ghlog", gamehost::encode_log(log.record));
  r = test::run_gamehost({"verify", (dir / "tampered.ghlog").string()});
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::Contains("ply 5: "));
}

TEST_CASE("the shipped City Planning samples verify and replay exactly", "[cli][cp][samples]") {
  int found = 0;
  for (const auto& e : std::filesystem::directory_iterator(std::string(SOURCE_DIR) + "/games/samples")) {
    if (e.path().filename().string().rfind("city_planning-", 0) != 0) continue;
    ++found;
    CAPTURE(e.path().string());
    const auto log = gamehost::read_log(e.path());
    REQUIRE(log.finished());
    CHECK(log.record.header().game_id() == "city_planning");
    CHECK(core_replay_checked(log).is_over());
    const auto v = test::run_gamehost({"verify", e.path().string()});
    CHECK(v.exit_code == 0);
    CHECK_THAT(v.out, Catch::Contains(": OK: city_planning 1.0.0, seed "));
  }
  CHECK(found == 2);
}

TEST_CASE("analyze lists a chance node's outcomes and a player's decisions", "[cli][cp][analyze]") {
  const std::string sample = std::string(SOURCE_DIR) + "/games/samples/city_planning-seed-1.ghlog";
  auto r = test::run_gamehost({"analyze", sample, "--ply", "3"});
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Catch::Contains("Chance to move (setup). Outcomes (24, "));
  CHECK_THAT(r.out, Catch::Contains("  draw C0 draw C1 "));
  r = test::run_gamehost({"analyze", sample, "--ply", "3", "--format", "json"});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("\"chance_probabilities\": ["));
  CHECK_THAT(r.out, Catch::Contains("\"@type\": \"type.googleapis.com/city_planning.v1.Analysis\""));
  r = test::run_gamehost({"analyze", sample, "--ply", "40"});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("A to move (main). Legal actions ("));
  CHECK_THAT(r.out, Catch::Contains("Score: A "));
}

TEST_CASE("a human's City Planning board marks the other player's last turn", "[cli][board][hidden]") {
  const auto dir = test::temp_dir("cp-board-human");
  const auto log_path = (dir / "h.ghlog").string();
  const auto r = test::run_gamehost(
      {"play", "city_planning", "--seed", "1", "--player1", "random", "--player2", "human", "--out", log_path}, "quit\n");
  REQUIRE(r.exit_code == 3);
  const auto log = gamehost::read_log(log_path);
  std::vector<int> seats;
  for (const auto& p : log.record.plies()) seats.push_back(p.player());
  const int start = gamehost::last_move_start(seats);
  REQUIRE(start >= 0);
  REQUIRE(seats[static_cast<std::size_t>(start)] == 0);  // A's turn, then B (the human) to move
  const cp::State before = core_replay_checked(log, start), now = core_replay_checked(log);
  std::set<std::string> changed;
  for (int p = 0; p < cp::kPoints; ++p)
    if (cp::diagram_cell(before, p) != cp::diagram_cell(now, p)) changed.insert(cp::point_name(p));
  REQUIRE_FALSE(changed.empty());
  // The points between brackets on B's board (slot before each 2-wide cell).
  const std::size_t prompt = r.out.find("\nPly ");
  REQUIRE(prompt != std::string::npos);
  const std::string board = test::last_board(r.out.substr(0, prompt), "phase:");
  CHECK_THAT(board, Catch::Contains("hand A: ? ? ?\n"));
  CHECK(test::marked_cells(board, "ABCDEFGHJKLMNOPQRST", 2) == changed);
}
