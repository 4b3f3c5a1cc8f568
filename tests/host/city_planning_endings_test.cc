// City Planning's rarer endings (C17), played through the real gamehost
// binary and plugin from positions near them: the last tile placed (no tile
// face up or in the stack) and the 200-turn bound, with exact final scores;
// the logs verify.
#include <catch2/catch.hpp>

#include "gamehost/records/game_log.h"
#include "test_support.h"

namespace {

// Plays `moves` (one per line) for both seats from `diagram`; the log.
gamehost::pb::GameRecord play_out(const std::string& name, const std::string& diagram, const std::string& moves,
                                  const std::string& result) {
  const auto dir = test::temp_dir("cp-ending-" + name);
  test::write_file(dir / "start.txt", diagram);
  const std::string log = (dir / "end.ghlog").string();
  const auto r = test::run_gamehost({"play", "city_planning", "--position", (dir / "start.txt").string(), "--seed",
                                     "1", "--player1", "human", "--player2", "human", "--out", log},
                                    moves);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("\nResult: " + result));
  const auto v = test::run_gamehost({"verify", log});
  CHECK(v.exit_code == 0);
  CHECK_THAT(v.out, Catch::Contains("\nResult: " + result.substr(0, result.find(" after ")) + "\n"));
  return gamehost::read_log(log).record;
}

}  // namespace

TEST_CASE("City Planning ends when the last tile is placed, with exact scores", "[cli][cp][C17]") {
  // 23 tiles already Zones in four bands of rows; C0, the last, face up
  // with 3 stones waiting. A places it touching the lowest band: +3 (C10).
  const char* names[] = {"C", "S", "M", "A"};
  std::vector<std::string> rows(19);
  int t = 1;  // C0 (id 0) is the one left
  for (int band = 0; band < 4 && t < 24; ++band)
    for (int slot = 0; slot < 6 && t < 24; ++slot, ++t)
      for (int r = 0; r < 3; ++r)
        for (int k = 0; k < 3; ++k) rows[18 - band * 3 - r] += names[t / 6] + std::to_string(t % 6) + " ";
  std::string d = "phase: A main\nscore: A 10 B 7\nface-up: -  C0+3 -\n";
  for (int r = 18; r >= 7; --r) d += std::to_string(r + 1) + " " + rows[r] + "\n";
  d += " 6 .  .  .  .  .  .  .  .  O\n 3 .  .  .  .  .  .  .  .  O\n";
  const auto record = play_out("tiles", d, "zone C0@J6\n", "A wins 13 to 7: no tile face up or in the stack (C17) after 1 ply");
  REQUIRE(record.result().scores_size() == 2);
  CHECK(record.result().scores(0) == 13);
  CHECK(record.result().scores(1) == 7);
}

TEST_CASE("City Planning ends after 200 turns, with exact scores", "[cli][cp][C17]") {
  // B's turn (198) ends with a pass, which adds a stone to each face-up tile
  // (C15: C1 now has 3). A's turn (199): a Population and a Resource stone,
  // then a Zone on C1 with its 3 waiting stones (+3, C10); a tile is turned
  // up (C16) and the game ends with that turn, the 200th (C17).
  const std::string d =
      "phase: B main\nturn: 198\nscore: A 5 B 3\nface-up: C1+2 M2+1 -\nhand A: M3 S1 A2\nhand B: C3 C4 C5\n"
      "10 .  .  O  O  O\n 9 .  .  O  O  O\n";
  const auto record = play_out("turns", d, "pass\nP@F9\nR@G9\nzone C1@D11\n",
                               "A wins 8 to 3: the 200-turn bound (C17) after 5 plies");
  REQUIRE(record.plies_size() == 5);
  CHECK(record.plies(4).player() == -1);  // the tile turned up
  CHECK(record.result().scores(0) == 8);
  CHECK(record.result().scores(1) == 3);
}
