// Torn logs repaired, killed games and tournaments resumed (issue 11), end
// to end through the real gamehost and plugins.
#include <sys/stat.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <fmt/core.h>
#include <regex>

#include "gamehost/records/game_log.h"
#include "test_support.h"

namespace {

// The moves of a log: seat, action id, notation and state hash per ply, and
// the result; what an uninterrupted game and a resumed one must share.
std::string moves_of(const gamehost::GameLog& log) {
  std::string out;
  for (const auto& p : log.record.plies())
    out += fmt::format("{} {} {} {} {:016x}\n", p.ply(), p.player(), p.action_id(), p.notation(), p.state_hash());
  if (log.finished())
    out += fmt::format("result {} [{}, {}]\n", log.record.result().result(), log.record.result().scores(0),
                       log.record.result().scores(1));
  return out;
}

// The log's bytes up to (not including) the record of ply `k + 1`: the file a
// game killed right after ply k leaves (each record is one write(2)).
std::string killed_after(const std::string& bytes, const gamehost::GameLog& log, int k) {
  return bytes.substr(0, log.ply_offsets[static_cast<std::size_t>(k)]);
}

}  // namespace

TEST_CASE("a FIFO, a folder or a device as a log or position is refused at once", "[trust][files]") {
  const auto dir = test::temp_dir("salvage-special");
  const auto fifo = (dir / "game.ghlog").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0644) == 0);
  const auto folder = (dir / "folder").string();
  std::filesystem::create_directory(folder);
  for (const auto& [path, kind] : std::vector<std::pair<std::string, std::string>>{
           {fifo, "is a FIFO (named pipe), not a file"},
           {folder, "is a directory, not a file"},
           {"/dev/null", "is a device, not a file"}}) {
    CAPTURE(path);
    for (const char* sub : {"verify", "show", "export", "repair"}) {
      const auto r = test::run_gamehost({sub, path});  // would block forever on the FIFO if it opened it
      CHECK(r.exit_code == 1);
      CHECK(r.err == "gamehost: error: " + path + ": " + kind + "\n");
    }
    auto r = test::run_gamehost({"show", "--game", "alien_city", "--position", path});
    CHECK(r.exit_code == 1);
    CHECK(r.err == "gamehost: error: --position " + path + ": " + kind + "\n");
    r = test::run_gamehost({"play", "alien_city", "--position", path, "--player1", "random", "--player2", "random",
                            "--no-log"});
    CHECK(r.exit_code == 1);
    CHECK(r.err == "gamehost: error: --position " + path + ": " + kind + "\n");
    r = test::run_gamehost({"play", "--resume", path});
    CHECK(r.exit_code == 1);
    CHECK(r.err == "gamehost: error: " + path + ": " + kind + "\n");
  }
  // An output that is a FIFO is never opened either (O_TRUNC would wait).
  const auto r = test::run_gamehost({"play", "alien_city", "--seed", "1", "--player1", "random", "--player2", "random",
                                     "--out", fifo, "--force", "-q"});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: " + fifo + ": is a FIFO (named pipe), not a file\n");
  const auto missing = test::run_gamehost({"show", "--game", "alien_city", "--position", (dir / "absent").string()});
  CHECK(missing.exit_code == 1);
  CHECK(missing.err == "gamehost: error: --position " + (dir / "absent").string() + ": no such file\n");
}

TEST_CASE("repair cuts a torn last record and keeps every whole ply", "[trust][repair]") {
  const auto dir = test::temp_dir("salvage-repair");
  const auto full = (dir / "full.ghlog").string();
  REQUIRE(test::run_gamehost({"play", "alien_city", "--seed", "5", "--player1", "random:seed=1", "--player2",
                              "random:seed=2", "--out", full, "-q"})
              .exit_code == 0);
  const std::string bytes = test::read_file(full);
  const auto log = gamehost::read_log(full);
  // Cut in the middle of ply 21's record: a crash mid-write.
  const std::uint64_t at = log.ply_offsets[20];
  const auto torn = (dir / "torn.ghlog").string();
  test::write_file(torn, bytes.substr(0, at + 9));
  const std::uint64_t need = log.ply_offsets[21] - at;

  auto r = test::run_gamehost({"verify", torn});
  CHECK(r.exit_code == 1);
  CHECK(r.err == fmt::format("gamehost: error: {}: byte {}, ply 21: truncated record: needs {} bytes, 9 left\n", torn, at, need));
  r = test::run_gamehost({"play", "--resume", torn});
  CHECK(r.exit_code == 1);
  CHECK(r.err == fmt::format("gamehost: error: {}: byte {}: the last record is torn (truncated record: needs {} bytes, "
                             "9 left); run 'gamehost repair {}' first\n", torn, at, need, torn));

  r = test::run_gamehost({"repair", torn});
  CHECK(r.exit_code == 0);
  const auto repaired = (dir / "torn.repaired.ghlog").string();
  CHECK(r.out == fmt::format("{}: byte {}: cut the torn last record (truncated record: needs {} bytes, 9 left), 9 bytes "
                             "dropped\nKept 20 plies (unfinished): {}\n", torn, at, need, repaired));
  CHECK(test::read_file(torn) == bytes.substr(0, at + 9));  // the original is untouched
  CHECK(test::read_file(repaired) == bytes.substr(0, at));
  r = test::run_gamehost({"verify", repaired});
  CHECK(r.exit_code == 3);
  CHECK(r.out == repaired + ": unfinished: alien_city 1.0.0, seed 5, 20 plies verified, no result recorded\n");
  // Never over an existing file without --force; --out names the file.
  r = test::run_gamehost({"repair", torn});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: " + repaired + ": already exists (use --force to overwrite it)\n");

  // A damaged checksum in the last record is torn too; --in-place cuts the file itself.
  std::string bad = bytes.substr(0, log.ply_offsets[31]);
  bad[bad.size() - 1] ^= 0x40;
  test::write_file(torn, bad);
  r = test::run_gamehost({"repair", torn, "--in-place"});
  CHECK(r.exit_code == 0);
  CHECK(r.out == fmt::format("{}: byte {}: cut the torn last record (checksum mismatch: the record is damaged), {} bytes "
                             "dropped\nKept 30 plies (unfinished): {}\n", torn, log.ply_offsets[30],
                             log.ply_offsets[31] - log.ply_offsets[30], torn));
  CHECK(test::read_file(torn) == bytes.substr(0, log.ply_offsets[30]));

  // Damage before the last record is not a torn write: refused, nothing written.
  bad = bytes;
  bad[log.ply_offsets[10] + 6] ^= 0x01;
  test::write_file(torn, bad);
  r = test::run_gamehost({"repair", torn, "--out", (dir / "never.ghlog").string()});
  CHECK(r.exit_code == 1);
  CHECK(r.err == fmt::format("gamehost: error: {}: byte {}, ply 11: checksum mismatch: the record is damaged; whole "
                             "records follow at byte {}: damage in the middle of the log, not a torn last record, so "
                             "nothing is cut\n", torn, log.ply_offsets[10], log.ply_offsets[11]));
  CHECK_FALSE(std::filesystem::exists(dir / "never.ghlog"));
  r = test::run_gamehost({"repair", full});
  CHECK(r.exit_code == 0);
  CHECK(r.out == full + ": nothing to repair: every record is whole (" + std::to_string(log.record.plies_size()) +
                     " plies, finished)\n");
}

TEST_CASE("a game killed at any ply and resumed equals the uninterrupted game", "[trust][resume]") {
  const auto dir = test::temp_dir("salvage-resume");
  struct Case {
    std::string game, p1, p2;
  };
  const std::vector<Case> cases = {
      {"alien_city", "random:seed=1", "greedy:seed=2"},
      {"alien_city", "mcts:iters=300,seed=5", "greedy"},
      {"city_planning", "greedy", "random"},  // chance plies: the chance stream is caught up too
  };
  for (const auto& c : cases) {
    CAPTURE(c.game, c.p1, c.p2);
    const auto whole = (dir / "whole.ghlog").string();
    REQUIRE(test::run_gamehost({"play", c.game, "--seed", "11", "--player1", c.p1, "--player2", c.p2, "--out", whole,
                                "--force", "-q"})
                .exit_code == 0);
    const std::string bytes = test::read_file(whole);
    const auto uninterrupted = gamehost::read_log(whole);
    const int n = uninterrupted.record.plies_size();
    for (int k : {0, 1, n / 3, n / 2, n - 1}) {
      CAPTURE(k);
      const auto part = (dir / fmt::format("killed-{}.ghlog", k)).string();
      test::write_file(part, killed_after(bytes, uninterrupted, k));
      const auto r = test::run_gamehost({"play", "--resume", part, "-q"});
      CHECK(r.exit_code == 0);
      CHECK(r.err.empty());
      CHECK_THAT(r.out, Catch::StartsWith(fmt::format("Resuming {} after ply {}\n", part, k)));
      const auto resumed = gamehost::read_log(part);
      CHECK(moves_of(resumed) == moves_of(uninterrupted));
      CHECK(resumed.record.header().SerializeAsString() == uninterrupted.record.header().SerializeAsString());
      CHECK(test::run_gamehost({"verify", part}).exit_code == 0);
    }
  }
  // A finished log, and a log of a game that is not installed, are refused.
  const auto whole = (dir / "whole.ghlog").string();
  auto r = test::run_gamehost({"play", "--resume", whole});
  CHECK(r.exit_code == 1);
  CHECK(r.err == fmt::format("gamehost: error: {}: the game is finished ({} plies, result recorded): nothing to "
                             "resume\n", whole, gamehost::read_log(whole).record.plies_size()));
  auto record = gamehost::read_log(whole).record;
  record.clear_result();
  record.mutable_header()->set_game_id("chess");
  test::write_file(dir / "chess.ghlog", gamehost::encode_log(record));
  r = test::run_gamehost({"play", "--resume", (dir / "chess.ghlog").string()});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: unknown game 'chess' (installed: " BUILT_GAMES ")\n");
  record = gamehost::read_log(whole).record;
  record.clear_result();
  record.mutable_header()->mutable_players(0)->set_agent("alphazero");
  test::write_file(dir / "foreign.ghlog", gamehost::encode_log(record));
  r = test::run_gamehost({"play", "--resume", (dir / "foreign.ghlog").string()});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: " + (dir / "foreign.ghlog").string() +
                     ": player 1 (A) cannot be recreated: agent 'alphazero': unknown agent 'alphazero' (agents: "
                     "human, random, greedy, mcts)\n");
  r = test::run_gamehost({"play", "city_planning", "--resume", whole});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("GAME excludes --resume"));
}

TEST_CASE("a game killed with SIGKILL mid-search resumes to the uninterrupted game", "[trust][resume][kill]") {
  const auto dir = test::temp_dir("salvage-sigkill");
  const std::vector<std::string> agents = {"--player1", "mcts:iters=1500,seed=3", "--player2", "mcts:iters=1500,seed=4"};
  const auto whole = (dir / "whole.ghlog").string();
  auto args = std::vector<std::string>{"play", "alien_city", "--seed", "8", "--out", whole, "-q"};
  args.insert(args.end(), agents.begin(), agents.end());
  REQUIRE(test::run_gamehost(args).exit_code == 0);
  const auto uninterrupted = gamehost::read_log(whole);
  for (int target : {3, 17, 30}) {
    CAPTURE(target);
    const auto path = (dir / fmt::format("killed-{}.ghlog", target)).string();
    args = {"play", "alien_city", "--seed", "8", "--out", path, "-q"};
    args.insert(args.end(), agents.begin(), agents.end());
    const pid_t pid = test::spawn_gamehost(args);
    test::wait_until([&] { return test::plies_so_far(path) >= target; }, std::chrono::seconds(120));
    CHECK(WIFSIGNALED(test::kill_and_reap(pid)));
    const int kept = test::plies_so_far(path);
    CHECK(kept >= target);
    REQUIRE(kept < uninterrupted.record.plies_size());  // killed mid-game
    const auto r = test::run_gamehost({"play", "--resume", path, "-q"});
    CHECK(r.exit_code == 0);
    CHECK(moves_of(gamehost::read_log(path)) == moves_of(uninterrupted));
  }
}

namespace {

// results.json with its folder named DIR (it holds no timing).
std::string timeless(std::string json, const std::string& dir) {
  return std::regex_replace(json, std::regex(dir), "DIR");
}

// The table printed between "Results:" and "Table and games:".
std::string table_of(const std::string& out) {
  const auto from = out.find('\n', out.find("Results: "));
  return out.substr(from, out.find("Table and games:") - from);
}

}  // namespace

TEST_CASE("a killed tournament resumes to the uninterrupted results", "[trust][resume][tournament]") {
  const auto dir = test::temp_dir("salvage-tournament");
  const std::vector<std::string> common = {"tournament", "alien_city", "--agents", "random,greedy,mcts:iters=200",
                                           "--games", "2", "--seed", "4"};
  auto args = common;
  args.insert(args.end(), {"--out", (dir / "whole").string()});
  const auto whole = test::run_gamehost(args);
  REQUIRE(whole.exit_code == 0);
  const std::string expected_json = timeless(test::read_file(dir / "whole" / "results.json"), (dir / "whole").string());

  // Killed for real, after at least two games were logged.
  const auto killed = (dir / "killed").string();
  args = common;
  args.insert(args.end(), {"--out", killed});
  const pid_t pid = test::spawn_gamehost(args);
  auto finished_logs = [&] {
    int n = 0;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(killed) / "games", ec))
      n += test::plies_so_far(e.path().string()) > 0 && gamehost::read_log(e.path()).finished();
    return n;
  };
  test::wait_until([&] { return finished_logs() >= 2; }, std::chrono::seconds(120));
  CHECK(WIFSIGNALED(test::kill_and_reap(pid)));
  REQUIRE_FALSE(std::filesystem::exists(std::filesystem::path(killed) / "results.json"));
  auto r = test::run_gamehost({"tournament", "--resume", killed});
  CHECK(r.exit_code == 0);
  CHECK(table_of(r.out) == table_of(whole.out));
  CHECK(timeless(test::read_file(std::filesystem::path(killed) / "results.json"), killed) == expected_json);

  // A folder left as a kill leaves it, made by hand: one game unfinished, one
  // torn, the rest finished.
  const auto made = dir / "made";
  std::filesystem::copy(dir / "whole", made, std::filesystem::copy_options::recursive);
  std::filesystem::remove(made / "results.json");
  std::vector<std::filesystem::path> logs;
  for (const auto& e : std::filesystem::directory_iterator(made / "games")) logs.push_back(e.path());
  std::sort(logs.begin(), logs.end());
  REQUIRE(logs.size() == 6);
  const auto l2 = gamehost::read_log(logs[2]);
  test::write_file(logs[2], test::read_file(logs[2]).substr(0, l2.ply_offsets[7]));
  const auto l4 = gamehost::read_log(logs[4]);
  test::write_file(logs[4], test::read_file(logs[4]).substr(0, l4.ply_offsets[7] + 3));
  std::filesystem::remove(logs[5]);
  r = test::run_gamehost({"tournament", "--resume", made.string()});
  CHECK(r.exit_code == 0);
  CHECK(table_of(r.out) == table_of(whole.out));
  CHECK(timeless(test::read_file(made / "results.json"), made.string()) == expected_json);

  r = test::run_gamehost({"tournament", "--resume", (dir / "nothing").string()});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: " + (dir / "nothing").string() + ": no such tournament folder\n");
  r = test::run_gamehost({"tournament", "alien_city", "--resume", killed});
  CHECK(r.exit_code == 2);
}

TEST_CASE("a tournament resumed while it still runs leaves the running game's log alone", "[trust][lock][tournament]") {
  const auto dir = test::temp_dir("salvage-lock-tournament") / "t";
  test::Reaper running(test::spawn_gamehost({"tournament", "alien_city", "--agents",
                                             "mcts:iters=400000,mcts:iters=400001", "--games", "2", "--seed", "3",
                                             "--out", dir.string()}));
  std::filesystem::path live;
  REQUIRE(test::wait_until(
      [&] {
        std::error_code ec;
        // A game's log, not a file still written under a temporary name
        // (".NAME.RANDOM.tmp", renamed once whole).
        for (const auto& e : std::filesystem::directory_iterator(dir / "games", ec))
          if (e.path().filename().string().front() != '.' && std::filesystem::file_size(e.path(), ec) > 100)
            live = e.path();
        return !live.empty();
      },
      std::chrono::seconds(120)));
  // The second run finds the first game unfinished and would play it again
  // from its seed, removing the log the first run is writing: refused.
  const auto r = test::run_gamehost({"tournament", "--resume", dir.string()});
  CHECK(r.exit_code == 1);
  CHECK(r.err == fmt::format("gamehost: error: {}: another gamehost process is writing it; wait until it has "
                             "finished, or write to another file\n",
                             live.string()));
  REQUIRE(std::filesystem::exists(live));  // still there
  CHECK(WIFSIGNALED(running.kill()));
}

TEST_CASE("a log a game is writing is not resumed, overwritten or cut by another process", "[trust][lock]") {
  const auto dir = test::temp_dir("salvage-lock");
  const auto path = (dir / "live.ghlog").string();
  // Slow players: the game is still on while the others try.
  test::Reaper game(test::spawn_gamehost({"play", "alien_city", "--seed", "8", "--out", path, "-q", "--player1",
                                          "mcts:iters=400000,seed=3", "--player2", "mcts:iters=400000,seed=4"}));
  REQUIRE(test::wait_until(
      [&] {
        std::error_code ec;
        return std::filesystem::exists(path, ec) && std::filesystem::file_size(path, ec) > 100;
      },
      std::chrono::seconds(120)));
  const std::string refusal = fmt::format(
      "gamehost: error: {}: another gamehost process is writing it; wait until it has finished, or write to "
      "another file\n",
      path);
  // Another (quick) game over it with --force, or cutting it in place.
  auto r = test::run_gamehost({"play", "alien_city", "--seed", "9", "--out", path, "--force", "-q", "--player1",
                               "random", "--player2", "random"});
  REQUIRE(r.exit_code == 1);
  CHECK(r.err == refusal);
  r = test::run_gamehost({"repair", path, "--in-place"});
  REQUIRE(r.exit_code == 1);
  CHECK(r.err == refusal);
  // Importing a game over it (the seed-1 sample, exported to JSON).
  r = test::run_gamehost({"export", std::string(SOURCE_DIR) + "/games/samples/seed-1.ghlog"});
  REQUIRE(r.exit_code == 0);
  test::write_file(dir / "other.json", r.out);
  r = test::run_gamehost({"import", (dir / "other.json").string(), "--out", path, "--force"});
  REQUIRE(r.exit_code == 1);
  CHECK(r.err == refusal);
  CHECK_FALSE(std::filesystem::exists(path + ".part"));
  // Resuming it alongside the game.
  r = test::run_gamehost({"play", "--resume", path, "-q"});
  CHECK(r.exit_code == 1);
  CHECK(r.err == refusal);
  CHECK(gamehost::read_log(path).record.header().seed() == 8);  // the running game's log, intact

  // Killing the game dropped the lock.
  CHECK(WIFSIGNALED(game.kill()));
  r = test::run_gamehost({"repair", path, "--in-place"});
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("nothing to repair") != std::string::npos);
}
