// `takeback` in local play (gamehost play, a human seat; docs/logs.md,
// "Takebacks") scripted through stdin against the real gamehost binary: the
// seat's last move and the replies since are kept in the log, marked taken
// back, the game goes on from the position before them, the log verifies,
// and a resumed game knows what was taken back.
#include <catch2/catch.hpp>
#include <fmt/core.h>

#include "gamehost/records/game_log.h"
#include "test_support.h"

namespace {

// The position after `ply` as `gamehost show` prints it, without its title.
std::string shown(const std::filesystem::path& log, int ply) {
  const auto r = test::run_gamehost({"show", log.string(), "--ply", std::to_string(ply)});
  REQUIRE(r.exit_code == 0);
  return r.out.substr(r.out.find('\n'));
}

}  // namespace

TEST_CASE("play: a human takes back a move and the reply, recorded and resumable", "[cli][takeback]") {
  const auto dir = test::temp_dir("takeback-play");
  const auto log_path = dir / "game.ghlog";
  // Black builds and declines the claim, White the same; Black takes both
  // moves back (nothing is left to take back then) and builds elsewhere.
  const auto played = test::run_gamehost(
      {"play", "alien_city", "--seed", "1", "--player1", "human", "--player2", "human", "--out", log_path.string()},
      "takeback\nRT@B1\ndecline\nRT@B2\ndecline\ntakeback\ntakeback\nRT@B2\n"
      "decline\n");
  INFO(played.out);
  CHECK_THAT(played.out, Catch::Contains("Black> No takeback: that seat has no move to take back.\n"));
  CHECK_THAT(played.out, Catch::Contains("   4. White  decline\n"));
  CHECK_THAT(played.out, Catch::Contains("Black> Taken back: plies 1-4; Black to move again\n"));
  CHECK_THAT(played.out, Catch::Contains("Black> No takeback: that seat has not moved since the last takeback.\n"));
  CHECK_THAT(played.out, Catch::Contains("   5. Black  RT@B2\n"));

  const auto log = gamehost::read_log(log_path);
  REQUIRE(log.record.plies_size() == 6);
  for (int i = 0; i < 6; ++i) CHECK(log.record.plies(i).taken_back() == (i < 4));
  CHECK(log.record.plies(0).taken_back_plies() == 4);
  CHECK_FALSE(log.record.plies(1).has_taken_back_plies());
  const auto verified = test::run_gamehost({"verify", log_path.string()});
  CHECK_THAT(verified.out, Catch::Contains("unfinished: alien_city 1.0.0, seed 1, 6 plies verified"));
  // After the stretch: the position before it; inside it, the line as played.
  CHECK(shown(log_path, 4) == shown(log_path, 0));
  CHECK(shown(log_path, 2) != shown(log_path, 0));
  const auto text = test::run_gamehost({"export", log_path.string(), "--format", "text"});
  CHECK_THAT(text.out,
             Catch::Contains("White  decline    id 640") && Catch::Contains("taken back\n     5. Black  RT@B2"));

  // Resumed, White is to move; its move was taken back, none since.
  const auto resumed = test::run_gamehost({"play", "--resume", log_path.string()}, "takeback\n");
  INFO(resumed.out);
  CHECK_THAT(resumed.out, Catch::Contains("White> No takeback: that seat has not moved since the last takeback.\n"));
}

TEST_CASE("play: a human takes back a move and an engine's reply", "[cli][takeback]") {
  const auto dir = test::temp_dir("takeback-engine");
  const auto log_path = dir / "game.ghlog";
  const auto played = test::run_gamehost({"play", "alien_city", "--seed", "1", "--player1", "human", "--player2",
                                          "random:seed=3", "--out", log_path.string()},
                                         "RT@B1\ndecline\ntakeback\nquit\n");
  INFO(played.out);
  const auto log = gamehost::read_log(log_path);
  const int plies = log.record.plies_size();
  REQUIRE(plies >= 3);  // Black's two plies and White's reply
  CHECK_THAT(played.out, Catch::Contains(fmt::format("Taken back: plies 1-{}; Black to move again\n", plies)));
  CHECK(log.record.plies(0).taken_back_plies() == static_cast<std::uint32_t>(plies));
  for (int i = 0; i < plies; ++i) CHECK(log.record.plies(i).taken_back());
  CHECK_THAT(test::run_gamehost({"verify", log_path.string()}).out,
             Catch::Contains(fmt::format("{} plies verified", plies)));
  CHECK(shown(log_path, plies) == shown(log_path, 0));
}

TEST_CASE("verify refuses a stretch of taken-back plies that the log does not hold", "[cli][takeback]") {
  const auto dir = test::temp_dir("takeback-bad");
  const auto good = dir / "good.ghlog";
  const auto played = test::run_gamehost(
      {"play", "alien_city", "--seed", "1", "--player1", "human", "--player2", "human", "--out", good.string()},
      "RT@B1\ndecline\nRT@B2\ndecline\ntakeback\nRT@B2\ndecline\n");
  REQUIRE(played.out.find("Taken back: plies 1-4") != std::string::npos);
  const auto bad = [&](const std::string& name, auto edit) {
    auto record = gamehost::read_log(good).record;
    edit(record);
    const auto path = dir / (name + ".ghlog");
    test::write_file(path, gamehost::encode_log(record));
    return test::run_gamehost({"verify", path.string()});
  };
  // Longer than the log, or over a ply not marked taken back.
  const auto past = bad("past", [](gamehost::pb::GameRecord& r) { r.mutable_plies(0)->set_taken_back_plies(7); });
  CHECK(past.exit_code != 0);
  CHECK_THAT(past.err, Catch::Contains("past.ghlog: byte ") &&
                           Catch::Contains(", ply 1: taken_back_plies 7 does not mark a stretch of the log's "
                                           "taken-back plies"));
  const auto unmarked = bad("unmarked", [](gamehost::pb::GameRecord& r) { r.mutable_plies(3)->clear_taken_back(); });
  CHECK(unmarked.exit_code != 0);
  CHECK_THAT(unmarked.err, Catch::Contains(", ply 4: a ply of a stretch taken back is not marked taken back"));
  // Without the count, the plies are single takebacks: Black's decline
  // (ply 2) is then played from the start, where Black must build.
  const auto single = bad("single", [](gamehost::pb::GameRecord& r) { r.mutable_plies(0)->clear_taken_back_plies(); });
  CHECK(single.exit_code != 0);
  CHECK_THAT(single.err, Catch::Contains(", ply 2: illegal action 640 (decline): ruling R5: there is no claim to "
                                         "decline: Black must build"));
}
