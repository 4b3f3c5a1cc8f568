// Secrets on disk (issue 30), through the real gamehost binary, plugin and
// replay-viewer: a secret City Planning game being played shows nothing a
// seat could not see, in its files or in anything a command prints from
// them; killed, it resumes with its --secret-file and only with it; agents'
// seeds cannot be derived from the printed seed; and verify and import
// refuse edits of the log's statement of its chance.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <fmt/core.h>
#include <google/protobuf/util/json_util.h>

#include <iterator>
#include <regex>
#include <sstream>

#include "gamehost/play/agents/spec.h"
#include "gamehost/records/game_log.h"
#include "gamehost/records/replay.h"
#include "gamehost/secrets/record_as_seat.h"
#include "gamehost/play/agent_view.h"
#include "test_support.h"

extern char** environ;

using gamehost::pb::GameRecord;

namespace {

std::string compact_json(const GameRecord& r) {
  std::string json;
  REQUIRE(google::protobuf::util::MessageToJsonString(r, &json).ok());
  return json;
}

using test::printed_seed;

// A finished secret game of two random agents, its secrets kept in `key`.
std::string secret_game(const std::filesystem::path& dir, const std::string& name, std::string* out = nullptr) {
  const std::string log = (dir / (name + ".ghlog")).string();
  const auto r = test::run_gamehost({"play", "city_planning", "--player1", "random", "--player2", "random", "-q",
                                     "--out", log, "--secret-file", (dir / (name + ".key")).string()});
  REQUIRE(r.exit_code == 0);
  if (out) *out = r.out;
  return log;
}

// The log's first `records` records (the header and records-1 plies): what a
// kill -9 leaves, as the writer appends one whole record per write(2).
void cut_after_records(const std::string& from, const std::string& to, int records) {
  const std::string bytes = test::read_file(from);
  std::size_t at = gamehost::kLogPrelude;
  for (int i = 0; i < records; ++i) at += 8 + gamehost::get_u32(bytes, at);
  test::write_file(to, bytes.substr(0, at));
}

// What must never be read before the game ends: for each ply, its
// action, notation and state hash (compared without the times).
std::vector<std::string> plies_of(const GameRecord& r) {
  std::vector<std::string> out;
  for (const auto& p : r.plies())
    out.push_back(fmt::format("{} {} {} {:016x}", p.player(), p.action_id(), p.notation(), p.state_hash()));
  return out;
}

// gamehost with a pipe on stdin (a person typing) and stdout to a file.
struct LiveGame {
  pid_t pid = -1;
  int input = -1;
  std::filesystem::path output;
  std::size_t prompts = 0, scanned = 0;  // "A> " counted so far, and up to where

  LiveGame(const std::vector<std::string>& args, std::filesystem::path out) : output(std::move(out)) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[0], 0);
    posix_spawn_file_actions_addclose(&fa, fds[1]);
    posix_spawn_file_actions_addopen(&fa, 1, output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    std::vector<std::string> storage{GAMEHOST_BIN};
    storage.insert(storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : storage) argv.push_back(a.data());
    argv.push_back(nullptr);
    REQUIRE(posix_spawn(&pid, GAMEHOST_BIN, &fa, nullptr, argv.data(), environ) == 0);
    posix_spawn_file_actions_destroy(&fa);
    ::close(fds[0]);
    input = fds[1];
  }
  ~LiveGame() {
    if (input >= 0) ::close(input);
    if (pid > 0) test::kill_and_reap(pid);
  }
  void type(const std::string& line) {
    const std::string text = line + "\n";
    REQUIRE(::write(input, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
  }
  std::string printed() const { return test::read_file(output); }
  // Waits for prompt number `n` ("A> " printed n times); false when the game
  // ended instead (its exit status then in `status`).
  bool prompt(std::size_t n, int& status) {
    const auto count = [this] {  // from where the last count stopped: the output grows long
      const std::string out = printed();
      for (auto at = out.find("A> ", scanned); at != std::string::npos; at = out.find("A> ", at + 1))
        ++prompts, scanned = at + 1;
      return prompts;
    };
    bool ended = false;
    REQUIRE(test::wait_until(
        [&] {
          if (count() >= n) return true;
          if (::waitpid(pid, &status, WNOHANG) == pid) ended = true, pid = -1;
          return ended;
        },
        std::chrono::seconds(60)));
    return !ended || count() >= n;
  }
};

// A move from the words of the 'moves' list (notations hold spaces): a
// stone, else a Zone that returns none, else pass.
std::string pick_move(const std::vector<std::string>& words) {
  for (const auto& w : words)
    if (w.rfind("P@", 0) == 0 || w.rfind("R@", 0) == 0) return w;
  for (std::size_t i = 0; i + 1 < words.size(); ++i)
    if (words[i] == "zone" && (i + 2 >= words.size() || words[i + 2] != "return")) return "zone " + words[i + 1];
  return "pass";
}

// Everything the reading commands print from the log (and the viewer's
// panel), and the log's bytes: what a player at the prompt can read.
std::string everything_readable(const std::string& log) {
  std::string all = test::read_file(log);
  const std::vector<std::vector<std::string>> commands = {
      {"show", log},
      {"show", log, "--ply", "0"},
      {"show", log, "--as", "A"},
      {"export", log},
      {"export", log, "--format", "text"},
      {"export", log, "--as", "A"},
      {"analyze", log},
      {"analyze", log, "--as", "A", "--format", "json"},
      {"verify", log},
  };
  for (const auto& c : commands) {
    const auto r = test::run_gamehost(c);
    all += r.out + r.err;
  }
#ifdef VIEWER_BIN
  const auto panel = test::run_program(VIEWER_BIN, {log, "--dump-panel", "-", "--as", "A"});
  all += panel.out + panel.err;
#endif
  return all;
}

}  // namespace

TEST_CASE("a secret game being played shows nothing of the other hand or the next draw", "[cli][cp][secret]") {
  const auto dir = test::temp_dir("cp-live");
  const std::string log = (dir / "live.ghlog").string();
  LiveGame game({"play", "city_planning", "--player1", "human", "--player2", "greedy", "--out", log,
                 "--secret-file", (dir / "live.key").string()},
                dir / "terminal.txt");
  // At a few prompts: everything readable, and how far the log was.
  std::vector<std::pair<int, std::string>> seen;  // plies in the log, what could be read
  int status = 0;
  std::size_t prompts = 0;
  int decisions = 0;
  while (game.prompt(prompts + 1, status)) {
    ++prompts;
    ++decisions;
    if (decisions <= 3 || decisions == 6)
      seen.emplace_back(test::plies_so_far(log), everything_readable(log));
    game.type("moves");
    REQUIRE(game.prompt(++prompts, status));
    const std::string out = game.printed();
    const auto list = out.rfind(" legal: ");
    REQUIRE(list != std::string::npos);
    std::istringstream listed(out.substr(list + 8, out.find('\n', list) - list - 8));
    game.type(pick_move({std::istream_iterator<std::string>(listed), std::istream_iterator<std::string>()}));
    REQUIRE(decisions < 1000);  // a refused move would prompt for ever
  }
  CHECK_THAT(game.printed(), !Catch::Contains("Not understood") && !Catch::Contains("Illegal"));
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  REQUIRE(seen.size() >= 3);  // the first prompts, and the sixth when the game gets that far

  // The game is over: everything is revealed and verifies.
  const auto verified = test::run_gamehost({"verify", log});
  CHECK(verified.exit_code == 0);
  CHECK_THAT(verified.out, Catch::Contains(": OK: city_planning"));
  CHECK_THAT(verified.out, Catch::Contains("Agents: seeds drawn secretly, committed and revealed: A = human, B = "
                                           "greedy:seed="));
  const gamehost::GameLog full = gamehost::read_log(log);
  auto plugin = gamehost::Plugin::load(CITY_PLANNING_PLUGIN);
  const auto states = gamehost::replay(*plugin, full, std::nullopt, true).states;
  const auto seen_by_a = gamehost::plies_seen_by(*plugin, full, states, 0);
  int hidden_checked = 0;
  for (const auto& [plies, readable] : seen) {
    CAPTURE(plies);
    REQUIRE(plies >= 10);  // the deal is done before A's first prompt
    // B's hand as the omniscient show lists it.
    const std::string shown = test::run_gamehost({"show", log, "--ply", std::to_string(plies)}).out;
    const auto at = shown.find("hand B: ");
    REQUIRE(at != std::string::npos);
    CHECK_THAT(readable, !Catch::Contains(shown.substr(at, shown.find('\n', at) - at)));
    CHECK_THAT(readable, Catch::Contains("sealed"));  // said, not hidden silently
    for (int i = 0; i < full.record.plies_size(); ++i) {
      const auto& p = full.record.plies(i);
      // No state hash, in hex or as the log's bytes: each names a state.
      CHECK_THAT(readable, !Catch::Contains(fmt::format("{:016x}", p.state_hash())));
      std::string raw;
      for (int b = 0; b < 8; ++b) raw += static_cast<char>((p.state_hash() >> (8 * b)) & 0xff);
      CHECK(readable.find(raw) == std::string::npos);
      // B's draws so far, and every draw to come.
      if (p.player() == -1 && (i >= plies || !seen_by_a[static_cast<std::size_t>(i)])) {
        CHECK_THAT(readable, !Catch::Contains(p.notation()));
        ++hidden_checked;
      }
    }
  }
  CHECK(hidden_checked >= 3 * static_cast<int>(seen.size()));  // at least B's dealt coins at each
  const auto shown = test::run_gamehost({"show", log, "--ply", "20"});
  CHECK(shown.exit_code == 0);
  CHECK_THAT(shown.out, Catch::Contains("hand B: "));
  CHECK_THAT(test::run_gamehost({"export", log, "--format", "text"}).out,
             Catch::Contains(fmt::format("hash {:016x}", full.record.plies(0).state_hash())));
}

TEST_CASE("a killed secret game resumes with its secret file, and only with it", "[cli][cp][secret]") {
  const auto dir = test::temp_dir("cp-resume-secret");
  const std::string whole = secret_game(dir, "whole");
  const std::string killed = (dir / "killed.ghlog").string();
  cut_after_records(whole, killed, 40);  // the header and 39 plies

  const auto sealed = test::run_gamehost({"verify", killed});
  CHECK(sealed.exit_code == 3);
  CHECK_THAT(sealed.out, Catch::Contains("header verified, 39 plies sealed (AES-256-GCM) until the game ends"));

  const auto refused = test::run_gamehost({"play", "--resume", killed});
  CHECK(refused.exit_code == 1);
  CHECK_THAT(refused.err, Catch::Contains(killed + ": the game's chance is secret: resume it with --secret-file FILE, "
                                                   "the file given when it was started; without its secrets no one "
                                                   "can resume it"));
  secret_game(dir, "other");
  const auto wrong = test::run_gamehost({"play", "--resume", killed, "--secret-file", (dir / "other.key").string()});
  CHECK(wrong.exit_code == 1);
  CHECK_THAT(wrong.err, Catch::Contains("other.key: its secrets are not this game's: they do not match the log "
                                        "header's chance_commitment"));
  CHECK(test::read_file(killed).size() == std::filesystem::file_size(killed));  // untouched

  const auto resumed = test::run_gamehost({"play", "--resume", killed, "--secret-file", (dir / "whole.key").string(),
                                           "-q"});
  REQUIRE(resumed.exit_code == 0);
  CHECK(test::run_gamehost({"verify", killed}).exit_code == 0);
  // The same game as the one never interrupted: every draw, move and state.
  const GameRecord a = gamehost::read_log(whole).record, b = gamehost::read_log(killed).record;
  CHECK(plies_of(a) == plies_of(b));
  CHECK(a.result().scores(0) == b.result().scores(0));
  CHECK(a.result().scores(1) == b.result().scores(1));
  CHECK((std::filesystem::status(dir / "whole.key").permissions() & std::filesystem::perms::all) ==
        (std::filesystem::perms::owner_read | std::filesystem::perms::owner_write));
}

TEST_CASE("agents' moves in a secret game do not follow from the printed seed", "[cli][cp][secret][ai]") {
  const auto dir = test::temp_dir("cp-agent-seed");
  auto plugin = gamehost::Plugin::load(CITY_PLANNING_PLUGIN);
  // The attacker of the issue: B's moves as random would make them with the
  // seed derived from `seed`. It even knows B's hand (the true state): a
  // match is then a move that tells the hand apart from others.
  const auto matches = [&](const std::string& log_path, std::uint64_t seed, bool secret, int& decisions) {
    const gamehost::GameLog log = gamehost::read_log(log_path);
    const auto states = gamehost::replay(*plugin, log, std::nullopt, true).states;
    gamehost::AgentView view(*plugin, seed);
    const auto agent = gamehost::make_agent(
        "random", gamehost::AgentContext{seed, 1, nullptr, nullptr, nullptr, false, false, secret});
    int same = 0;
    decisions = 0;
    for (int i = 0; i < log.record.plies_size(); ++i) {
      if (log.record.plies(i).player() != 1) continue;
      const auto& state = states[static_cast<std::size_t>(i)];
      const auto info = plugin->query(state, gamehost::full_flags());
      view.show(state, info, 1, i + 1);
      const auto choice = agent->choose(gamehost::Turn{*plugin, view.state(), view.info(), 1, i + 1});
      if (info.legal_ids_size() < 2) continue;  // no choice: tells nothing
      ++decisions;
      same += choice == log.record.plies(i).action_id();
    }
    return same;
  };
  // A game long enough to count (two passes in a row end one early).
  std::string out, secret;
  int decisions = 0, with_printed = 0;
  for (int attempt = 0; attempt < 10 && decisions < 20; ++attempt) {
    secret = secret_game(dir, fmt::format("secret{}", attempt), &out);
    with_printed = matches(secret, printed_seed(out), false, decisions);
  }
  REQUIRE(decisions >= 20);
  // Chance agreement only (one move in many): nothing like every move.
  CHECK(with_printed * 4 < decisions);
  // The seed revealed at the end gives every move: the game replays.
  const auto revealed = gamehost::read_log(secret).record.result().agents_seed();
  const int with_revealed = matches(secret, revealed, true, decisions);
  CHECK(with_revealed == decisions);
  // The attack works on a reproducible game (--seed), as the issue found.
  const std::string open = (dir / "open.ghlog").string();
  REQUIRE(test::run_gamehost({"play", "city_planning", "--seed", "8", "--player1", "random", "--player2", "random",
                              "-q", "--out", open}).exit_code == 0);
  const int reproducible = matches(open, 8, false, decisions);
  CHECK(decisions >= 20);
  CHECK(reproducible == decisions);
  // While it runs, the secret game names no agent's seed.
  const std::string live = (dir / "live.ghlog").string();
  cut_after_records(secret, live, 30);
  const auto header = gamehost::read_log(live).record.header();
  CHECK(header.players(0).agent() == "random");
  CHECK(header.players(1).agent() == "random");
}

TEST_CASE("verify and import refuse edits of the chance statement, naming the field", "[cli][cp][secret]") {
  const auto dir = test::temp_dir("cp-forgeries");
  const std::string secret_log = secret_game(dir, "secret");
  const GameRecord secret = gamehost::read_log(secret_log).record;
  const std::string open_log = (dir / "open.ghlog").string();
  REQUIRE(test::run_gamehost({"play", "city_planning", "--seed", "5", "--player1", "random", "--player2", "random",
                              "-q", "--out", open_log}).exit_code == 0);
  const GameRecord open = gamehost::read_log(open_log).record;
  REQUIRE(open.header().chance_reproducible());

  // The secret game's record without anything secret (plies in the clear).
  GameRecord plain = secret;
  plain.mutable_header()->clear_agents_commitment();
  plain.mutable_header()->clear_seal_cipher();
  plain.mutable_header()->clear_seal_key_commitment();
  for (auto& p : *plain.mutable_plies()) p.clear_sealed();
  plain.mutable_result()->clear_agents_seed();
  plain.mutable_result()->clear_agents_salt();
  plain.mutable_result()->clear_seal_key();

  GameRecord removed = plain;  // 1. commitment and reveal both removed
  removed.mutable_header()->clear_chance_commitment();
  removed.mutable_result()->clear_chance_seed();
  removed.mutable_result()->clear_chance_salt();
  GameRecord relabelled = secret;  // 2. a secret game flagged reproducible
  relabelled.mutable_header()->set_chance_reproducible(true);
  GameRecord relabelled_plain = plain;  // 2'. the same, its secret parts removed
  relabelled_plain.mutable_header()->set_chance_reproducible(true);
  GameRecord flagged = open;  // 3. a --seed game flagged secret
  flagged.mutable_header()->set_chance_reproducible(false);

  const std::vector<std::pair<GameRecord, std::string>> forgeries = {
      {removed, ", header: chance_commitment: the game has chance, but the header commits to no chance seed"},
      {relabelled, ", header: chance_reproducible: the game is flagged reproducible, but its header commits to "
                   "secret agents' seeds (agents_commitment)"},
      {relabelled_plain, ", result: chance_reproducible: the game is flagged reproducible, but its chance salt is "
                         "not zero: its chance was drawn secretly"},
      {flagged, ", result: chance_reproducible: the game is flagged secret, but its chance salt is zero, as only a "
                "reproducible game's (--seed, --chance-seed) is"},
  };
  int k = 0;
  for (const auto& [record, message] : forgeries) {
    CAPTURE(message);
    const auto json = dir / fmt::format("f{}.json", k), out = dir / fmt::format("f{}.ghlog", k);
    ++k;
    test::write_file(json, compact_json(record));
    const auto imported = test::run_gamehost({"import", json.string(), "--out", out.string()});
    CHECK(imported.exit_code == 1);
    CHECK_THAT(imported.err, Catch::Contains(message));
    CHECK_FALSE(std::filesystem::exists(out));
    test::write_file(out, gamehost::encode_log(record));  // written without import
    const auto verified = test::run_gamehost({"verify", out.string()});
    CHECK(verified.exit_code == 1);
    CHECK_THAT(verified.err, Catch::Contains(message));
  }
  // The untouched records import and verify.
  for (const GameRecord* record : std::vector<const GameRecord*>{&secret, &plain, &open}) {
    const auto json = dir / fmt::format("ok{}.json", k), out = dir / fmt::format("ok{}.ghlog", k);
    ++k;
    test::write_file(json, compact_json(*record));
    REQUIRE(test::run_gamehost({"import", json.string(), "--out", out.string()}).exit_code == 0);
    CHECK(test::run_gamehost({"verify", out.string()}).exit_code == 0);
    // The sealed log comes back byte for byte (opened fields go back sealed).
    if (record == &secret) CHECK(test::read_file(out) == test::read_file(secret_log));
  }
}

TEST_CASE("the viewer as a seat shows its own hand always, and no later move of an unfinished game",
          "[cli][cp][viewer][secret]") {
#ifdef VIEWER_BIN
  const auto dir = test::temp_dir("cp-viewer-seat");
  const std::string whole = (dir / "whole.ghlog").string(), live = (dir / "live.ghlog").string();
  REQUIRE(test::run_gamehost({"play", "city_planning", "--seed", "4", "--player1", "random", "--player2", "random",
                              "-q", "--out", whole}).exit_code == 0);
  cut_after_records(whole, live, 61);  // 60 plies: an unfinished (reproducible, so unsealed) game
  const auto record = gamehost::read_log(whole).record;
  const auto panel = [](const std::string& log, const std::vector<std::string>& extra) {
    std::vector<std::string> args{log, "--dump-panel", "-", "--ply", "20"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = test::run_program(VIEWER_BIN, args);
    REQUIRE(r.exit_code == 0);
    return r.out;
  };
  const std::string shown = test::run_gamehost({"show", live, "--ply", "20", "--as", "A"}).out;
  const auto at = shown.find("hand A: ");
  REQUIRE(at != std::string::npos);
  const std::string hand_a = shown.substr(at + 8, shown.find('\n', at) - at - 8);
  for (const auto& overlays : {std::vector<std::string>{}, std::vector<std::string>{"--overlay", "all"}}) {
    const std::string as_a = panel(live, [&] {
      auto a = overlays;
      a.insert(a.end(), {"--as", "A"});
      return a;
    }());
    CHECK_THAT(as_a, Catch::Contains("Hands\thand.A\t3\tA: " + hand_a + "\n"));
    CHECK_THAT(as_a, Catch::Contains("Hands\thand.B\t3\tB: 3 coins (hidden)\n"));
  }
  // Without a seat, the overlay decides.
  CHECK_THAT(panel(live, {}), Catch::Contains("Hands\thand.A\t3\tA: 3 coins (hidden)\n"));
  // As A, nothing after ply 20 of the unfinished game; of the finished
  // game, later decisions are listed (draws stay hidden).
  const std::string as_a = panel(live, {"--as", "A"});
  const std::string finished = panel(whole, {"--as", "A"});
  int later_moves = 0;
  for (int p = 21; p <= 60; ++p) {
    const auto& ply = record.plies(p - 1);
    const std::string who = ply.player() == -1 ? "chance" : std::string(ply.player() == 0 ? "A" : "B");
    CHECK_THAT(as_a, Catch::Contains("Moves\t" + std::to_string(p) + "\t?\t" + who + " ?\n"));
    if (ply.player() >= 0) {
      ++later_moves;
      CHECK_THAT(finished, Catch::Contains("Moves\t" + std::to_string(p) + "\t" + ply.notation() + "\t"));
    }
  }
  CHECK(later_moves > 10);
#endif
}
