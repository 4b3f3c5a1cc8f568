// The human agent's "hint" and the coach (--coach) driven through stdin
// against the real gamehost binary: the hint is the move mcts would play,
// the coach's points lost equal an exhaustive search with the rules core,
// and a takeback is recorded honestly (the log verifies, keeps the
// taken-back ply, and ends where the game without the bad move ends).
#include <catch2/catch.hpp>
#include <google/protobuf/util/json_util.h>
#include <fmt/core.h>

#include <algorithm>
#include <map>
#include <regex>

#include "alien_city/core/diagram.h"
#include "alien_city/core/notation.h"
#include "alien_city/core/rules.h"
#include "alien_city/core/scoring.h"
#include "gamehost/records/game_log.h"
#include "test_support.h"

namespace {

// Sample seed-3 ends Black GD@C5, White KD@F5; before them Black has two
// builds, one of them 3 points worse.
const std::string kSample = std::string(SOURCE_DIR) + "/games/samples/seed-3.ghlog";

// The text after `prefix` on its line of `out`, "" when absent.
std::string after(const std::string& out, const std::string& prefix) {
  const auto at = out.find(prefix);
  if (at == std::string::npos) return "";
  const auto from = at + prefix.size();
  return out.substr(from, out.find('\n', from) - from);
}

// Black's final margin (Black's points minus White's) under best play from
// `s` by both sides: exhaustive, with the rules core.
int black_value(const alien_city::State& s) {
  if (s.is_over()) {
    const auto t = alien_city::score_totals(s);
    return t[alien_city::index_of(alien_city::Player::Black)] - t[alien_city::index_of(alien_city::Player::White)];
  }
  const bool black = s.to_move() == alien_city::Player::Black;
  int best = black ? -1000000 : 1000000;
  for (const auto& a : alien_city::legal_actions(s)) {
    alien_city::State next = s;
    alien_city::apply_unchecked(next, a);
    const int v = black_value(next);
    best = black ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// The position of sample seed-3 two plies before its end (Black to move,
// then White's last build), as a diagram file, with each Black move's exact
// value for Black.
struct Endgame {
  std::filesystem::path position;
  std::map<std::string, int> value;  // notation -> Black's exact margin after it
  int best = 0;
};

Endgame endgame(const std::filesystem::path& dir) {
  const auto log = gamehost::read_log(kSample);
  const int plies = log.record.plies_size();
  const alien_city::State s = test::core_replay(log, plies - 2);
  REQUIRE(s.to_move() == alien_city::Player::Black);
  Endgame e;
  e.position = dir / "endgame.txt";
  test::write_file(e.position, alien_city::to_diagram(s));
  e.best = -1000000;
  for (const auto& a : alien_city::legal_actions(s)) {
    alien_city::State next = s;
    alien_city::apply_unchecked(next, a);
    e.value[alien_city::to_notation(a)] = black_value(next);
    e.best = std::max(e.best, e.value[alien_city::to_notation(a)]);
  }
  return e;
}

const char* class_of(int lost) {
  return lost >= 15 ? "a blunder" : lost >= 7 ? "a mistake" : lost >= 3 ? "an inaccuracy" : "good";
}

}  // namespace

TEST_CASE("hint names the move mcts would choose with the same iterations and seed", "[cli][coach]") {
  const auto dir = test::temp_dir("coach-hint");
  for (const auto& [human, mcts, iters] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"human", "mcts:iters=3000", "3000"}, {"human:hint_iters=500,seed=9", "mcts:iters=500,seed=9", "500"}}) {
    const auto asked = test::run_gamehost(
        {"play", "alien_city", "--seed", "5", "--player1", human, "--player2", "random", "--no-log"},
        "hint\nmoves\nquit\n");
    REQUIRE(asked.exit_code == 3);  // abandoned
    const std::string hinted = after(asked.out, "Black> Hint (" + iters + " iterations): ");
    const std::string move = hinted.substr(0, hinted.find(':'));
    REQUIRE_FALSE(move.empty());
    CHECK_THAT(hinted, Catch::Matches(R"(\S+: margin [+-]\d+\.\d for you, win \d+%\.)"));
    CHECK_THAT(asked.out, Catch::Contains("\n  Next best: "));
    const std::string legal = " " + after(asked.out, " legal: ") + " ";
    CHECK_THAT(legal, Catch::Contains(" " + move + " "));

    // mcts with the same budget and seed, Black's first move, then the human quits.
    const auto log_path = dir / "mcts.ghlog";
    const auto played = test::run_gamehost({"play", "alien_city", "--seed", "5", "--player1", mcts, "--player2",
                                            "human", "--out", log_path.string(), "--force"},
                                           "quit\n");
    REQUIRE(played.exit_code == 3);
    const auto log = gamehost::read_log(log_path);
    REQUIRE(log.record.plies_size() >= 1);
    CHECK(log.record.plies(0).notation() == move);
  }
}

TEST_CASE("a game without points hears its hint in expected results, as its review speaks", "[cli][coach]") {
  const auto asked = test::run_gamehost(
      {"play", "connect_four", "--seed", "5", "--player1", "human", "--player2", "random", "--no-log"}, "hint\nquit\n");
  REQUIRE(asked.exit_code == 3);  // abandoned
  const std::string hinted = after(asked.out, "Hint (3000 iterations): ");
  CHECK_THAT(hinted, Catch::Matches(R"(\S+: expected result [01]\.\d\d for you\.)"));
  CHECK_THAT(after(asked.out, "  Next best: "), Catch::Matches(R"(\S+ [01]\.\d\d \(\d+ visits\);.*)"));
  CHECK_THAT(asked.out, !Catch::Contains("return"));
}

TEST_CASE("without a coach's engine in the way, hint is listed in help", "[cli][coach]") {
  const auto r = test::run_gamehost({"play", "alien_city", "--seed", "5", "--player1", "human", "--player2", "random",
                                     "--no-log"},
                                    "help\nquit\n");
  CHECK_THAT(r.out, Catch::Contains("  hint       the engine's best move and why\n"));
  const auto bad = test::run_gamehost({"play", "alien_city", "--player1", "human:coach=2", "--player2", "random"});
  CHECK(bad.exit_code == 1);
  CHECK(bad.err == "gamehost: error: agent 'human:coach=2': coach must be 0 or 1\n");
}

TEST_CASE("the coach names the exact points a move lost near the end", "[cli][coach]") {
  const auto dir = test::temp_dir("coach-exact");
  const Endgame e = endgame(dir);
  REQUIRE(e.value.size() >= 2);
  for (const auto& [move, value] : e.value) {
    const auto r = test::run_gamehost({"play", "alien_city", "--position", e.position.string(), "--seed", "1",
                                       "--player1", "human", "--player2", "random:seed=3", "--no-log", "--coach"},
                                      move + "\nn\n");
    INFO(r.out);
    REQUIRE(r.exit_code == 0);
    const int lost = e.best - value;
    if (lost == 0) {
      CHECK_THAT(r.out, Catch::Contains(fmt::format("Black> Coach: {} is best: margin {:+} for you, win {}% (exact).\n",
                                                    move, e.best, e.best > 0 ? 100 : e.best < 0 ? 0 : 50)));
      CHECK_THAT(r.out, !Catch::Contains("Take back?"));
    } else {
      CHECK_THAT(r.out, Catch::Contains(fmt::format("Black> Coach: {} is {}: it loses {} point{} (exact). Best was ",
                                                    move, class_of(lost), lost, lost == 1 ? "" : "s")));
      CHECK_THAT(r.out, Catch::Contains(fmt::format("; after {}: margin {:+} for you, win ", move, value)));
      // Offered when it lost an inaccuracy or more; declined: the move stands.
      CHECK((r.out.find("Take back? [y/N] ") != std::string::npos) == (lost >= 3));
      CHECK_THAT(r.out, Catch::Contains(fmt::format("   1. Black  {}\n", move)));
    }
  }
}

TEST_CASE("a takeback is recorded, verifies, and ends where the game without the bad move ends", "[cli][coach]") {
  const auto dir = test::temp_dir("coach-takeback");
  const Endgame e = endgame(dir);
  std::string bad, good;
  for (const auto& [move, value] : e.value) {
    if (value == e.best && good.empty()) good = move;
    if (e.best - value >= 3 && (bad.empty() || value < e.value.at(bad))) bad = move;
  }
  REQUIRE_FALSE(bad.empty());
  REQUIRE_FALSE(good.empty());

  const auto coached_log = dir / "coached.ghlog", plain_log = dir / "plain.ghlog";
  const auto coached = test::run_gamehost({"play", "alien_city", "--position", e.position.string(), "--seed", "1",
                                           "--player1", "human", "--player2", "random:seed=3", "--out",
                                           coached_log.string(), "--coach"},
                                          bad + "\ny\n" + good + "\n");
  INFO(coached.out);
  REQUIRE(coached.exit_code == 0);
  CHECK_THAT(coached.out, Catch::Contains("Take back? [y/N] Taken back.\n   1. Black  " + bad + " (taken back)\n"));
  CHECK_THAT(coached.out, Catch::Contains("   2. Black  " + good + "\n"));
  const auto plain = test::run_gamehost({"play", "alien_city", "--position", e.position.string(), "--seed", "1",
                                         "--player1", "human", "--player2", "random:seed=3", "--out",
                                         plain_log.string()},
                                        good + "\n");
  REQUIRE(plain.exit_code == 0);

  // The log keeps the undone ply, numbered like any record.
  const auto log = gamehost::read_log(coached_log);
  const auto other = gamehost::read_log(plain_log);
  REQUIRE(log.record.plies_size() == 3);
  REQUIRE(other.record.plies_size() == 2);
  CHECK(log.record.plies(0).taken_back());
  CHECK(log.record.plies(0).notation() == bad);
  CHECK(log.record.plies(1).ply() == 2);
  CHECK_FALSE(log.record.plies(1).taken_back());
  CHECK(log.record.plies(1).notation() == good);
  CHECK_FALSE(other.record.plies(0).taken_back());
  // The same final state and result as the game without the bad move.
  CHECK(log.record.plies(2).state_hash() == other.record.plies(1).state_hash());
  CHECK(log.record.plies(2).notation() == other.record.plies(1).notation());
  CHECK(log.record.result().result() == other.record.result().result());
  CHECK(log.record.result().plies() == 3);
  CHECK(after(coached.out, "Result: ") == std::regex_replace(after(plain.out, "Result: "), std::regex(" after 2 plies$"), " after 3 plies"));

  const auto verified = test::run_gamehost({"verify", coached_log.string()});
  CHECK(verified.exit_code == 0);
  CHECK_THAT(verified.out, Catch::Contains(": OK: alien_city"));
  // show at the taken-back ply: the position before it.
  const auto at1 = test::run_gamehost({"show", coached_log.string(), "--ply", "1"});
  const auto at0 = test::run_gamehost({"show", coached_log.string(), "--ply", "0"});
  CHECK(at1.out.substr(at1.out.find('\n')) == at0.out.substr(at0.out.find('\n')));

  // export keeps it, import brings it back.
  const auto text = test::run_gamehost({"export", coached_log.string(), "--format", "text"});
  CHECK_THAT(text.out, Catch::Matches(R"([\s\S]*\n +1\. Black +\S+ +id \d+ +[0-9.]+s  hash [0-9a-f]{16}  taken back\n +2\. Black [\s\S]*)"));
  const auto json = test::run_gamehost({"export", coached_log.string(), "--format", "json"});
  CHECK_THAT(json.out, Catch::Contains("\"taken_back\": true"));
  test::write_file(dir / "coached.json", json.out);
  const auto imported = dir / "imported.ghlog";
  const auto im = test::run_gamehost({"import", (dir / "coached.json").string(), "--out", imported.string()});
  REQUIRE(im.exit_code == 0);
  CHECK(gamehost::read_log(imported).record.plies(0).taken_back());
  CHECK(test::run_gamehost({"verify", imported.string()}).exit_code == 0);

#ifdef VIEWER_BIN
  // The viewer's move list marks it (struck through on screen).
  const auto panel = test::run_program(VIEWER_BIN, {coached_log.string(), "--ply", "2", "--dump-panel", "-"});
  CHECK(panel.exit_code == 0);
  CHECK_THAT(panel.out, Catch::Contains(fmt::format("Moves\t1\t{}\tBlack {} (taken back)\n", bad, bad)));
  CHECK_THAT(panel.out, Catch::Contains(fmt::format("Moves\t2\t{}\tBlack {}\n", good, good)));
#endif

  // The review lists it, unreviewed.
  const auto review = test::run_gamehost({"review", coached_log.string(), "--format", "text", "--quiet"});
  CHECK(review.exit_code == 0);
  CHECK_THAT(review.out, Catch::Contains(fmt::format("   1  Black   {:<9} (not reviewed: taken back)\n", bad)));
}

TEST_CASE("verify refuses a chance ply marked as taken back", "[cli][coach]") {
  const auto dir = test::temp_dir("coach-chance");
  const auto json = test::run_gamehost(
      {"export", std::string(SOURCE_DIR) + "/games/samples/city_planning-seed-1.ghlog", "--format", "json"});
  REQUIRE(json.exit_code == 0);
  // The first ply is the deal, a chance event.
  std::string edited = json.out;
  const auto first = edited.find("\"player\": -1,");
  REQUIRE(first != std::string::npos);
  edited.insert(first, "\"taken_back\": true, ");
  CHECK(json.out.find("taken_back") == std::string::npos);  // absent unless true
  test::write_file(dir / "bad.json", edited);
  const auto out = dir / "bad.ghlog";
  // import refuses what verify refuses, with its message; the log written
  // here directly is verify's to refuse.
  const auto im = test::run_gamehost({"import", (dir / "bad.json").string(), "--out", out.string()});
  CHECK(im.exit_code == 1);
  CHECK_THAT(im.err, Catch::Matches(R"([\s\S]*bad\.json: byte \d+, ply 1: a chance event cannot be taken back\n)"));
  gamehost::pb::GameRecord record;
  REQUIRE(google::protobuf::util::JsonStringToMessage(edited, &record).ok());
  test::write_file(out, gamehost::encode_log(record));
  const auto r = test::run_gamehost({"verify", out.string()});
  CHECK(r.exit_code != 0);
  CHECK_THAT(r.err, Catch::Matches(R"([\s\S]*bad\.ghlog: byte \d+, ply 1: a chance event cannot be taken back\n)"));
}

// `undo` at a human's prompt is the takeback (takeback_play_test.cc), not
// "Not understood": before any move there is nothing to take back.
TEST_CASE("undo in play is the takeback", "[cli][coach]") {
  const auto r = test::run_gamehost(
      {"play", "alien_city", "--seed", "5", "--player1", "human", "--player2", "random", "--no-log"}, "undo\nquit\n");
  CHECK(r.exit_code == 3);
  CHECK_THAT(r.out, Catch::Contains("Black> No takeback: that seat has no move to take back.\n"));
  CHECK_THAT(r.out, !Catch::Contains("Not understood"));
}
