// Games played elsewhere, end to end through the gamehost binary: entering
// a game at stdin and from a file, notes beside a log, PPN and Abstract
// Play records imported (legal, illegal, final position only) and exported.
#include <catch2/catch.hpp>

#include "gamehost/game_log.h"
#include "test_support.h"

namespace {

const std::string kLayout =
    "g-sw g-sw b-ne g-se / r-ne r-se g-se k-nw / r-ne g-ne r-ne b-sw / k-se k-se r-sw k-se / k-sw b-se b-se b-nw";

std::string record(const std::string& name) { return std::string(SOURCE_DIR) + "/tests/host/records/" + name; }

// Each ply as "player notation id hash": what two logs of one game share.
std::vector<std::string> plies_of(const std::string& path) {
  std::vector<std::string> out;
  const auto log = gamehost::read_log(path);
  for (const auto& p : log.record.plies())
    out.push_back(std::to_string(p.player()) + " " + p.notation() + " " + std::to_string(p.action_id()) + " " +
                  std::to_string(p.state_hash()));
  return out;
}

}  // namespace

TEST_CASE("enter at stdin: undo, an illegal move refused at its line, people and notes shown", "[cli][records]") {
  const auto dir = test::temp_dir("records-enter");
  const auto log = (dir / "table.ghlog").string();
  const std::string input =
      "RT@B1\n"      // line 1
      "undo\n"       // line 2
      "RT@B1\n"      // line 3
      "claim@B1\n"   // line 4
      "RT@A2\n"      // line 5: splits the streets
      "# a comment\n"
      "BD@E1\n"      // line 7
      "why A1\n"
      "end\n";
  const auto r = test::run_gamehost({"enter", "alien_city", "--option", "layout=" + kLayout, "--players",
                                     "Ann Lee,Bob Marsh", "--event", "Club night", "--round", "2", "--site", "Lyon",
                                     "--date", "2024-05-18", "--out", log},
                                    input);
  CHECK(r.exit_code == 3);
  CHECK(r.err.empty());
  CHECK_THAT(r.out, Catch::Contains("   1. Black  RT@B1\nply 2, Black> Undone: back to ply 0, Black to move.\n"));
  CHECK_THAT(r.out, Catch::Contains("Refused: stdin line 5: 'RT@A2': ruling R8 (rule 4): building on A2 splits the "
                                    "street network\n"));
  CHECK_THAT(r.out, Catch::Contains("   3. White  BD@E1\n"));
  CHECK_THAT(r.out, Catch::EndsWith("Unfinished after 3 plies: Black to move.\nLog: " + log + "\n"));
  const auto parsed = gamehost::read_log(log);
  REQUIRE(parsed.record.plies_size() == 3);
  CHECK(parsed.record.header().players(0).person() == "Ann Lee");
  CHECK(parsed.record.header().players(1).person() == "Bob Marsh");
  CHECK(parsed.record.header().players(0).agent().empty());
  CHECK(test::run_gamehost({"verify", log}).exit_code == 3);

  const std::string before = test::read_file(log);
  const auto note = test::run_gamehost({"annotate", log, "--ply", "2", "Claimed at once: a bold start"});
  CHECK(note.exit_code == 0);
  CHECK(note.out == log + ".ghnotes: note on ply 2\n");
  CHECK(test::read_file(log) == before);  // the log never changes
  const auto bad = test::run_gamehost({"annotate", log, "--ply", "4", "too far"});
  CHECK(bad.exit_code == 1);
  CHECK(bad.err == "gamehost: error: " + log + ": no ply 4: the log has plies 0..3\n");

  const auto shown = test::run_gamehost({"show", log, "--ply", "2"});
  CHECK(shown.exit_code == 0);
  CHECK_THAT(shown.out, Catch::StartsWith("Position after ply 2 of 3 (unfinished game)\n"
                                          "players: Black = Ann Lee, White = Bob Marsh\n"
                                          "event: Club night, round 2\nsite: Lyon\ndate: 2024-05-18\n"
                                          "source: entered by hand\nNote: Claimed at once: a bold start\n"));
  CHECK_THAT(test::run_gamehost({"show", log, "--ply", "1"}).out, !Catch::Contains("Note:"));
  CHECK_THAT(test::run_gamehost({"export", log, "--format", "text"}).out,
             Catch::Contains("players: Black = Ann Lee, White = Bob Marsh\nevent: Club night, round 2\n"));
}

TEST_CASE("enter from a file: an illegal move refuses the game, or --keep-legal keeps what came before",
          "[cli][records]") {
  const auto dir = test::temp_dir("records-file");
  test::write_file(dir / "moves.txt", "RT@B1\nclaim@B1\nBD@E1\nKD@A1\nGT@C5\n");
  const auto log = (dir / "g.ghlog").string();
  const auto args = std::vector<std::string>{"enter", "alien_city", "-o", "layout=" + kLayout,
                                             (dir / "moves.txt").string(), "--out", log};
  const auto refused = test::run_gamehost(args);
  CHECK(refused.exit_code == 1);
  CHECK(refused.err == "gamehost: error: " + (dir / "moves.txt").string() +
                           " line 4: 'KD@A1': ruling R11 (rule 5): A1 is its tile's icon lot, built last: B2 on the "
                           "same tile can still be built\n");
  CHECK_FALSE(std::filesystem::exists(log));
  auto keep = args;
  keep.push_back("--keep-legal");
  const auto kept = test::run_gamehost(keep);
  CHECK(kept.exit_code == 3);
  CHECK_THAT(kept.out, Catch::Contains("Kept the 3 legal plies before the first refused decision:\n  " +
                                       (dir / "moves.txt").string() + " line 4: 'KD@A1': ruling R11 (rule 5): "));
  CHECK(gamehost::read_log(log).record.plies_size() == 3);
  const auto again = test::run_gamehost(keep);
  CHECK(again.exit_code == 1);
  CHECK(again.err == "gamehost: error: " + log + ": already exists (use --force to overwrite it)\n");
}

TEST_CASE("a hand-written PPN game imports move by move with its people and comments", "[cli][records][ppn]") {
  const auto dir = test::temp_dir("records-ppn");
  const auto log = (dir / "club.ghlog").string();
  const auto r = test::run_gamehost({"import", "--from", "ppn", record("club-game.ppn"), "--out", log});
  CHECK(r.exit_code == 3);  // a valid but unfinished game
  CHECK(r.out == log + ": 11 plies, every one checked (unfinished)\n");
  const auto plies = plies_of(log);
  REQUIRE(plies.size() == 11);
  const std::vector<std::string> expected = {"RT@B1", "claim@B1", "BD@E1", "BT@C1", "claim@C1", "RT@E4",
                                             "claim@E4", "GT@C5", "decline", "GD@C6", "decline"};
  const auto parsed = gamehost::read_log(log);
  for (int i = 0; i < 11; ++i) CHECK(parsed.record.plies(i).notation() == expected[static_cast<std::size_t>(i)]);
  CHECK(parsed.record.header().players(1).person() == "Bob Marsh");
  CHECK_THAT(test::run_gamehost({"show", log, "--ply", "2"}).out,
             Catch::Contains("Note: A tower in the corner, claimed at once\n"));
  CHECK_THAT(test::run_gamehost({"show", log, "--ply", "11"}).out, Catch::Contains("Note: White keeps two caps\n"));
  // Exported back: the same header and moves as written (comments stay in the notes).
  const auto ppn = test::run_gamehost({"export", log, "--format", "ppn"});
  CHECK(ppn.exit_code == 0);
  std::string fixture = test::read_file(record("club-game.ppn"));
  for (const std::string c : {" {A tower in the corner, claimed at once}", " {White keeps two caps}"})
    fixture.erase(fixture.find(c), c.size());
  CHECK(ppn.out == fixture);
}

TEST_CASE("a PPN game with an illegal move stops there, names it, or keeps the legal part", "[cli][records][ppn]") {
  const auto dir = test::temp_dir("records-ppn-illegal");
  const auto log = (dir / "x.ghlog").string();
  const std::string why = record("illegal-move.ppn") +
                          " line 15, move 3... 'M@c6': ruling R10 (rule 2): a black dome goes on a black tile while "
                          "one can take it, e.g. A1";
  const auto r = test::run_gamehost({"import", "--from", "ppn", record("illegal-move.ppn"), "--out", log});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: " + why + "\n");
  CHECK_FALSE(std::filesystem::exists(log));
  const auto kept =
      test::run_gamehost({"import", "--from", "ppn", record("illegal-move.ppn"), "--out", log, "--keep-legal"});
  CHECK(kept.exit_code == 3);
  CHECK(kept.out == log + ": kept the 9 plies before the first illegal move:\n  " + why + "\n");
  CHECK(gamehost::read_log(log).record.plies_size() == 9);
}

TEST_CASE("importing only the final position (--position-only) scores it tower by tower", "[cli][records][ppn]") {
  const auto dir = test::temp_dir("records-position");
  const auto log = (dir / "final.ghlog").string();
  const auto r = test::run_gamehost(
      {"import", "--from", "ppn", record("illegal-move.ppn"), "--out", log, "--position-only"});
  CHECK(r.exit_code == 0);
  CHECK(r.out == log + ": the final position of 6 turns, not checked move by move\n");
  const auto shown = test::run_gamehost({"show", log});
  CHECK(shown.exit_code == 0);
  CHECK_THAT(shown.out, Catch::Contains(" 6  r... r*.. g.k. g*.. r... r*.. b... b...\n"));
  CHECK_THAT(shown.out, Catch::Contains("White:\n  red tower E4: 2 customers x 5 = 10 (competitor B1); customers E1 C5\n"
                                        "  bonus at C5: White owns the nearest red tower (E4), 2 away: 10 - 2 x 2 = 6\n"
                                        "  total 16\n"));
  CHECK_THAT(shown.out, Catch::Contains("Black:\n  red tower B1: 1 customer x 5 = 5 (competitor E4); customers C1\n"
                                        "  blue tower C1: 1 customer x 0 = 0 (no competitor); customers B1\n"
                                        "  bonus at C5: Black owns the nearest blue tower (C1), 3 away: 10 - 2 x 3 = 4\n"
                                        "  total 9\n"));
}

TEST_CASE("an Abstract Play record maps to the same game, colours exchanged; a wrong pass is refused",
          "[cli][records][abstractplay]") {
  const auto dir = test::temp_dir("records-ap");
  const auto ap = (dir / "ap.ghlog").string(), ppn = (dir / "ppn.ghlog").string();
  const auto r = test::run_gamehost({"import", "--from", "abstractplay", record("abstractplay-game.json"), "--out", ap});
  CHECK(r.exit_code == 3);
  CHECK(r.out == ap + ": 11 plies, every one checked (unfinished)\n");
  REQUIRE(test::run_gamehost({"import", "--from", "ppn", record("club-game.ppn"), "--out", ppn}).exit_code == 3);
  CHECK(plies_of(ap) == plies_of(ppn));  // the same city, the same game
  const auto header = gamehost::read_log(ap).record.header();
  CHECK(header.players(0).person() == "Carla");
  CHECK(header.event() == "Spring ladder");
  CHECK(header.site() == "Abstract Play");
  const auto bad = test::run_gamehost(
      {"import", "--from", "abstractplay", record("abstractplay-illegal.json"), "--out", (dir / "x.ghlog").string()});
  CHECK(bad.exit_code == 1);
  CHECK(bad.err == "gamehost: error: " + record("abstractplay-illegal.json") +
                       ": round 3, player 2 'pass': White passes but can build (R6: only a player with no legal build "
                       "is skipped)\n");
}

TEST_CASE("log -> PPN -> log gives the same actions and states", "[cli][records][ppn]") {
  const auto dir = test::temp_dir("records-roundtrip");
  for (int seed = 1; seed <= 4; ++seed) {
    CAPTURE(seed);
    const auto played = (dir / ("p" + std::to_string(seed) + ".ghlog")).string();
    const auto back = (dir / ("b" + std::to_string(seed) + ".ghlog")).string();
    REQUIRE(test::run_gamehost({"play", "alien_city", "--seed", std::to_string(seed), "--player1", "random",
                                "--player2", "random", "--out", played, "-q"})
                .exit_code == 0);
    const auto ppn = test::run_gamehost({"export", played, "--format", "ppn"});
    REQUIRE(ppn.exit_code == 0);
    test::write_file(dir / "game.ppn", ppn.out);
    const auto im = test::run_gamehost({"import", "--from", "ppn", (dir / "game.ppn").string(), "--out", back});
    CHECK(im.exit_code == 0);
    CHECK(plies_of(back) == plies_of(played));
    CHECK(gamehost::read_log(back).record.result().result() == gamehost::read_log(played).record.result().result());
    CHECK(test::run_gamehost({"export", back, "--format", "ppn"}).out == ppn.out);
  }
}
