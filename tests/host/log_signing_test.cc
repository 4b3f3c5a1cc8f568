// Signed logs (issue 11): --sign-key adds an HMAC-SHA-256 record; verify
// --key refuses any changed byte. Real gamehost, real files.
#include <catch2/catch.hpp>
#include <fmt/core.h>

#include "gamehost/records/game_log.h"
#include "test_support.h"

TEST_CASE("a signed log verifies with its key and with no byte changed", "[trust][sign]") {
  const auto dir = test::temp_dir("signing");
  const auto key = (dir / "club.key").string(), other = (dir / "other.key").string();
  test::write_file(key, "0123456789abcdef-club-secret\n");
  test::write_file(other, "0123456789abcdef-another-one\n");
  const auto path = (dir / "signed.ghlog").string();
  auto r = test::run_gamehost({"play", "alien_city", "--seed", "6", "--player1", "random:seed=1", "--player2",
                               "random:seed=2", "--out", path, "--sign-key", key, "-q"});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::EndsWith("Log: " + path + " (signed)\n"));
  const auto log = gamehost::read_log(path);
  REQUIRE(log.signed_());
  CHECK(log.signature.algorithm() == "HMAC-SHA-256");
  CHECK(log.signature.mac().size() == 32);
  const std::string bytes = test::read_file(path);
  CHECK(gamehost::get_u32(bytes, log.signature_offset) + 8 == bytes.size() - log.signature_offset);  // the last record

  r = test::run_gamehost({"verify", path, "--key", key});
  CHECK(r.exit_code == 0);
  CHECK(r.out == fmt::format("{}: OK: alien_city 1.0.0, seed 6, {} plies verified\nResult: {}\nSignature: good "
                             "(HMAC-SHA-256)\n",
                             path, log.record.plies_size(), log.record.result().result()));
  r = test::run_gamehost({"verify", path});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::EndsWith("Signature: present, not checked (give --key FILE)\n"));

  const std::string sig_error = fmt::format("gamehost: error: {}: byte {}, signature: the signature does not match: the "
                                            "log was changed after signing, or signed with another key\n",
                                            path, log.signature_offset);
  r = test::run_gamehost({"verify", path, "--key", other});
  CHECK(r.exit_code == 1);
  CHECK(r.err == sig_error);
  // One bit flipped anywhere (every 31st byte, the prelude included) fails.
  const auto changed = (dir / "changed.ghlog").string();
  int refused = 0;
  for (std::size_t i = 0; i < log.signature_offset; i += 31) {
    std::string b = bytes;
    b[i] ^= 0x01;
    test::write_file(changed, b);
    r = test::run_gamehost({"verify", changed, "--key", key});
    refused += r.exit_code == 1;
  }
  CHECK(refused == static_cast<int>((log.signature_offset + 30) / 31));
  // A change the framing cannot see (the start time, rewritten with a fresh
  // checksum) is caught by the signature alone.
  auto record = log.record;
  record.mutable_header()->set_start_time_ms(record.header().start_time_ms() + 1000);
  std::string edited = gamehost::encode_log(record);
  edited += bytes.substr(log.signature_offset);
  test::write_file(changed, edited);
  CHECK(test::run_gamehost({"verify", changed}).exit_code == 0);
  r = test::run_gamehost({"verify", changed, "--key", key});
  CHECK(r.exit_code == 1);
  CHECK(r.err == fmt::format("gamehost: error: {}: byte {}, signature: the signature does not match: the log was "
                             "changed after signing, or signed with another key\n",
                             changed, gamehost::read_log(changed).signature_offset));
  // Unsigned logs, short keys, keys that are not files.
  const auto plain = (dir / "plain.ghlog").string();
  test::write_file(plain, bytes.substr(0, log.signature_offset));
  r = test::run_gamehost({"verify", plain, "--key", key});
  CHECK(r.exit_code == 1);
  CHECK(r.err == fmt::format("gamehost: error: {}: byte {}, signature: the log is not signed\n", plain, log.signature_offset));
  test::write_file(dir / "short.key", "secret");
  r = test::run_gamehost({"verify", path, "--key", (dir / "short.key").string()});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: --key " + (dir / "short.key").string() + ": a key of 6 bytes is too short (at least 16)\n");
  r = test::run_gamehost({"verify", path, "--key", dir.string()});
  CHECK(r.err == "gamehost: error: --key " + dir.string() + ": is a directory, not a file\n");
}

TEST_CASE("import and repair sign what they write", "[trust][sign]") {
  const auto dir = test::temp_dir("signing-tools");
  const auto key = (dir / "k").string();
  test::write_file(key, "a key of enough bytes for HMAC");
  const auto path = (dir / "game.ghlog").string();
  REQUIRE(test::run_gamehost({"play", "alien_city", "--seed", "2", "--player1", "random", "--player2", "random", "--out",
                              path, "-q"})
              .exit_code == 0);
  const auto json = test::run_gamehost({"export", path});
  test::write_file(dir / "game.json", json.out);
  auto r = test::run_gamehost({"import", (dir / "game.json").string(), "--out", (dir / "imported.ghlog").string(),
                               "--sign-key", key});
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::EndsWith(" (signed)\n"));
  CHECK(test::run_gamehost({"verify", (dir / "imported.ghlog").string(), "--key", key}).exit_code == 0);
  const std::string bytes = test::read_file(path);
  const auto log = gamehost::read_log(path);
  test::write_file(dir / "torn.ghlog", bytes.substr(0, log.ply_offsets[9] + 3));
  r = test::run_gamehost({"repair", (dir / "torn.ghlog").string(), "--sign-key", key});
  CHECK(r.exit_code == 0);
  r = test::run_gamehost({"verify", (dir / "torn.repaired.ghlog").string(), "--key", key});
  CHECK(r.exit_code == 3);
  CHECK(r.out == (dir / "torn.repaired.ghlog").string() + ": unfinished: alien_city 1.0.0, seed 2, 9 plies verified, "
                                                          "no result recorded\nSignature: good (HMAC-SHA-256)\n");
  // A signed unfinished log resumes; the signature is made again at the end.
  r = test::run_gamehost({"play", "--resume", (dir / "torn.repaired.ghlog").string(), "--sign-key", key, "-q"});
  CHECK(r.exit_code == 0);
  CHECK(test::run_gamehost({"verify", (dir / "torn.repaired.ghlog").string(), "--key", key}).exit_code == 0);
}
