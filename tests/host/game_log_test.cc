// The log format: writing, reading back, and every way a file can be bad
// (truncated anywhere, a flipped byte, wrong magic or version, a bad length,
// an illegal action, a wrong state hash, an unknown game).
#include <catch2/catch.hpp>

#include "alien_city/core/rules.h"
#include "alien_city/core/serialize.h"
#include "gamehost/records/game_log.h"
#include "gamehost/play/play.h"
#include "gamehost/calls/registry.h"
#include "gamehost/records/replay.h"
#include "test_support.h"

using namespace gamehost;

namespace {

// A recorded random game (seed 3) and its bytes.
struct Recorded {
  std::filesystem::path path;
  std::string bytes;
  GameLog log;
};

Recorded record_game(Plugin& plugin, const std::string& name, std::uint64_t seed = 3) {
  Recorded r;
  r.path = test::temp_dir("logs-" + name) / "game.ghlog";
  PlaySettings s;
  s.seed = seed;
  s.agents = {"random:seed=1", "random:seed=2"};
  s.log_path = r.path;
  s.quiet = true;
  play_game(plugin, s);
  r.bytes = test::read_file(r.path);
  r.log = parse_log(r.bytes, "game.ghlog");
  return r;
}

std::string replay_error(Plugin& plugin, const std::string& bytes) {
  try {
    replay(plugin, parse_log(bytes, "game.ghlog"));
  } catch (const HostError& e) {
    return e.what();
  }
  return "ok";
}

}  // namespace

TEST_CASE("a written log reads back with every ply and verifies", "[log]") {
  auto plugin = Plugin::load(ALIEN_CITY_PLUGIN);
  const Recorded r = record_game(*plugin, "roundtrip");
  const auto& h = r.log.record.header();
  CHECK(r.bytes.substr(0, 8) == std::string("\x89GHLOG\r\n", 8));
  CHECK(r.bytes.substr(8, 4) == std::string("\x01\0\0\0", 4));
  CHECK(h.game_id() == "alien_city");
  CHECK(h.seed() == 3);
  CHECK(h.players(0).agent() == "random:seed=1");
  CHECK(h.initial_state() == alien_city::serialize(alien_city::State(alien_city::balanced_layout(3))));
  REQUIRE(r.log.finished());
  CHECK(r.log.ply_offsets.front() > kLogPrelude);
  const Replayed rep = replay(*plugin, r.log);
  CHECK(rep.plies == r.log.record.plies_size());
  CHECK(rep.state == alien_city::serialize(test::core_replay(r.log, rep.plies)));
  CHECK(encode_log(r.log.record) == r.bytes);  // the encoder and the writer agree
}

TEST_CASE("an existing log is never overwritten unless asked", "[log][errors]") {
  auto plugin = Plugin::load(ALIEN_CITY_PLUGIN);
  const Recorded r = record_game(*plugin, "overwrite");
  PlaySettings s;
  s.seed = 4;
  s.agents = {"random", "random"};
  s.log_path = r.path;
  s.quiet = true;
  CHECK_THROWS_WITH(play_game(*plugin, s), r.path.string() + ": already exists (use --force to overwrite it)");
  CHECK(test::read_file(r.path) == r.bytes);
  s.overwrite = true;
  play_game(*plugin, s);
  CHECK(read_log(r.path).record.header().seed() == 4);
}

TEST_CASE("a log cut at every byte never crashes the reader", "[log][errors]") {
  auto plugin = Plugin::load(ALIEN_CITY_PLUGIN);
  const Recorded r = record_game(*plugin, "cuts");
  std::vector<std::uint64_t> boundaries = r.log.ply_offsets;
  boundaries.push_back(r.log.result_offset);
  boundaries.push_back(r.bytes.size());
  int valid = 0;
  for (std::size_t cut = 0; cut <= r.bytes.size(); ++cut) {
    CAPTURE(cut);
    const std::string prefix = r.bytes.substr(0, cut);
    const bool at_boundary = std::find(boundaries.begin(), boundaries.end(), cut) != boundaries.end();
    try {
      const GameLog log = parse_log(prefix, "cut.ghlog");
      REQUIRE(at_boundary);  // only whole records parse
      const Replayed rep = replay(*plugin, log);
      CHECK(rep.plies == log.record.plies_size());
      CHECK(log.finished() == (cut == r.bytes.size()));
      ++valid;
    } catch (const HostError& e) {
      REQUIRE_FALSE(at_boundary);
      REQUIRE_THAT(e.what(), Catch::StartsWith("cut.ghlog: byte "));
    }
  }
  CHECK(valid == static_cast<int>(boundaries.size()));
  // The exact message for a record cut in the middle of ply 2.
  const auto at = r.log.ply_offsets[1];
  CHECK_THROWS_WITH(parse_log(r.bytes.substr(0, at + 6), "cut.ghlog"),
                    "cut.ghlog: byte " + std::to_string(at) + ", ply 2: truncated record: needs " +
                        std::to_string(r.log.ply_offsets[2] - at) + " bytes, 6 left");
  CHECK_THROWS_WITH(parse_log(r.bytes.substr(0, at + 2), "cut.ghlog"),
                    "cut.ghlog: byte " + std::to_string(at) + ", ply 2: truncated record: 2 of 4 length bytes");
}

TEST_CASE("every flipped byte is caught with its offset", "[log][errors]") {
  auto plugin = Plugin::load(ALIEN_CITY_PLUGIN);
  const Recorded r = record_game(*plugin, "flips");
  for (std::size_t i = 0; i < r.bytes.size(); ++i) {
    CAPTURE(i);
    std::string bad = r.bytes;
    bad[i] = static_cast<char>(bad[i] ^ 0x10);
    REQUIRE_THAT(replay_error(*plugin, bad), Catch::StartsWith("game.ghlog: byte "));
  }
  // Inside ply 3's payload: the checksum fails, named at the record's start.
  std::string bad = r.bytes;
  const auto at = r.log.ply_offsets[2];
  bad[at + 5] = static_cast<char>(bad[at + 5] ^ 1);
  CHECK(replay_error(*plugin, bad) ==
        "game.ghlog: byte " + std::to_string(at) + ", ply 3: checksum mismatch: the record is damaged");
  bad = r.bytes;
  bad[0] = 'X';
  CHECK(replay_error(*plugin, bad) == "game.ghlog: byte 0, header: not a gamehost log (wrong magic)");
  bad = r.bytes;
  bad[8] = 7;
  CHECK(replay_error(*plugin, bad) == "game.ghlog: byte 8, header: log format version 7, this host reads version 1");
  bad = r.bytes;
  bad[at + 3] = 0x7f;  // length's top byte
  CHECK(replay_error(*plugin, bad) == "game.ghlog: byte " + std::to_string(at) + ", ply 3: bad record length " +
                                          std::to_string(0x7f000000u + (static_cast<unsigned char>(bad[at]) |
                                                                        static_cast<unsigned char>(bad[at + 1]) << 8 |
                                                                        static_cast<unsigned char>(bad[at + 2]) << 16)));
}

TEST_CASE("replay names an illegal action, a wrong hash and an unknown game", "[log][errors]") {
  auto plugin = Plugin::load(ALIEN_CITY_PLUGIN);
  const Recorded r = record_game(*plugin, "replay");
  pb::GameRecord game = r.log.record;
  // Ply 4 replaced by a claim of A1, where nothing stands: valid framing.
  game.mutable_plies(3)->set_action_id(560);
  std::string bytes = encode_log(game);
  const auto ply4 = std::to_string(r.log.ply_offsets[3]);
  const auto state3 = alien_city::deserialize(
      [&] {
        Replayed rep = replay(*plugin, r.log, 3);
        return rep.state;
      }());
  const auto why = alien_city::check_action(*state3, alien_city::Action::claim(0));
  REQUIRE(why);
  CHECK(replay_error(*plugin, bytes) == "game.ghlog: byte " + ply4 + ", ply 4: illegal action 560 (" +
                                            r.log.record.plies(3).notation() + "): " + why->message);
  game = r.log.record;
  game.mutable_plies(3)->set_state_hash(game.plies(3).state_hash() ^ 1);
  CHECK_THAT(replay_error(*plugin, encode_log(game)),
             Catch::StartsWith("game.ghlog: byte " + ply4 + ", ply 4: state hash mismatch: the log says "));
  game = r.log.record;
  game.mutable_plies(3)->set_player(1 - game.plies(3).player());
  CHECK_THAT(replay_error(*plugin, encode_log(game)), Catch::StartsWith("game.ghlog: byte " + ply4 + ", ply 4: made by "));
  game = r.log.record;
  game.mutable_header()->set_game_id("chess");
  CHECK(replay_error(*plugin, encode_log(game)) == "game.ghlog: byte 12, header: the log is for game 'chess', not 'alien_city'");
  game = r.log.record;
  // The result is compared by meaning (returns and scores), not by its sentence.
  game.mutable_result()->set_result("White wins 999 - 0");
  game.mutable_result()->set_scores(1, 999);
  CHECK_THAT(replay_error(*plugin, encode_log(game)), Catch::Contains(", result: the recorded scores ["));
  game = r.log.record;
  game.mutable_plies(5)->set_ply(9);
  CHECK(replay_error(*plugin, encode_log(game)) ==
        "game.ghlog: byte " + std::to_string(r.log.ply_offsets[5]) + ", ply 6: ply record numbered 9, expected 6");
}
