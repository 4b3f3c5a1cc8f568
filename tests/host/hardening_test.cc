// Hardening (issue 31): repair never drops a record that verifies, every
// writer is locked and atomic, side files are never followed through a
// symlink, key paths and unsigned options are strict, the signature record
// is covered. End to end through the real gamehost, except the bit-flip
// property, which calls the repair library in-process for speed.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fmt/core.h>

#include "gamehost/records/record_framing.h"
#include "gamehost/records/game_log.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/records/log_repair.h"
#include "test_support.h"

namespace {

const std::string kSample = std::string(SOURCE_DIR) + "/games/samples/seed-1.ghlog";

// Where each record of a log starts.
std::vector<std::size_t> record_offsets(const std::string& bytes) {
  std::vector<std::size_t> at;
  for (std::size_t p = gamehost::kLogPrelude; p < bytes.size(); p += 8 + gamehost::get_u32(bytes, p)) at.push_back(p);
  return at;
}

// gamehost run by /bin/sh after `prelude` (e.g. "ulimit -f 1"): a kill or a
// full disk at the first write past the limit.
test::Run run_limited(const std::string& prelude, const std::vector<std::string>& args) {
  std::vector<std::string> sh{"-c", prelude + "; exec \"$0\" \"$@\"", GAMEHOST_BIN};
  sh.insert(sh.end(), args.begin(), args.end());
  return test::run_program("/bin/sh", sh);
}

// Whether another open file holds the writer's lock on `path`.
bool locked_by_another(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool busy = ::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);
  return busy;
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::vector<std::string> play_args(const std::string& out, const std::string& seed = "1") {
  return {"play", "alien_city", "--seed", seed, "--player1", "random", "--player2", "random", "--out", out, "-q"};
}

}  // namespace

TEST_CASE("repair: every bit of every length and checksum flipped keeps every record that verifies",
          "[trust][repair][harden]") {
  const std::string bytes = test::read_file(kSample);
  const auto offsets = record_offsets(bytes);
  REQUIRE(offsets.size() == 49);  // header, 47 plies, result
  int cut = 0, refused = 0;
  for (std::size_t r = 0; r < offsets.size(); ++r) {
    const std::size_t n = gamehost::get_u32(bytes, offsets[r]);
    for (const std::size_t field : {offsets[r], offsets[r] + 4 + n}) {  // the length, the checksum
      for (int bit = 0; bit < 32; ++bit) {
        std::string flipped = bytes;
        flipped[field + bit / 8] = static_cast<char>(flipped[field + bit / 8] ^ (1 << (bit % 8)));
        CAPTURE(r, field, bit);
        try {
          const auto torn = gamehost::find_torn_tail(flipped, "flipped");
          REQUIRE(torn);
          // Only the damaged record itself may go, and only when it is the
          // last: everything before it is kept, byte for byte.
          CHECK(r == offsets.size() - 1);
          CHECK(torn->at == offsets[r]);
          CHECK(gamehost::parse_log(flipped.substr(0, torn->at), "kept").record.plies_size() == 47);
          ++cut;
        } catch (const gamehost::HostError&) {
          ++refused;  // nothing is cut
        }
      }
    }
  }
  CHECK(cut == 64);  // exactly the 64 bits of the last record's two fields
  CHECK(refused == 3072);
}

TEST_CASE("repair through gamehost: a flipped length in the middle is refused and nothing written",
          "[trust][repair][harden]") {
  const auto dir = test::temp_dir("harden-flip");
  const std::string bytes = test::read_file(kSample);
  const auto offsets = record_offsets(bytes);
  // The case: byte 688 (ply 10's length) ^= 0x10; and ply 1's length.
  for (const std::size_t byte : {std::size_t{688}, offsets[1] + 1}) {
    CAPTURE(byte);
    std::string flipped = bytes;
    flipped[byte] = static_cast<char>(flipped[byte] ^ 0x10);
    const auto log = (dir / "flipped.ghlog").string();
    test::write_file(log, flipped);
    auto r = test::run_gamehost({"repair", log, "--in-place"});
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("damage in the middle of the log, not a torn last record, so nothing is cut") != std::string::npos);
    CHECK(test::read_file(log) == flipped);
    r = test::run_gamehost({"repair", log});
    CHECK(r.exit_code == 1);
    CHECK_FALSE(std::filesystem::exists(dir / "flipped.repaired.ghlog"));
  }
  // The last record's checksum: cut, and what is kept verifies.
  std::string flipped = bytes;
  flipped[bytes.size() - 1] = static_cast<char>(flipped[bytes.size() - 1] ^ 0x01);
  const auto log = (dir / "last.ghlog").string();
  test::write_file(log, flipped);
  auto r = test::run_gamehost({"repair", log, "--in-place"});
  CHECK(r.exit_code == 0);
  CHECK(test::read_file(log) == bytes.substr(0, offsets.back()));
  r = test::run_gamehost({"verify", log});
  CHECK(r.exit_code == 3);
  CHECK(r.out.find("47 plies verified, no result recorded") != std::string::npos);
}

TEST_CASE("play --resume of a faulted log is refused before a byte is written", "[trust][resume][harden]") {
  const auto dir = test::temp_dir("harden-fault");
  const auto log = (dir / "d5.ghlog").string();
  auto args = play_args(log);
  args.insert(args.end(), {"--max-plies", "5"});
  REQUIRE(test::run_gamehost(args).exit_code != 0);
  const std::string before = test::read_file(log);
  auto r = test::run_gamehost({"play", "--resume", log});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: " + log + ": the game was stopped by a fault after 5 plies (alien_city: exceeded 5 "
                                             "plies): a faulted game cannot be resumed; the log is left as it was\n");
  CHECK(test::read_file(log) == before);
  CHECK(test::run_gamehost({"verify", log}).err.empty());
}

TEST_CASE("enter holds the writer's lock: a second enter or play --force is refused", "[trust][lock][harden]") {
  const auto dir = test::temp_dir("harden-enter-lock");
  const auto log = (dir / "table.ghlog").string();
  const auto moves = (dir / "moves.txt").string();
  test::write_file(moves, "RT@B1\n");
  REQUIRE(test::run_gamehost({"enter", "alien_city", moves, "--seed", "0", "--out", log}).exit_code == 3);
  const std::string entered = test::read_file(log);
  // A session that waits for its decisions (a FIFO no one writes yet).
  const auto fifo = (dir / "typed").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  test::Reaper session(test::spawn_gamehost({"enter", "alien_city", fifo, "--seed", "0", "--out", log, "--force"}));
  REQUIRE(test::wait_until([&] { return locked_by_another(log); }, std::chrono::seconds(60)));
  const std::string busy = "gamehost: error: " + log +
                           ": another gamehost process is writing it; wait until it has finished, or write to another "
                           "file\n";
  auto r = test::run_gamehost({"enter", "alien_city", moves, "--seed", "0", "--out", log, "--force"});
  CHECK(r.exit_code == 1);
  CHECK(r.err == busy);
  r = test::run_gamehost(with(play_args(log), {"--force"}));
  CHECK(r.exit_code == 1);
  CHECK(r.err == busy);
  CHECK(test::read_file(log) == entered);
}

TEST_CASE("a kill at the first write leaves the old file or none, never an empty one", "[trust][atomic][harden]") {
  const auto dir = test::temp_dir("harden-atomic");
  // A new log killed before its header is whole: no file, and a re-run works.
  const auto log = (dir / "new.ghlog").string();
  auto r = run_limited("ulimit -f 0", play_args(log));
  CHECK(r.exit_code != 0);
  CHECK_FALSE(std::filesystem::exists(log));
  REQUIRE(test::run_gamehost(play_args(log)).exit_code == 0);
  const std::string finished = test::read_file(log);
  // Replacing it (import --force, repair --out --force) killed at the first
  // write past 1 KiB: the finished game is still there.
  const auto json = (dir / "game.json").string();
  test::write_file(json, test::run_gamehost({"export", log, "--format", "json"}).out);
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"import", json, "--out", log, "--force"},
           {"repair", kSample, "--out", log, "--sign-key", json, "--force"}}) {
    CAPTURE(args);
    r = run_limited("ulimit -f 1", args);
    CHECK(r.exit_code != 0);
    CHECK(test::read_file(log) == finished);
  }
  // A full disk (SIGXFSZ ignored: the write is refused): an error, the old
  // file kept, and no temporary file left behind.
  const auto quiet = dir / "full";
  std::filesystem::create_directories(quiet);
  const auto kept = (quiet / "kept.ghlog").string();
  test::write_file(kept, finished);
  r = run_limited("trap '' XFSZ; ulimit -f 1", {"import", json, "--out", kept, "--force"});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: " + kept + ": cannot write: File too large\n");
  CHECK(test::read_file(kept) == finished);
  int files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(quiet)) ++files;
  CHECK(files == 1);
}

TEST_CASE("a torn notes file is a warning for readers and is mended by repair", "[trust][notes][harden]") {
  const auto dir = test::temp_dir("harden-notes");
  const auto log = (dir / "game.ghlog").string();
  const auto notes_file = (dir / "game.ghnotes").string();  // the log's sidecar rule (docs/logs.md)
  REQUIRE(test::run_gamehost(play_args(log)).exit_code == 0);
  REQUIRE(test::run_gamehost({"annotate", log, "--ply", "2", "first"}).exit_code == 0);
  REQUIRE(test::run_gamehost({"annotate", log, "--ply", "3", "second"}).exit_code == 0);
  const std::string notes = test::read_file(notes_file);
  test::write_file(notes_file, notes.substr(0, notes.size() - 5));  // a kill mid-write
  auto r = test::run_gamehost({"show", log, "--ply", "2", "--no-color"});
  CHECK(r.exit_code == 0);
  CHECK(r.err.find("gamehost: warning: " + notes_file + ": byte ") == 0);
  CHECK(r.err.find("the log is shown without its notes ('gamehost repair " + log + "' cuts a torn last note)") !=
        std::string::npos);
  r = test::run_gamehost({"export", log, "--format", "ppn"});
  CHECK(r.exit_code == 0);
  CHECK(r.err.find("gamehost: warning: ") == 0);
  r = test::run_gamehost({"annotate", log, "--ply", "4", "third"});
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("'gamehost repair " + log + "' cuts a torn last note") != std::string::npos);
  r = test::run_gamehost({"repair", log, "--in-place"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find(notes_file + ": byte ") == 0);
  CHECK(r.out.find("cut the torn last note, ") != std::string::npos);
  REQUIRE(test::run_gamehost({"annotate", log, "--ply", "4", "third"}).exit_code == 0);
  r = test::run_gamehost({"show", log, "--ply", "2", "--no-color"});
  CHECK(r.err.empty());
  CHECK(r.out.find("notes on plies 2, 4") != std::string::npos);
  CHECK(r.out.find("Note: first") != std::string::npos);
}

TEST_CASE("repair --sign-key signs a finished log a crash left unsigned", "[trust][sign][harden]") {
  const auto dir = test::temp_dir("harden-sign");
  const auto log = (dir / "game.ghlog").string();
  const auto key = (dir / "club.key").string();
  test::write_file(key, "0123456789abcdef0123");
  REQUIRE(test::run_gamehost(play_args(log)).exit_code == 0);
  auto r = test::run_gamehost({"repair", log, "--in-place", "--sign-key", key});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find(log + ": every record is whole; it was not signed\n") == 0);
  r = test::run_gamehost({"verify", log, "--key", key});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("Signature: good") != std::string::npos);
}

TEST_CASE("a full disk or a failed write of the tournament's results is an error", "[trust][atomic][harden]") {
  const auto dir = test::temp_dir("harden-tournament");
  std::filesystem::create_directories(dir / "t" / "results.json");  // cannot be written
  const auto r = test::run_gamehost({"tournament", "connect_four", "--agents", "random,random", "--games", "2",
                                     "--seed", "1", "--out", (dir / "t").string()});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: " + (dir / "t" / "results.json").string() + ": is a directory, not a file\n");
}

TEST_CASE("a symlink planted at a side file or an output is never written through", "[trust][symlink][harden]") {
  const auto dir = test::temp_dir("harden-symlink");
  const auto victim = (dir / "victim.txt").string();
  test::write_file(victim, "precious");
  const auto log = (dir / "game.ghlog").string();
  const auto key = (dir / "club.key").string();
  test::write_file(key, "0123456789abcdef0123");
  for (const char* side : {".signing", ".repairing", ".part"})
    std::filesystem::create_symlink(victim, log + side);
  auto args = play_args(log);
  args.insert(args.end(), {"--sign-key", key});
  REQUIRE(test::run_gamehost(args).exit_code == 0);
  REQUIRE(test::run_gamehost({"repair", log, "--in-place", "--sign-key", key}).exit_code == 0);
  CHECK(test::read_file(victim) == "precious");
  // --out naming a symlink, with --force: the link is replaced, not followed.
  const auto link = (dir / "link.ghlog").string();
  std::filesystem::create_symlink(victim, link);
  REQUIRE(test::run_gamehost(with(play_args(link), {"--force"})).exit_code == 0);
  CHECK(test::read_file(victim) == "precious");
  CHECK_FALSE(std::filesystem::is_symlink(link));
  std::filesystem::create_directories(dir / "t");
  std::filesystem::create_symlink(victim, dir / "t" / "results.json");
  std::filesystem::create_symlink(victim, dir / "t" / "timing.json");
  REQUIRE(test::run_gamehost({"tournament", "connect_four", "--agents", "random,random", "--games", "2", "--seed",
                              "1", "--out", (dir / "t").string()})
              .exit_code == 0);
  CHECK(test::read_file(victim) == "precious");
}

TEST_CASE("an empty key path is a usage error", "[trust][sign][harden]") {
  for (const auto& args : std::vector<std::vector<std::string>>{{"verify", kSample, "--key", ""},
                                                                {"repair", kSample, "--sign-key", ""},
                                                                {"play", "alien_city", "--player1", "random",
                                                                 "--player2", "random", "--no-log", "--sign-key", ""}}) {
    CAPTURE(args);
    const auto r = test::run_gamehost(args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("an empty path names no key file") != std::string::npos);
  }
}

TEST_CASE("the signature record itself is covered: extra or split fields fail", "[trust][sign][harden]") {
  const auto dir = test::temp_dir("harden-sigrecord");
  const auto log = (dir / "game.ghlog").string();
  const auto key = (dir / "club.key").string();
  test::write_file(key, "0123456789abcdef0123");
  auto args = play_args(log);
  args.insert(args.end(), {"--sign-key", key});
  REQUIRE(test::run_gamehost(args).exit_code == 0);
  const std::string bytes = test::read_file(log);
  const auto parsed = gamehost::parse_log(bytes, log);
  const std::string body = bytes.substr(0, parsed.signature_offset);
  gamehost::pb::LogRecord algorithm, mac, junk;
  algorithm.mutable_signature()->set_algorithm(parsed.signature.algorithm());
  mac.mutable_signature()->set_mac(parsed.signature.mac());
  junk.mutable_signature()->set_algorithm("junk");
  // The signature split into two records that protobuf merges, with an
  // unknown field after it, with junk fields before it.
  const std::string split = algorithm.SerializeAsString() + mac.SerializeAsString();
  const std::string unknown_field = "\xc0\x3e\x01";  // field 1000, varint 1
  REQUIRE(test::run_gamehost({"verify", log, "--key", key}).exit_code == 0);
  for (const std::string& payload : {split, split + unknown_field, junk.SerializeAsString() + split}) {
    CAPTURE(payload.size());
    std::string forged = body;
    gamehost::put_u32(forged, static_cast<std::uint32_t>(payload.size()));
    forged += payload;
    gamehost::put_u32(forged, gamehost::crc32(payload));
    test::write_file(log, forged);
    const auto r = test::run_gamehost({"verify", log, "--key", key});
    CHECK(r.exit_code == 1);
    CHECK(r.err == fmt::format("gamehost: error: {}: byte {}, signature: the signature record holds more (or other) "
                               "than one algorithm and one MAC\n",
                               log, parsed.signature_offset));
  }
}

TEST_CASE("unsigned options refuse -1 instead of wrapping to 2^64-1", "[trust][input][harden]") {
  const auto dir = test::temp_dir("harden-unsigned");
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"play", "alien_city", "--player1", "random", "--player2", "random", "--no-log", "--chance-seed", "-1"},
           {"enter", "alien_city", "--seed", "-1", "--out", (dir / "x.ghlog").string()},
           {"review", kSample, "--seed", "-1"},
           {"review", kSample, "--solver-nodes", "-1"},
           {"review", kSample, "--iters", "-1"}}) {
    CAPTURE(args);
    const auto r = test::run_gamehost(args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("not a whole number 0..18446744073709551615") != std::string::npos);
  }
  CHECK_FALSE(std::filesystem::exists(dir / "x.ghlog"));
}

TEST_CASE("control characters from a log reach no terminal: they are made visible", "[trust][escape][harden]") {
  CHECK(gamehost::visible("Ann\x1b]0;OWNED\a\x1b[2J") == "Ann\\e]0;OWNED\\a\\e[2J");
  CHECK(gamehost::visible("tab\there\x7f\x01") == "tab\\there\\x7f\\x01");
  CHECK(gamehost::visible("caf\xc3\xa9 \xc2\x9b" "2J \xff") == "caf\xc3\xa9 \\u009b2J \\xff");
  const auto dir = test::temp_dir("harden-escape");
  const auto log = (dir / "table.ghlog").string();
  const auto moves = (dir / "moves.txt").string();
  test::write_file(moves, "RT@B1\n");
  REQUIRE(test::run_gamehost({"enter", "alien_city", moves, "--seed", "0", "--out", log, "--players", "Ann\x1b]0;OWNED\a\x1b[2J,Bob",
                              "--event", "Club\x1b[31m night"})
              .exit_code == 3);
  REQUIRE(test::run_gamehost({"annotate", log, "--ply", "1", "look\x1b[2J"}).exit_code == 0);
  for (const auto& args : std::vector<std::vector<std::string>>{{"show", log, "--ply", "1", "--no-color"},
                                                                {"export", log, "--format", "text"}}) {
    CAPTURE(args);
    const auto r = test::run_gamehost(args);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find('\x1b') == std::string::npos);
    CHECK(r.out.find('\a') == std::string::npos);
    CHECK(r.out.find("Ann\\e]0;OWNED\\a\\e[2J") != std::string::npos);
    CHECK(r.out.find("Club\\e[31m night") != std::string::npos);
  }
  CHECK(test::run_gamehost({"show", log, "--ply", "1", "--no-color"}).out.find("Note: look\\e[2J") != std::string::npos);
}

TEST_CASE("invalid UTF-8 is refused at the boundary with its byte offset, and nothing is written",
          "[trust][input][harden]") {
  const auto dir = test::temp_dir("harden-utf8");
  const auto log = (dir / "table.ghlog").string();
  const auto moves = (dir / "moves.txt").string();
  test::write_file(moves, "RT\xff@B1\n");
  auto r = test::run_gamehost({"enter", "alien_city", moves, "--seed", "0", "--out", log});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: " + moves + " line 1: 'RT\\xff@B1': not UTF-8 text (byte 2)\n");
  CHECK_FALSE(std::filesystem::exists(log));
  test::write_file(moves, "RT@B1\n");
  for (const char* option : {"--event", "--site", "--date", "--round"}) {
    r = test::run_gamehost({"enter", "alien_city", moves, "--seed", "0", "--out", log, option, "Club \xff night"});
    CHECK(r.exit_code == 1);
    CHECK(r.err == fmt::format("gamehost: error: {} 'Club \\xff night': not UTF-8 text (byte 5)\n", option + 2));
    CHECK_FALSE(std::filesystem::exists(log));
  }
  r = test::run_gamehost({"enter", "alien_city", moves, "--seed", "0", "--out", log, "--players", "Ann,B\xffob"});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: player 2 'B\\xffob': not UTF-8 text (byte 1)\n");
  REQUIRE(test::run_gamehost({"enter", "alien_city", moves, "--seed", "0", "--out", log}).exit_code == 3);
  r = test::run_gamehost({"annotate", log, "--ply", "1", "bad \xff"});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: the note on ply 1: not UTF-8 text (byte 4)\n");
  CHECK_FALSE(std::filesystem::exists(std::filesystem::path(log).replace_extension(".ghnotes")));
  CHECK(r.err.find("libprotobuf") == std::string::npos);
}

TEST_CASE("GAMEHOST_RUNNER naming a missing file is refused, never a fall-back to in-process probing",
          "[trust][isolate][harden]") {
  const auto r = test::run_program("/usr/bin/env", {"GAMEHOST_RUNNER=/nonexistent/runner", GAMEHOST_BIN, "games"});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: GAMEHOST_RUNNER=/nonexistent/runner: no such runner (not an executable file); "
                 "unset it to use the runner beside gamehost\n");
}

TEST_CASE("export --format text of a faulted log names the fault", "[trust][harden]") {
  const auto dir = test::temp_dir("harden-fault-text");
  const auto log = (dir / "d5.ghlog").string();
  REQUIRE(test::run_gamehost(with(play_args(log), {"--max-plies", "5"})).exit_code == 3);
  const auto r = test::run_gamehost({"export", log, "--format", "text"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("result: none (stopped by a fault: alien_city: exceeded 5 plies)\n") != std::string::npos);
}

TEST_CASE("no libprotobuf ERROR line reaches the user: a log with text that is not UTF-8 is the reader's error",
          "[trust][input][harden]") {
  const std::string log = std::string(SOURCE_DIR) + "/tests/fuzz/corpus/log_reader_fuzz/invalid-utf8-event.ghlog";
  for (const char* command : {"verify", "show"}) {
    const auto r = test::run_gamehost({command, log});
    CHECK(r.exit_code == 1);
    CHECK(r.err == "gamehost: error: " + log + ": byte 12, header: the record does not parse\n");
  }
}

TEST_CASE("a tournament's size and a hint's search are bounded with a clear error", "[trust][input][harden]") {
  auto r = test::run_gamehost({"tournament", "connect_four", "--agents", "random,greedy,random:seed=3", "--games",
                               "1000000000", "--seed", "1"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "gamehost: error: --games 1000000000: 3 pairings of 1000000000 games are 3000000000 games, more than "
                 "one tournament plays (at most 1000000; split it into runs with their own --seed)\n");
  r = test::run_gamehost({"play", "connect_four", "--player1", "human:hint_iters=1000000000", "--player2", "random",
                          "--no-log"});
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("hint_iters must be 1..1000000") != std::string::npos);
}

TEST_CASE("long input is echoed clipped, with its size", "[trust][input][harden]") {
  const auto dir = test::temp_dir("harden-clip");
  const auto moves = (dir / "moves.txt").string();
  test::write_file(moves, std::string(5000, 'x') + "\n");
  const auto r = test::run_gamehost({"enter", "alien_city", moves, "--seed", "0", "--out", (dir / "x.ghlog").string()});
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("line 1: '" + std::string(40, 'x') + "... (5000 bytes)': ") != std::string::npos);
  CHECK(r.err.size() < 1300);
}

TEST_CASE("PPN import: text that is not UTF-8, or a comment too large for a note, writes nothing",
          "[trust][input][harden]") {
  const auto dir = test::temp_dir("harden-ppn");
  const std::string club = test::read_file(std::string(SOURCE_DIR) + "/tests/host/records/club-game.ppn");
  const auto out = (dir / "game.ghlog").string();
  const auto ppn = (dir / "game.ppn").string();
  struct Case {
    std::string text, error;
  };
  const std::string big(1u << 20, 'x');
  for (const auto& c : std::vector<Case>{
           {club + " {last \xff}\n", "move 3...: not UTF-8 text (byte 5)"},
           {std::string(club).replace(club.find("Lyon"), 4, "Ly\xffon"), "site 'Ly\\xffon': not UTF-8 text (byte 2)"},
           {std::string(club).replace(club.find("Ann Lee"), 7, "Ann \xff"), "player 1 'Ann \\xff': not UTF-8 text (byte 4)"},
           {club + " {" + big + "}\n", "move 3... '" + std::string(40, 'x') + "... (1048576 bytes)' is "
                                       "1048576 bytes, more than a note may hold (1048512)"}}) {
    test::write_file(ppn, c.text);
    const auto r = test::run_gamehost({"import", "--from", "ppn", ppn, "--out", out});
    CHECK(r.exit_code == 1);
    CHECK(r.err.find(c.error) != std::string::npos);
    CHECK(r.err.size() < 500);
    CHECK_FALSE(std::filesystem::exists(out));
    CHECK_FALSE(std::filesystem::exists(std::filesystem::path(out).replace_extension(".ghnotes")));
  }
}
