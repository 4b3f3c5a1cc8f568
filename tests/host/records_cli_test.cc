// Games played elsewhere, end to end through the gamehost binary: entering
// a game at stdin and from a file, notes beside a log, PPN and Abstract
// Play records imported (legal, illegal, final position only) and exported.
#include <catch2/catch.hpp>

#include "gamehost/formats/notes.h"
#include "gamehost/records/game_log.h"
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

// A random game of Alien City played by the real gamehost, logged as `name` in `dir`.
std::string random_game(const std::filesystem::path& dir, const std::string& name, int seed) {
  const auto path = (dir / name).string();
  REQUIRE(test::run_gamehost({"play", "alien_city", "--seed", std::to_string(seed), "--player1", "random",
                              "--player2", "random", "--out", path, "-q"})
              .exit_code == 0);
  return path;
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
      "why\n"
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
  CHECK_THAT(r.out, Catch::Contains("ply 4, Black> why LOT: name the lot, e.g. why E5\n"));
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
  // One naming rule for every file beside a log: the extension replaced.
  const std::string notes_file = std::filesystem::path(log).replace_extension(".ghnotes").string();
  CHECK(note.out == notes_file + ": note on ply 2\n");
  CHECK(test::read_file(log) == before);  // the log never changes
  const auto bad = test::run_gamehost({"annotate", log, "--ply", "4", "too far"});
  CHECK(bad.exit_code == 1);
  CHECK(bad.err == "gamehost: error: " + log + ": no ply 4: the log has plies 0..3\n");

  const auto shown = test::run_gamehost({"show", log, "--ply", "2"});
  CHECK(shown.exit_code == 0);
  CHECK_THAT(shown.out, Catch::StartsWith("Position after ply 2 of 3 (unfinished game)\n"
                                          "players: Black = Ann Lee, White = Bob Marsh\n"
                                          "event: Club night, round 2\nsite: Lyon\ndate: 2024-05-18\n"
                                          "source: entered by hand\nnotes on ply 2\n"
                                          "Note: Claimed at once: a bold start\n"));
  // As one seat sees it: the same people and notes.
  CHECK_THAT(test::run_gamehost({"show", log, "--ply", "2", "--as", "White"}).out,
             Catch::StartsWith("Position after ply 2 of 3 (unfinished game), as White sees it\n"
                               "players: Black = Ann Lee, White = Bob Marsh\n"
                               "event: Club night, round 2\nsite: Lyon\ndate: 2024-05-18\n"
                               "source: entered by hand\nnotes on ply 2\n"
                               "Note: Claimed at once: a bold start\n"));
  CHECK_THAT(test::run_gamehost({"show", log, "--ply", "1"}).out, !Catch::Contains("Note:"));
  CHECK_THAT(test::run_gamehost({"export", log, "--format", "text"}).out,
             Catch::Contains("players: Black = Ann Lee, White = Bob Marsh\nevent: Club night, round 2\n"));

  // Notes made under the old name (LOG.ghlog.ghnotes) still open, and a new
  // note goes on in that file.
  std::filesystem::rename(notes_file, log + ".ghnotes");
  CHECK_THAT(test::run_gamehost({"show", log, "--ply", "2"}).out, Catch::Contains("Note: Claimed at once: a bold start\n"));
  CHECK(test::run_gamehost({"annotate", log, "--ply", "3", "later"}).out == log + ".ghnotes: note on ply 3\n");
  CHECK_FALSE(std::filesystem::exists(notes_file));
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
  // The kept log says where it was cut and why, as a note on its last ply.
  CHECK_THAT(test::run_gamehost({"show", log, "--ply", "3"}).out,
             Catch::Contains("notes on ply 3\nNote: Kept up to here: the record goes on with a refused decision: " +
                             (dir / "moves.txt").string() + " line 4: 'KD@A1': ruling R11 (rule 5): A1 is its tile's icon lot"));
  const auto again = test::run_gamehost(keep);
  CHECK(again.exit_code == 1);
  CHECK(again.err == "gamehost: error: " + log + ": already exists (use --force to overwrite it)\n");
}

TEST_CASE("enter from a file runs undo, show and why LOT as typed, and names the line of an illegal move",
          "[cli][records]") {
  const auto dir = test::temp_dir("records-file-commands");
  const auto moves = (dir / "moves.txt").string(), log = (dir / "g.ghlog").string();
  test::write_file(moves,
                   "RT@B1\n"     // 1
                   "undo\n"      // 2
                   "undo\n"      // 3: nothing left to undo
                   "RT@B1\n"     // 4
                   "claim@B1\n"  // 5
                   "why A1\n"    // 6
                   "why B1\n"    // 7
                   "show\n"      // 8
                   "BD@E1\n"     // 9
                   "GT@B1\n");   // 10: B1 is built
  const auto r = test::run_gamehost({"enter", "alien_city", "-o", "layout=" + kLayout, moves, "--out", log});
  CHECK(r.exit_code == 1);
  CHECK(r.out.rfind("   1. Black  RT@B1\nUndone: back to ply 0, Black to move.\n"
                    "Nothing to undo: no decision entered yet.\n   1. Black  RT@B1\n   2. Black  claim@B1\n"
                    "A1: ruling R11 (rule 5): A1 is its tile's icon lot, built last: B2 on the same tile can still be built\n"
                    "B1: ruling R7 (rule 1): B1 is already built on\n"
                    "to-move: White build\n",
                    0) == 0);
  // The board as a terminal shows it: the last decision (claim@B1) in
  // brackets, Black's cap as ●.
  CHECK_THAT(r.out, Catch::Contains(" 1  k*..[k.R●]b... b*.. b... b*.. b... b...\n"));
  CHECK_THAT(r.out, Catch::Contains("Score:\nWhite:\n  total 0\nBlack:\n  red tower B1: 0 customers x 0 = 0"));
  CHECK_THAT(r.out, Catch::EndsWith("   3. White  BD@E1\n"));
  CHECK(r.err == "gamehost: error: " + moves + " line 10: 'GT@B1': ruling R7 (rule 1): B1 is already built on\n");
  CHECK_FALSE(std::filesystem::exists(log));
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
  // A comment after a build is on the build's ply, one after a cap on the claim's.
  CHECK_THAT(test::run_gamehost({"show", log, "--ply", "10"}).out, Catch::Contains("Note: White keeps two caps\n"));
  CHECK_THAT(test::run_gamehost({"show", log, "--ply", "11"}).out, !Catch::Contains("Note:"));
  // Exported back: the same header, moves and comments as written.
  const auto ppn = test::run_gamehost({"export", log, "--format", "ppn"});
  CHECK(ppn.exit_code == 0);
  CHECK(ppn.out == test::read_file(record("club-game.ppn")));
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
  const auto notes = gamehost::formats::notes_by_ply(log, gamehost::read_log(log));
  CHECK(notes == gamehost::formats::NotesByPly{
                     {2, {"A tower in the corner, claimed at once"}},
                     {9, {"Kept up to here: the record goes on with a refused decision: " + why}}});
}

TEST_CASE("importing only the final position (--position-only) scores it tower by tower", "[cli][records][ppn]") {
  const auto dir = test::temp_dir("records-position");
  const auto log = (dir / "final.ghlog").string();
  const auto r = test::run_gamehost(
      {"import", "--from", "ppn", record("illegal-move.ppn"), "--out", log, "--position-only"});
  CHECK(r.exit_code == 0);
  CHECK(r.out == log + ": the final position of 6 turns, not checked move by move\n");
  // The record's comments are kept, on the only position the log has.
  CHECK(gamehost::formats::notes_by_ply(log, gamehost::read_log(log)) ==
        gamehost::formats::NotesByPly{{0, {"A tower in the corner, claimed at once"}}});
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

// Records in the wild break rules: the final position is imported all the
// same, scored, and the broken rule named (ruling R17, docs/gamehost.md).
TEST_CASE("importing the final position of a record that breaks the street rule scores it with a warning",
          "[cli][records][ppn][split]") {
  const auto dir = test::temp_dir("records-cut-off");
  const auto log = (dir / "cut.ghlog").string();
  const auto r = test::run_gamehost(
      {"import", "--from", "ppn", record("cut-off.ppn"), "--out", log, "--position-only"});
  CHECK(r.exit_code == 0);
  CHECK(r.out == log + ": the final position of 5 turns, not checked move by move: Draw 0 - 0\n"
                       "  Warning: ruling R8 (rule 4): no street touches the structure on B1\n"
                       "  Warning: ruling R17: scored as it stands; a tower counts only what its streets reach, "
                       "and no build can mend the streets, so the game is over\n");
  const auto shown = test::run_gamehost({"show", log});
  CHECK(shown.exit_code == 0);
  CHECK_THAT(shown.out, Catch::Contains("Warning: ruling R8 (rule 4): no street touches the structure on B1\n"));
  CHECK_THAT(shown.out, Catch::Contains("  red tower E4: 0 customers x 0 = 0 (no competitor it can reach: B1, "
                                        "ruling R17)\n"));
  CHECK(test::run_gamehost({"verify", log}).exit_code == 0);
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
    const auto played = random_game(dir, "p" + std::to_string(seed) + ".ghlog", seed);
    const auto back = (dir / ("b" + std::to_string(seed) + ".ghlog")).string();
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

TEST_CASE("notes travel through PPN as comments: log -> PPN -> log keeps them on their plies", "[cli][records][ppn]") {
  const auto dir = test::temp_dir("records-notes-ppn");
  const auto played = random_game(dir, "played.ghlog", 3), back = (dir / "back.ghlog").string();
  const auto log = gamehost::read_log(played);
  const int plies = log.record.plies_size();
  // The first build followed by a claim, one followed by a decline, and a
  // build with neither (no claim was possible).
  int capped = 0, declined = 0, alone = 0;
  for (int i = 0; i + 1 < plies; ++i) {
    const std::string n = log.record.plies(i).notation(), next = log.record.plies(i + 1).notation();
    if (n.find("T@") == std::string::npos && n.find("D@") == std::string::npos) continue;
    if (!capped && next.rfind("claim@", 0) == 0) capped = i + 1;
    if (!declined && next == "decline") declined = i + 1;
    if (!alone && next != "decline" && next.rfind("claim@", 0) != 0) alone = i + 1;
  }
  REQUIRE(capped > 0);
  REQUIRE(declined > 0);
  REQUIRE(alone > 0);
  const std::vector<std::pair<int, std::string>> written = {
      {0, "Seed 3: a random game"},
      {capped, "Built, then capped"},
      {capped + 1, "The cap"},
      {capped + 1, "A second note on the cap"},
      {declined, "Built, no cap"},
      {declined + 1, "Declined: PPN writes no decline"},
      {alone, "Nothing to claim after this one\nover two lines"},
      {plies, "The last decision"}};
  for (const auto& [ply, text] : written)
    REQUIRE(test::run_gamehost({"annotate", played, "--ply", std::to_string(ply), text}).exit_code == 0);
  const auto ppn = test::run_gamehost({"export", played, "--format", "ppn"});
  REQUIRE(ppn.exit_code == 0);
  CHECK_THAT(ppn.out, Catch::Contains("...\n{Seed 3: a random game}\n1. "));
  CHECK_THAT(ppn.out, Catch::Contains("{The cap} {A second note on the cap}"));
  CHECK_THAT(ppn.out, Catch::Contains("{Built, no cap} {Declined: PPN writes no decline}"));
  CHECK_THAT(ppn.out, Catch::EndsWith(" {The last decision}\n{ " + log.record.result().result() + " }\n"));
  test::write_file(dir / "game.ppn", ppn.out);
  const auto im = test::run_gamehost({"import", "--from", "ppn", (dir / "game.ppn").string(), "--out", back});
  CHECK(im.exit_code == 0);
  CHECK(plies_of(back) == plies_of(played));
  // Every note on its ply, in order, except the decline's: PPN has no
  // decline, so its note comes back on the build before it. The result
  // comment is not a note.
  auto expected = gamehost::formats::notes_by_ply(played, log);
  auto& build = expected[declined];
  build.insert(build.end(), expected[declined + 1].begin(), expected[declined + 1].end());
  expected.erase(declined + 1);
  CHECK(gamehost::formats::notes_by_ply(back, gamehost::read_log(back)) == expected);
  CHECK(test::run_gamehost({"export", back, "--format", "ppn"}).out == ppn.out);

  // A '}' would end the comment early: refused, naming the ply.
  REQUIRE(test::run_gamehost({"annotate", played, "--ply", "1", "a {braced} word"}).exit_code == 0);
  const auto bad = test::run_gamehost({"export", played, "--format", "ppn"});
  CHECK(bad.exit_code == 1);
  CHECK(bad.err == "gamehost: error: PPN export: the note on ply 1 holds a '}', which would end its PPN comment: a "
                   "{braced} word\n");
  // A new log over an old one: the old notes are refused, or replaced with --force.
  const auto again = test::run_gamehost({"import", "--from", "ppn", (dir / "game.ppn").string(), "--out", played});
  CHECK(again.exit_code == 1);
  CHECK(again.err == "gamehost: error: " + played + ": already exists (use --force to overwrite it)\n");
  std::filesystem::remove(played);
  const auto stale = test::run_gamehost({"import", "--from", "ppn", (dir / "game.ppn").string(), "--out", played});
  CHECK(stale.exit_code == 1);
  CHECK(stale.err == "gamehost: error: " + std::filesystem::path(played).replace_extension(".ghnotes").string() +
                         ": already exists, notes of an earlier log (use --force to remove them)\n");
  CHECK(test::run_gamehost({"import", "--from", "ppn", (dir / "game.ppn").string(), "--out", played, "--force"})
            .exit_code == 0);
  CHECK(gamehost::formats::notes_by_ply(played, gamehost::read_log(played)) == expected);
}

TEST_CASE("a taken-back move is not written to PPN; its notes go with the move played instead", "[cli][records][ppn]") {
  const auto dir = test::temp_dir("records-takeback-ppn");
  const auto played = random_game(dir, "played.ghlog", 2), coached = (dir / "coached.ghlog").string();
  // The same game with ply 5 played, taken back and played again (as the
  // coach records it: the move taken back, then the one played instead).
  auto record = gamehost::read_log(played).record;
  const int k = 4;
  auto* plies = record.mutable_plies();
  auto undone = plies->Get(k);
  undone.set_taken_back(true);
  plies->Add();
  for (int j = plies->size() - 1; j > k; --j) plies->SwapElements(j, j - 1);
  *plies->Mutable(k) = undone;
  for (int j = 0; j < plies->size(); ++j) plies->Mutable(j)->set_ply(static_cast<std::uint32_t>(j + 1));
  record.mutable_result()->set_plies(record.result().plies() + 1);
  test::write_file(coached, gamehost::encode_log(record));
  REQUIRE(test::run_gamehost({"verify", coached}).exit_code == 0);

  REQUIRE(test::run_gamehost({"annotate", coached, "--ply", "5", "Too early: taken back"}).exit_code == 0);
  REQUIRE(test::run_gamehost({"annotate", played, "--ply", "5", "Too early: taken back"}).exit_code == 0);
  const auto with_takeback = test::run_gamehost({"export", coached, "--format", "ppn"});
  CHECK(with_takeback.exit_code == 0);
  CHECK(with_takeback.out == test::run_gamehost({"export", played, "--format", "ppn"}).out);
  CHECK_THAT(with_takeback.out, Catch::Contains("{Too early: taken back}"));
}
