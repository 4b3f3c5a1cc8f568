// verify checks every field of a log (issue 11): logs made by the real
// gamehost, edited field by field, and verified by the real gamehost.
#include <catch2/catch.hpp>
#include <fmt/core.h>

#include "gamehost/records/game_log.h"
#include "test_support.h"

namespace {

// A finished Alien City game played by the real binary.
std::string played_log(const std::filesystem::path& dir, const std::string& name = "game.ghlog") {
  const auto path = (dir / name).string();
  const auto r = test::run_gamehost({"play", "alien_city", "--seed", "3", "--player1", "random:seed=1", "--player2",
                                     "greedy:seed=2", "--out", path, "-q"});
  REQUIRE(r.exit_code == 0);
  return path;
}

// Writes `record` as a log next to the original and returns its path.
std::string write_edited(const std::filesystem::path& dir, const std::string& name, const gamehost::pb::GameRecord& record) {
  const auto path = (dir / name).string();
  test::write_file(path, gamehost::encode_log(record));
  return path;
}

std::string error_of(const std::string& path) {
  const auto r = test::run_gamehost({"verify", path});
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  return r.err;
}

}  // namespace

TEST_CASE("verify refuses a log whose notation was edited", "[trust][verify]") {
  const auto dir = test::temp_dir("fields-notation");
  const auto original = gamehost::read_log(played_log(dir));
  auto record = original.record;
  const std::string played = record.plies(4).notation();
  record.mutable_plies(4)->set_notation("BT@A1");
  const auto path = write_edited(dir, "tampered-notation.ghlog", record);
  CHECK(error_of(path) == fmt::format("gamehost: error: {}: byte {}, ply 5: the notation 'BT@A1' is not action {}'s: "
                                      "the game writes it '{}'\n",
                                      path, original.ply_offsets[4], record.plies(4).action_id(), played));
}

TEST_CASE("verify compares the result by meaning, not by its wording", "[trust][verify]") {
  const auto dir = test::temp_dir("fields-result");
  const auto original = gamehost::read_log(played_log(dir));
  const std::string sentence = original.record.result().result();
  auto record = original.record;
  record.mutable_result()->set_result("The game is over; see the scores.");
  auto path = write_edited(dir, "reworded.ghlog", record);
  auto r = test::run_gamehost({"verify", path});
  CHECK(r.exit_code == 0);
  CHECK(r.err.empty());
  CHECK(r.out == fmt::format("{}: OK: alien_city 1.0.0, seed 3, {} plies verified\nResult: {}\n"
                             "Note: the log words the result \"The game is over; see the scores.\" (same returns and "
                             "scores)\n",
                             path, record.plies_size(), sentence));

  const auto result_at = gamehost::read_log(path).result_offset;
  record = original.record;
  record.mutable_result()->set_returns(0, -record.result().returns(0));
  path = write_edited(dir, "returns.ghlog", record);
  CHECK(error_of(path) == fmt::format("gamehost: error: {}: byte {}, result: the recorded returns [{}, {}] differ from "
                                      "the replay's [{}, {}]\n",
                                      path, result_at, record.result().returns(0), record.result().returns(1),
                                      original.record.result().returns(0), original.record.result().returns(1)));
  record = original.record;
  record.mutable_result()->set_scores(1, record.result().scores(1) + 1);
  path = write_edited(dir, "scores.ghlog", record);
  CHECK(error_of(path) == fmt::format("gamehost: error: {}: byte {}, result: the recorded scores [{}, {}] differ from "
                                      "the replay's [{}, {}]\n",
                                      path, result_at, record.result().scores(0), record.result().scores(1),
                                      original.record.result().scores(0), original.record.result().scores(1)));
}

TEST_CASE("verify checks the seed, options, setup and players against a fresh start", "[trust][verify]") {
  const auto dir = test::temp_dir("fields-header");
  const auto original = gamehost::read_log(played_log(dir));
  const std::string prefix = "gamehost: error: ";

  auto record = original.record;
  record.mutable_header()->set_seed(4);
  auto path = write_edited(dir, "seed.ghlog", record);
  CHECK(error_of(path) == prefix + path + ": byte 12, header: the initial state is not the one seed 4 and the "
                                          "recorded options give\n");

  record = original.record;
  record.mutable_header()->mutable_options(0)->set_value("piecepack");
  path = write_edited(dir, "option.ghlog", record);
  CHECK(error_of(path) == prefix + path + ": byte 12, header: the initial state is not the one seed 3 and the "
                                          "recorded options give\n");

  record = original.record;
  record.mutable_header()->mutable_options(0)->set_value("random");
  path = write_edited(dir, "option-value.ghlog", record);
  CHECK(error_of(path) == prefix + path + ": byte 12, header: the recorded options are refused by the game: option "
                                          "setup: 'random' is not one of balanced, piecepack\n");

  record = original.record;
  record.mutable_header()->mutable_options()->RemoveLast();
  path = write_edited(dir, "option-missing.ghlog", record);
  CHECK(error_of(path) == prefix + path + ": byte 12, header: option position is missing (the game resolves it to '')\n");

  record = original.record;
  record.mutable_header()->set_setup("A1 R  A2 G");
  path = write_edited(dir, "setup.ghlog", record);
  CHECK(error_of(path) == prefix + path + ": byte 12, header: the recorded setup is not the initial state's setup\n");

  record = original.record;
  record.mutable_header()->mutable_players(1)->set_name("Red");
  path = write_edited(dir, "player-name.ghlog", record);
  CHECK(error_of(path) == prefix + path + ": byte 12, header: player 2 is named 'Red', but seat 2 of alien_city is 'White'\n");

  record = original.record;
  *record.mutable_header()->add_players() = record.header().players(0);
  path = write_edited(dir, "players.ghlog", record);
  CHECK(error_of(path) == prefix + path + ": byte 12, header: the log names 3 players (Black, White, Black), "
                                          "alien_city has 2 seats\n");

  // The untouched log still verifies.
  record = original.record;
  path = write_edited(dir, "same.ghlog", record);
  CHECK(test::run_gamehost({"verify", path}).exit_code == 0);
}
