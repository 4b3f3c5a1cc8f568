// Hostile files for the analysis board and teaching (issue 44): variations
// (LOG.ghvars), puzzle sets (.ghpuz), tours, positions, keys and records
// from elsewhere, each read as carefully as a log. Through the real
// gamehost and the real viewer's headless --dump-panel: the exact message,
// the exit status, nothing raw on the terminal.
#include <catch2/catch.hpp>
#include <google/protobuf/util/json_util.h>
#include <fmt/core.h>
#include <sys/stat.h>

#include <filesystem>
#include <regex>
#include <variant>

#include "gamehost/records/record_framing.h"
#include "gamehost/records/game_log.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/calls/registry.h"
#include "gamehost/records/regular_file.h"
#include "gamehost/records/replay.h"
#include "gamehost/text/typed_move.h"
#include "gamehost/records/variation_tree.h"
#include "test_support.h"

using namespace gamehost;

namespace {

const std::string kSeed1 = std::string(SOURCE_DIR) + "/games/samples/seed-1.ghlog";
const std::string kConnectFour = std::string(SOURCE_DIR) + "/games/samples/connect_four-seed-1.ghlog";
const std::string kPuzzles = std::string(SOURCE_DIR) + "/games/puzzles/samples.ghpuz";

// A copy of `sample` in `dir`, so that its sidecars can be planted.
std::string copy_log(const std::filesystem::path& dir, const std::string& sample) {
  const auto to = dir / std::filesystem::path(sample).filename();
  std::filesystem::copy_file(sample, to, std::filesystem::copy_options::overwrite_existing);
  return to.string();
}

// LOG.ghvars holding `file` as it is, however little it fits the log.
void plant_variations(const std::string& log_path, const VariationsFile& file) {
  std::string bytes(kVariationsMagic);
  put_u32(bytes, kVariationsFormatVersion);
  append_frame(bytes, file);
  test::write_file(variations_path_for(log_path), bytes);
}

VariationsFile variations_of(const GameLog& log) {
  VariationsFile file;
  file.mutable_header()->set_game_id(log.record.header().game_id());
  file.mutable_header()->set_initial_state_hash(log.record.header().initial_state_hash());
  file.mutable_header()->set_plies(static_cast<std::uint32_t>(log.record.plies_size()));
  return file;
}

VariationNode* add_node(VariationsFile& file, std::uint32_t parent, std::uint32_t ply, std::uint32_t action,
                        const std::string& notation) {
  VariationNode* n = file.add_nodes();
  n->set_parent(parent);
  n->set_ply(parent == 0 ? ply : 0);
  n->set_action_id(action);
  n->set_notation(notation);
  return n;
}

// The legal moves at `ply` of `log` (id and notation), through the plugin.
std::vector<pb::ActionInfo> legal_at(const GameLog& log, int ply, const std::string& plugin_file) {
  Registry registry = Registry::scan({std::filesystem::path(plugin_file).parent_path()});
  Plugin& plugin = registry.find(log.record.header().game_id());
  pb::QueryFlags flags;
  flags.set_legal_details(true);
  const auto info = plugin.query(replay(plugin, log, ply).state, flags);
  return {info.legal().begin(), info.legal().end()};
}

std::string replaced(std::string text, const std::string& at, const std::string& with) {
  const auto p = text.find(at);
  REQUIRE(p != std::string::npos);
  return text.replace(p, at.size(), with);
}

bool has_control(const std::string& text) {
  for (unsigned char c : text)
    if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) return true;
  return false;
}

#ifdef VIEWER_BIN
test::Run viewer(const std::vector<std::string>& args) { return test::run_program(VIEWER_BIN, args); }

// The --dump-panel row "Analysis\tproblem\t\tTEXT" (without its line break), or "".
std::string problem_row(const std::string& out) {
  const auto at = out.find("Analysis\tproblem\t\t");
  if (at == std::string::npos) return "";
  return out.substr(at + 18, out.find('\n', at) - at - 18);
}
#endif

}  // namespace

// ---------------------------------------------------------------- item 1

TEST_CASE("every walk of a variation tree is iterative: a chain 200,000 moves deep is walked, saved and removed",
          "[hostile][variations]") {
  VariationTree tree(std::vector<VariationTree::Move>{{1, "a"}, {2, "b"}});
  VariationTree::NodeId at = tree.game_node(1);
  const VariationTree::NodeId first = tree.play(at, {7, "x"});
  at = first;
  for (int k = 0; k < 200000; ++k) at = tree.play(at, {static_cast<std::uint32_t>(k % 7), "m"});
  const auto leaves = tree.leaves();
  REQUIRE(leaves.size() == 1);
  CHECK(leaves.front() == at);
  GameLog log;
  log.record.mutable_header()->set_game_id("g");
  CHECK(tree.to_file(log).nodes_size() == 200001);
  CHECK(tree.remove(first) == tree.game_node(1));
  CHECK_FALSE(tree.has_variations());
}

TEST_CASE("a variations file of one line 90,000 moves deep is refused at its depth limit, never recursed into",
          "[hostile][variations]") {
  const auto dir = test::temp_dir("hostile-deep-ghvars");
  const std::string log_path = copy_log(dir, kSeed1);
  const GameLog log = read_log(log_path);
  VariationsFile file = variations_of(log);
  add_node(file, 0, 3, 1, "x");
  for (std::uint32_t k = 1; k < 90000; ++k) add_node(file, k, 0, 1, "x");
  plant_variations(log_path, file);
  const std::string why = fmt::format("{}: node {}: a line more than {} moves deep", variations_path_for(log_path).string(),
                                      kMaxVariationDepth + 1, kMaxVariationDepth);
  // export --format ppn: a warning, the game exported without them.
  const auto ex = test::run_gamehost({"export", log_path, "--format", "ppn"});
  CHECK(ex.exit_code == 0);
  CHECK(ex.err == "gamehost: warning: " + why + "; the log is exported without its variations\n");
  CHECK(ex.out == test::run_gamehost({"export", kSeed1, "--format", "ppn"}).out);
  // More moves than a file may hold, each at the start.
  VariationsFile wide = variations_of(log);
  for (int k = 0; k <= kMaxVariationNodes; ++k) add_node(wide, 0, 0, 1, "x");
  plant_variations(log_path, wide);
  const auto w = test::run_gamehost({"export", log_path, "--format", "ppn"});
  CHECK(w.exit_code == 0);
  CHECK(w.err == fmt::format("gamehost: warning: {}: {} variation moves, more than the {} a file may hold; the log "
                             "is exported without its variations\n",
                             variations_path_for(log_path).string(), kMaxVariationNodes + 1, kMaxVariationNodes));
#ifdef VIEWER_BIN
  plant_variations(log_path, file);
  const auto r = viewer({log_path, "--dump-panel", "-"});
  CHECK(r.exit_code == 0);  // it crashed here with a stack overflow
  CHECK(problem_row(r.out) == why + " (ignored; the log opens without them)");
#endif
}

// ---------------------------------------------------------------- item 2

TEST_CASE("every file the viewer opens has gamehost's checks: a device, a FIFO, a folder, a file over the size limit",
          "[hostile][special]") {
  const auto dir = test::temp_dir("hostile-viewer-special");
  const std::string fifo = (dir / "fifo").string(), folder = (dir / "folder").string(),
                    big = (dir / "big.txt").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  std::filesystem::create_directories(folder);
  test::write_file(big, "");
  std::filesystem::resize_file(big, kMaxReadBytes + 1);  // sparse: nothing written
  const std::string too_large = fmt::format("is larger than 256 MiB ({} bytes), more than is read from one file",
                                            kMaxReadBytes + 1);
  // gamehost's own message, and its limit.
  auto g = test::run_gamehost({"show", "--game", "alien_city", "--position", big});
  CHECK(g.exit_code == 1);
  CHECK(g.err == fmt::format("gamehost: error: --position {}: {}\n", big, too_large));
#ifdef VIEWER_BIN
  for (const auto& [file, why] : std::vector<std::pair<std::string, std::string>>{
           {"/dev/zero", "is a device, not a file"},
           {fifo, "is a FIFO (named pipe), not a file"},
           {folder, "is a directory, not a file"},
           {big, too_large}}) {
    const auto r = viewer({"--position", file, "--game", "alien_city", "--dump-panel", "-"});
    CHECK(r.exit_code == 1);
    CHECK(r.err == fmt::format("replay-viewer: error: --position {}: {}\n", file, why));
    CHECK(r.out.empty());
  }
  // A log, a puzzle set and a tour that are not files; a sidecar that is a FIFO.
  for (const auto& args : std::vector<std::vector<std::string>>{
           {fifo, "--dump-panel", "-"}, {"--puzzles", fifo, "--dump-panel", "-"}, {"--tour", fifo, "--dump-panel", "-"}}) {
    const auto r = viewer(args);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find(fifo + ": is a FIFO (named pipe), not a file") != std::string::npos);
  }
  const std::string log_path = copy_log(dir, kSeed1);
  REQUIRE(::mkfifo(variations_path_for(log_path).c_str(), 0600) == 0);
  const auto r = viewer({log_path, "--dump-panel", "-"});
  CHECK(r.exit_code == 0);
  CHECK(problem_row(r.out) ==
        variations_path_for(log_path).string() + ": is a FIFO (named pipe), not a file (ignored; the log opens without them)");
#endif
}

// ---------------------------------------------------------------- items 3, 4

TEST_CASE("a variation whose action and notation disagree is damage, named as such by the viewer",
          "[hostile][variations]") {
  const auto dir = test::temp_dir("hostile-ghvars-disagree");
  const std::string log_path = copy_log(dir, kConnectFour);
  const GameLog log = read_log(log_path);
  const auto legal = legal_at(log, 4, CONNECT_FOUR_PLUGIN);
  REQUIRE(legal.size() >= 4);
  // The move of column d labelled as column a (the issue's "5. a" with the disc in d).
  const auto& a = legal[0];
  const auto& d = legal[3];
  VariationsFile file = variations_of(log);
  add_node(file, 0, 4, d.id(), a.notation());
  plant_variations(log_path, file);
#ifdef VIEWER_BIN
  const auto r = viewer({log_path, "--dump-panel", "-"});
  CHECK(r.exit_code == 0);
  CHECK(problem_row(r.out) ==
        fmt::format("{}: variation 4:{}: damaged: the notation '{}' is not that of its action {} (the game writes it "
                    "'{}') (ignored; the log opens without them)",
                    variations_path_for(log_path).string(), a.notation(), a.notation(), d.id(), d.notation()));
  CHECK(r.out.find("Analysis\tvariation\t") == std::string::npos);
#endif
}

TEST_CASE("export --format ppn leaves out a bad variation move with a warning naming the file and the node, and "
          "keeps the others",
          "[hostile][variations][ppn]") {
  const auto dir = test::temp_dir("hostile-ghvars-ppn");
  const std::string log_path = copy_log(dir, kSeed1);
  const GameLog log = read_log(log_path);
  const auto legal = legal_at(log, 0, ALIEN_CITY_PLUGIN);
  REQUIRE(legal.size() >= 3);
  const std::string file_name = variations_path_for(log_path).string();
  // A good line at ply 0 (legal[1]), and a bad one (legal[2]'s action).
  const pb::ActionInfo& good = legal[1].id() == log.record.plies(0).action_id() ? legal[0] : legal[1];
  const pb::ActionInfo& bad = legal[2].id() == log.record.plies(0).action_id() ? legal[0] : legal[2];
  VariationsFile only_good = variations_of(log);
  add_node(only_good, 0, 0, good.id(), good.notation());
  plant_variations(log_path, only_good);
  const auto expected = test::run_gamehost({"export", log_path, "--format", "ppn"});
  REQUIRE(expected.exit_code == 0);
  REQUIRE(expected.err.empty());
  const std::string mib(1u << 20, 'x');
  for (const auto& [notation, shown] : std::vector<std::pair<std::string, std::string>>{
           {"", ""},
           {mib, std::string(40, 'x') + "... (1048576 bytes)"},
           {"} (1. X) {", "} (1. X) {"},
           {"\x1b[2J", "\\e[2J"}}) {
    VariationsFile file = only_good;
    add_node(file, 0, 0, bad.id(), notation);
    plant_variations(log_path, file);
    const auto r = test::run_gamehost({"export", log_path, "--format", "ppn"});
    CHECK(r.exit_code == 0);
    CHECK(r.out == expected.out);
    const std::string path = clipped("0:" + notation, 200);
    CHECK(r.err == fmt::format("gamehost: warning: {}: variation {}: damaged: the notation '{}' is not that of its "
                               "action {} (the game writes it '{}'); left out of the export with the moves after it\n",
                               file_name, path, shown, bad.id(), bad.notation()));
    CHECK_FALSE(has_control(r.err));
  }
}

// ---------------------------------------------------------------- item 5

TEST_CASE("no text of a tour, a puzzle set, a variations file or a --variation reaches a terminal raw",
          "[hostile][terminal]") {
  const auto dir = test::temp_dir("hostile-escapes");
  // A tour whose every text holds escapes.
  const std::string shipped = test::read_file(std::string(SOURCE_DIR) + "/games/tour/alien_city.tour");
  const auto block = shipped.find("position:\n|");
  const std::string position = shipped.substr(block, shipped.find("\ntext:", block) - block + 1);
  const std::string tour = (dir / "escape.tour").string();
  test::write_file(tour, "tour: \x1b]0;owned\x07Guide\ngame: alien_city\n\nstep: Start \x1b[31mred\n" + position +
                             "text: Plain \x1b[2J text\ntask: move\nask: Move \x1b[1mnow\ndone: Done \x1b[5m\n");
  const auto t = test::run_gamehost({"tour", tour}, "quit\n");
  CHECK(t.exit_code == 0);
  CHECK_FALSE(has_control(t.out));
  CHECK(t.out.find("\\e]0;owned\\aGuide\n") != std::string::npos);
  CHECK(t.out.find("Step 1 of 1: Start \\e[31mred\n") != std::string::npos);
  CHECK(t.out.find("Plain \\e[2J text") != std::string::npos);
  CHECK(t.out.find("Task: Move \\e[1mnow") != std::string::npos);
  // A puzzle set's texts: quoted visible in the refusal (item 7 checks them).
  const std::string puzzles = (dir / "escape.ghpuz").string();
  test::write_file(puzzles, replaced(test::read_file(kPuzzles), "difficulty: \"medium\"", "difficulty: \"\\033[2J\""));
  const auto p = test::run_gamehost({"puzzle", puzzles, "--progress", (dir / "progress").string()}, "quit\n");
  CHECK(p.exit_code == 1);
  CHECK(p.err == fmt::format("gamehost: error: {}: puzzle 1 (seed-1.ghlog:2): difficulty: '\\e[2J' is not easy, "
                             "medium or hard\n",
                             puzzles));
#ifdef VIEWER_BIN
  const auto vt = viewer({"--tour", tour, "--dump-panel", "-"});
  CHECK(vt.exit_code == 0);
  CHECK_FALSE(has_control(vt.out));
  CHECK(vt.out.find("Tour\ttitle\t\t\\e]0;owned\\aGuide\n") != std::string::npos);
  CHECK(vt.out.find("Tour\ttask\t\tMove \\e[1mnow\n") != std::string::npos);
  const auto vp = viewer({"--puzzles", puzzles, "--progress", (dir / "progress").string(), "--dump-panel", "-"});
  CHECK(vp.exit_code == 1);
  CHECK_FALSE(has_control(vp.err));
  // A variation's notation with an escape, and a --variation argument with one.
  const std::string log_path = copy_log(dir, kConnectFour);
  const GameLog log = read_log(log_path);
  const auto legal = legal_at(log, 2, CONNECT_FOUR_PLUGIN);
  VariationsFile file = variations_of(log);
  add_node(file, 0, 2, legal[0].id(), "\x1b]0;owned\x07");
  plant_variations(log_path, file);
  const auto vv = viewer({log_path, "--dump-panel", "-"});
  CHECK(vv.exit_code == 0);
  CHECK_FALSE(has_control(vv.out));
  CHECK(problem_row(vv.out).find("the notation '\\e]0;owned\\a' is not that of its action") != std::string::npos);
  std::filesystem::remove(variations_path_for(log_path));
  const auto va = viewer({log_path, "--variation", "3:\x1b]0;owned\x07", "--dump-panel", "-"});
  CHECK(va.exit_code == 1);
  CHECK(va.err == fmt::format("replay-viewer: --variation 3:\\e]0;owned\\a: {} keeps no such variation\n", log_path));
#endif
}

// ---------------------------------------------------------------- item 6

TEST_CASE("tour --check refuses a refused task whose ruling the game never gives", "[hostile][tour]") {
  const auto dir = test::temp_dir("hostile-tour-ruling");
  const std::string shipped = test::read_file(std::string(SOURCE_DIR) + "/games/tour/alien_city.tour");
  // Beside the shipped positions, as the shipped tour is (its steps name ../positions/...).
  std::filesystem::create_directories(dir / "tour");
  std::filesystem::create_directory_symlink(std::string(SOURCE_DIR) + "/games/positions", dir / "positions");
  const std::string tour = (dir / "tour" / "t.tour").string();
  const auto line = 1 + std::count(shipped.begin(), shipped.begin() + static_cast<long>(shipped.find("task: refused R7")), '\n');
  const auto step_at = shipped.rfind("step: ", shipped.find("task: refused R7"));
  const std::string step = shipped.substr(step_at + 6, shipped.find('\n', step_at) - step_at - 6);
  for (const std::string code : {"R99", "BANANA", "\x1b[2J"}) {
    test::write_file(tour, replaced(shipped, "task: refused R7", "task: refused " + code));
    const auto r = test::run_gamehost({"tour", "--check", tour});
    CHECK(r.exit_code == 1);
    CHECK(r.err == fmt::format("gamehost: error: {}:{}: task of step '{}': ruling {} is not one of alien_city's (R1, "
                               "R4, R5, R6, R7, R8, R9, R10, R11)\n",
                               tour, line, step, visible(code)));
  }
  CHECK(test::run_gamehost({"tour", "--check", std::string(SOURCE_DIR) + "/games/tour/alien_city.tour"}).exit_code == 0);
}

// ---------------------------------------------------------------- item 7

TEST_CASE("a puzzle set is checked field by field against its game, each error naming file, puzzle and field",
          "[hostile][puzzles]") {
  const auto dir = test::temp_dir("hostile-puzzles");
  const std::string good = test::read_file(kPuzzles), file = (dir / "p.ghpuz").string(),
                    progress = (dir / "progress").string();
  const std::regex first_state(R"(state: "[^"]*")");
  struct Case {
    std::string text, error;
  };
  for (const auto& c : std::vector<Case>{
           {replaced(good, "game_id: \"alien_city\"", "game_id: \"nope\""),
            "game_id 'nope': unknown game 'nope'"},
           {std::regex_replace(good, first_state, "state: \"garbage\"", std::regex_constants::format_first_only),
            "puzzle 1 (seed-1.ghlog:2): state: bad Alien City state bytes: expected 122 bytes, got 7"},
           {replaced(good, "best_action: 582", "best_action: 640"),
            "puzzle 1 (seed-1.ghlog:2): line step 1, best: 'claim@G3' is not the notation of best_action 640 "
            "('decline')"},
           {replaced(good, "side: \"Black\"", "side: \"Purple\""),
            "puzzle 1 (seed-1.ghlog:2): side: 'Purple' is not the name of seat 0 ('Black')"},
           {replaced(good, "move: \"decline\"", "move: \"RT@A1\""),
            "puzzle 1 (seed-1.ghlog:2): line step 1, move 2: 'RT@A1' is not the notation of action 640 ('decline')"},
           {replaced(good, "difficulty: \"medium\"", "difficulty: \"trivial\""),
            "puzzle 1 (seed-1.ghlog:2): difficulty: 'trivial' is not easy, medium or hard"}}) {
    test::write_file(file, c.text);
    const auto r = test::run_gamehost({"puzzle", file, "--progress", progress}, "quit\n");
    CHECK(r.exit_code == 1);
    // The registry's sentence after "unknown game" may suggest or list games.
    if (c.error.rfind("game_id", 0) == 0)
      CHECK(r.err.rfind(fmt::format("gamehost: error: {}: {}", file, c.error), 0) == 0);
    else
      CHECK(r.err == fmt::format("gamehost: error: {}: {}\n", file, c.error));
    CHECK(r.out.empty());
#ifdef VIEWER_BIN
    if (c.error.rfind("game_id", 0) == 0) continue;  // the viewer finds the game by the source log
    const auto v = viewer({"--puzzles", file, "--progress", progress, "--dump-panel", "-"});
    CHECK(v.exit_code == 1);
    CHECK(v.err == fmt::format("replay-viewer: error: {}: {}\n", file, c.error));
    CHECK(v.out.empty());
    // --screenshot drew the source game's last position for a broken set.
    const std::string png = (dir / "p.png").string();
    const auto s = viewer({"--puzzles", file, "--progress", progress, "--screenshot", png});
    CHECK(s.exit_code == 1);
    CHECK(s.err == v.err);
    CHECK_FALSE(std::filesystem::exists(png));
#endif
  }
  // The set as shipped still loads, and a right answer is judged right.
  const auto r = test::run_gamehost({"puzzle", kPuzzles, "--progress", progress, "--start", "1"}, "claim@G3\nquit\n");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("claim@G3 is right") != std::string::npos);
}

// ---------------------------------------------------------------- item 9

TEST_CASE("JSON nested a million deep is refused before any parser sees it", "[hostile][json]") {
  const auto dir = test::temp_dir("hostile-json-deep");
  const std::string json = (dir / "deep.json").string(), out = (dir / "out.ghlog").string();
  test::write_file(json, "{\"moves\": " + std::string(1000000, '[') + std::string(1000000, ']') + "}");
  const auto r = test::run_gamehost({"import", "--from", "abstractplay", json, "--out", out});
  CHECK(r.exit_code == 1);
  CHECK(r.err == fmt::format("gamehost: error: {}: not JSON: arrays and objects nested more than {} deep (byte {})\n",
                             json, kMaxJsonDepth, 10 + kMaxJsonDepth - 1));
  CHECK_FALSE(std::filesystem::exists(out));
  // A string holding brackets is no nesting.
  test::write_file(json, "{\"header\": {\"event\": \"" + std::string(100, '[') + "\"}}");
  const auto s = test::run_gamehost({"import", json, "--out", out});
  CHECK(s.err.find("nested") == std::string::npos);
}

// ---------------------------------------------------------------- item 12

TEST_CASE("show --variation '' is refused as a path that names nothing", "[hostile][variations]") {
  const auto r = test::run_gamehost({"show", kSeed1, "--variation", ""});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: --variation : the ply is not a number (PLY or PLY:MOVE,MOVE,...)\n");
  CHECK(r.out.empty());
#ifdef VIEWER_BIN
  const auto v = viewer({kSeed1, "--variation", "", "--dump-panel", "-"});
  CHECK(v.exit_code == 2);
  CHECK(v.err == "replay-viewer: --variation : the ply is not a number (PLY or PLY:MOVE,MOVE,...)\n");
#endif
}

// ---------------------------------------------------------------- item 10

TEST_CASE("import refuses what verify refuses, with verify's message", "[hostile][json]") {
  const auto dir = test::temp_dir("hostile-import-verify");
  const std::string json = (dir / "game.json").string(), out = (dir / "out.ghlog").string(),
                    bin = (dir / "edited.ghlog").string();
  const std::string exported = test::run_gamehost({"export", test::sample("city_planning-seed-1.ghlog")}).out;
  REQUIRE(!exported.empty());
  // The revealed chance seed changed: it no longer matches its commitment.
  const std::regex seed(R"re("chance_seed": "(\d+)")re");
  std::smatch m;
  REQUIRE(std::regex_search(exported, m, seed));
  const std::string edited = replaced(exported, m[0].str(),
                                      fmt::format("\"chance_seed\": \"{}\"", std::stoull(m[1].str()) + 1));
  test::write_file(json, edited);
  // The same record as a binary log: what verify says of it.
  pb::GameRecord record;
  REQUIRE(google::protobuf::util::JsonStringToMessage(edited, &record).ok());
  test::write_file(bin, encode_log(record));
  const auto v = test::run_gamehost({"verify", bin});
  REQUIRE(v.exit_code == 1);
  const auto r = test::run_gamehost({"import", json, "--out", out});
  CHECK(r.exit_code == 1);
  CHECK(r.err == std::regex_replace(v.err, std::regex(bin), json));
  CHECK_FALSE(std::filesystem::exists(out));
  // A ply's notation edited: replay refuses it, as verify does.
  const std::regex notation(R"re("notation": "([^"]+)")re");
  REQUIRE(std::regex_search(exported, m, notation));
  test::write_file(json, replaced(exported, m[0].str(), "\"notation\": \"X" + m[1].str() + "\""));
  const auto n = test::run_gamehost({"import", json, "--out", out});
  CHECK(n.exit_code == 1);
  CHECK(n.err.find(", ply 1: the notation 'X" + m[1].str() + "' is not action ") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(out));
  // Unedited, it imports as before.
  test::write_file(json, exported);
  CHECK(test::run_gamehost({"import", json, "--out", out}).exit_code == 0);
}

TEST_CASE("import refuses a sealed ply's hidden fields edited in the JSON instead of dropping the edit",
          "[hostile][json]") {
  const auto dir = test::temp_dir("hostile-import-sealed");
  const std::string log = (dir / "secret.ghlog").string(), json = (dir / "game.json").string(),
                    out = (dir / "out.ghlog").string();
  // No seed: a secret game, its plies sealed until it ends.
  const auto play = test::run_gamehost({"play", "city_planning", "--player1", "random", "--player2", "random",
                                        "--secret-file", (dir / "s.key").string(), "--out", log, "-q"});
  REQUIRE(play.exit_code == 0);
  const std::string exported = test::run_gamehost({"export", log}).out;
  REQUIRE(exported.find("\"sealed\"") != std::string::npos);
  // The first ply's action id, one more.
  const std::regex action(R"("action_id": (\d+))");
  std::smatch m;
  REQUIRE(std::regex_search(exported, m, action));
  test::write_file(json, replaced(exported, m[0].str(), fmt::format("\"action_id\": {}", std::stoul(m[1].str()) + 1)));
  const auto r = test::run_gamehost({"import", json, "--out", out});
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("a sealed ply also holds its hidden fields in the clear") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(out));
  test::write_file(json, exported);
  CHECK(test::run_gamehost({"import", json, "--out", out}).exit_code == 0);
}

// ---------------------------------------------------------------- item 11

TEST_CASE("a key file that ends with a zero byte is refused: HMAC would sign it as the key without it",
          "[hostile][keys]") {
  const auto dir = test::temp_dir("hostile-key-nul");
  const std::string key = (dir / "club.key").string(), padded = (dir / "padded.key").string(),
                    log = (dir / "signed.ghlog").string();
  test::write_file(key, "0123456789abcdef0123");
  test::write_file(padded, std::string("0123456789abcdef0123") + std::string(3, '\0'));
  REQUIRE(test::run_gamehost({"play", "connect_four", "--seed", "1", "--player1", "random", "--player2", "random",
                              "--sign-key", key, "--out", log, "-q"})
              .exit_code == 0);
  REQUIRE(test::run_gamehost({"verify", log, "--key", key}).exit_code == 0);
  const std::string why = ": the key ends with a zero byte (byte 22); HMAC would not tell it from the key without "
                          "its trailing zero bytes\n";
  const auto r = test::run_gamehost({"verify", log, "--key", padded});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: --key " + padded + why);
  const auto s = test::run_gamehost({"play", "connect_four", "--seed", "1", "--player1", "random", "--player2",
                                     "random", "--sign-key", padded, "--out", (dir / "other.ghlog").string(), "-q"});
  CHECK(s.exit_code == 1);
  CHECK(s.err == "gamehost: error: --sign-key " + padded + why);
}

// ---------------------------------------------------------------- item 8

TEST_CASE("long input made of many words, or quoted in brackets, is never echoed in full", "[hostile][input]") {
  const auto dir = test::temp_dir("hostile-long-echo");
  const std::string json = (dir / "game.json").string(), out = (dir / "out.ghlog").string();
  const std::string exported = test::run_gamehost({"export", kSeed1}).out;
  std::string key;
  while (key.size() < 100000) key += "ab ";
  // An unknown key holding spaces, inside a ply and inside the result.
  for (const std::string& at : {std::string("\"notation\": "), std::string("\"result\": \"")}) {
    test::write_file(json, replaced(exported, at, "\"" + key + "\": 1, " + at));
    const auto r = test::run_gamehost({"import", json, "--out", out});
    CHECK(r.exit_code == 1);
    CHECK(r.err.size() < 1000);
    CHECK(r.err.find(" bytes) ...") != std::string::npos);
    CHECK(r.err.find("Cannot find field.") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(out));
  }
  // A layout tile that starts with a bracket or a quote.
  const std::string file = (dir / "layout.txt").string(), log = (dir / "game.ghlog").string();
  const std::string rows = "r-nw b-ne g-sw k-se / r-nw b-ne g-sw k-se / r-nw b-ne g-sw k-se / r-nw b-ne g-sw k-se / ";
  for (const std::string first : {"(", "[", "\"", "'"}) {
    test::write_file(file, rows + "r-nw b-ne g-sw " + first + std::string(1u << 20, 'x'));
    const auto r = test::run_gamehost({"play", "alien_city", "--option-file", "layout=" + file, "--player1", "random",
                                       "--player2", "random", "--out", log});
    CHECK(r.exit_code == 1);
    CHECK(r.err.size() < 1000);
    CHECK(r.err.find("bytes)") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(log));
  }
}
