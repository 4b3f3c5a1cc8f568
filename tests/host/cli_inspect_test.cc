// gamehost show / export / import / analyze on real logs, checked against
// the rules core, and the JSON round trip.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>

#include <fmt/core.h>

#include "alien_city.pb.h"
#include "alien_city/core/diagram.h"
#include "alien_city/core/notation.h"
#include "alien_city/core/rules.h"
#include "alien_city/core/scoring.h"
#include "alien_city/core/serialize.h"
#include "alien_city/core/streets.h"
#include "gamehost/records/game_log.h"
#include "gamehost/records/json_codec.h"
#include "test_support.h"


namespace {

// One recorded game shared by the cases below.
const std::string& sample_log() {
  static const std::string path = [] {
    const auto p = (test::temp_dir("cli-inspect") / "game.ghlog").string();
    const auto r = test::run_gamehost({"play", "alien_city", "--seed", "17", "--player1", "random", "--player2", "random",
                             "--out", p, "-q"});
    REQUIRE(r.exit_code == 0);
    return p;
  }();
  return path;
}

}  // namespace

namespace alien_city::plugin {
std::string_view payload_descriptors();  // generated with alien_city_proto
}

TEST_CASE("show prints the diagram and breakdown of the core at any ply", "[cli][show]") {
  const auto log = gamehost::read_log(sample_log());
  const int total = log.record.plies_size();
  for (int ply : {0, 1, 7, total / 2, total}) {
    CAPTURE(ply);
    const auto s = test::core_replay(log, ply);
    const auto r = test::run_gamehost({"show", sample_log(), "--ply", std::to_string(ply)});
    REQUIRE(r.exit_code == 0);
    // The terminal board (terminal_board_test.cc checks its text) reads
    // back as the core's position; the breakdown follows it.
    const std::string title = "Position after ply " + std::to_string(ply) + " of " + std::to_string(total) + "\n";
    REQUIRE_THAT(r.out, Catch::StartsWith(title));
    const std::size_t score = r.out.find("\nScore:\n");
    REQUIRE(score != std::string::npos);
    const auto board = alien_city::parse_diagram(r.out.substr(title.size(), score - title.size()));
    REQUIRE(board.ok());
    CHECK(alien_city::serialize(*board) == alien_city::serialize(s));
    CHECK_THAT(r.out.substr(score), Catch::StartsWith("\nScore:\n" +
                                                      alien_city::breakdown_to_text(alien_city::score_breakdown(s))));
  }
  const auto end = test::run_gamehost({"show", sample_log()});
  CHECK_THAT(end.out, Catch::EndsWith("Result: " + log.record.result().result() + "\n"));
  const auto bad = test::run_gamehost({"show", sample_log(), "--ply", std::to_string(total + 1)});
  CHECK(bad.exit_code == 1);
  CHECK(bad.err == "gamehost: error: " + sample_log() + ": no ply " + std::to_string(total + 1) +
                       ": the log has plies 0.." + std::to_string(total) + "\n");
}

TEST_CASE("export to JSON and import back gives the same bytes", "[cli][export]") {
  const auto dir = test::temp_dir("cli-json");
  const auto r = test::run_gamehost({"export", sample_log()});
  REQUIRE(r.exit_code == 0);
  gamehost::v1::GameRecord parsed;
  REQUIRE(google::protobuf::util::JsonStringToMessage(r.out, &parsed).ok());
  const auto log = gamehost::read_log(sample_log());
  CHECK(google::protobuf::util::MessageDifferencer::Equals(parsed, log.record));
  CHECK_THAT(r.out, Catch::Contains("\"game_id\": \"alien_city\""));
  test::write_file(dir / "game.json", r.out);
  const auto back = (dir / "back.ghlog").string();
  const auto im = test::run_gamehost({"import", (dir / "game.json").string(), "--out", back});
  CHECK(im.exit_code == 0);
  CHECK(test::read_file(back) == test::read_file(sample_log()));
  CHECK(test::run_gamehost({"verify", back}).exit_code == 0);
  test::write_file(dir / "broken.json", "{\"header\": {\"gameId\": 5");
  const auto bad = test::run_gamehost({"import", (dir / "broken.json").string(), "--out", (dir / "x.ghlog").string()});
  CHECK(bad.exit_code == 1);
  CHECK_THAT(bad.err, Catch::StartsWith("gamehost: error: " + (dir / "broken.json").string() + ": not a game record: "));
  CHECK_FALSE(std::filesystem::exists(dir / "x.ghlog"));
}

TEST_CASE("export as text lists every ply", "[cli][export]") {
  const auto log = gamehost::read_log(sample_log());
  const auto r = test::run_gamehost({"export", sample_log(), "--format", "text"});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::StartsWith("game: alien_city 1.0.0 (interface 2)\nseed: 17\n"));
  for (const auto& p : log.record.plies())
    CHECK_THAT(r.out, Catch::Contains(fmt::format("{:>4}. {:<6} {:<10} id {:<4}", p.ply(),
                                                  p.player() == 0 ? "Black" : "White", p.notation(), p.action_id())));
  CHECK_THAT(r.out, Catch::EndsWith(" plies, " + r.out.substr(r.out.rfind(", ") + 2)));
  CHECK_THAT(r.out, Catch::Contains("result: " + log.record.result().result() + " (" +
                                    std::to_string(log.record.plies_size()) + " plies, "));
}

TEST_CASE("analyze gives every legal action, streets, splitting lots and scores", "[cli][analyze]") {
  const auto log = gamehost::read_log(sample_log());
  const int ply = 14;
  const auto s = test::core_replay(log, ply);
  const auto r = test::run_gamehost({"analyze", sample_log(), "--ply", std::to_string(ply), "--format", "json"});
  REQUIRE(r.exit_code == 0);
  // The JSON is {"ply", "state": QueryResponse, "analysis": AnalyzeResponse}.
  const auto state_at = r.out.find("\"state\": ") + 9;
  const auto analysis_at = r.out.find(",\n\"analysis\": ");
  gamehost::v1::QueryResponse q;
  // Its Any payloads are typed by the plugin's descriptors, as in the host.
  const gamehost::JsonCodec codec{std::string(alien_city::plugin::payload_descriptors())};
  codec.from_json(r.out.substr(state_at, analysis_at - state_at), q);
  const auto legal = alien_city::legal_actions(s);
  REQUIRE(q.info().legal_size() == static_cast<int>(legal.size()));
  for (std::size_t i = 0; i < legal.size(); ++i) {
    CHECK(q.info().legal(static_cast<int>(i)).notation() == alien_city::to_notation(legal[i]));
    CHECK(q.info().legal(static_cast<int>(i)).id() == static_cast<std::uint32_t>(alien_city::action_id(legal[i])));
  }
  // The Alien City detail, decoded with the plugin's own message type.
  const auto type_at = r.out.find("\"@type\": \"type.googleapis.com/alien_city.v1.Analysis\"");
  REQUIRE(type_at != std::string::npos);
  CHECK_THAT(r.out, Catch::Contains("\"splitting_lots\": ["));
  const auto splitting_json = r.out.substr(r.out.find("\"splitting_lots\": ["));
  const alien_city::LotSet street_legal = alien_city::street_legal_lots(s);
  alien_city::LotSet splits;
  for (alien_city::LotSet left = s.streets(); left.any();) {
    const int lot = left.pop_first();
    if (alien_city::street_verdict(s, lot) == alien_city::StreetVerdict::Splits) {
      splits.insert(lot);
      CHECK_FALSE(street_legal.contains(lot));
    }
  }
  const auto text = test::run_gamehost({"analyze", sample_log(), "--ply", std::to_string(ply)});
  REQUIRE(text.exit_code == 0);
  std::string streets_line = "Streets (" + std::to_string(s.streets().count()) + "):";
  for (alien_city::LotSet left = s.streets(); left.any();) streets_line += " " + alien_city::lot_name(left.pop_first());
  CHECK_THAT(text.out, Catch::Contains(streets_line + "\n"));
  std::string split_line = "Lots that would split the streets (" + std::to_string(splits.count()) + "):";
  if (splits.empty()) split_line += " -";
  for (alien_city::LotSet left = splits; left.any();) split_line += " " + alien_city::lot_name(left.pop_first());
  CHECK_THAT(text.out, Catch::Contains(split_line + "\n"));
  CHECK_THAT(text.out, Catch::Contains(alien_city::breakdown_to_text(alien_city::score_breakdown(s))));
  CHECK_THAT(text.out, Catch::Contains("Legal actions (" + std::to_string(legal.size()) + "):\n"));
}

TEST_CASE("show and analyze a position file", "[cli][position]") {
  const auto dir = test::temp_dir("cli-position");
  const auto log = gamehost::read_log(sample_log());
  const auto s = test::core_replay(log, 20);
  test::write_file(dir / "pos.txt", alien_city::to_diagram(s));
  const auto r = test::run_gamehost({"show", "--game", "alien_city", "--position", (dir / "pos.txt").string()});
  REQUIRE(r.exit_code == 0);
  const std::string title = "Position " + (dir / "pos.txt").string() + "\n";
  REQUIRE_THAT(r.out, Catch::StartsWith(title));
  const auto shown = alien_city::parse_diagram(test::last_board(r.out, "to-move:"));
  REQUIRE(shown.ok());
  CHECK(alien_city::serialize(*shown) == alien_city::serialize(s));
  CHECK(r.out.find("to-move:") == title.size());
  const auto a = test::run_gamehost({"analyze", "--game", "alien_city", "--position", (dir / "pos.txt").string()});
  CHECK(a.exit_code == 0);
  test::write_file(dir / "bad.txt", "to-move: Purple build\n");
  const auto bad = test::run_gamehost({"show", "--game", "alien_city", "--position", (dir / "bad.txt").string()});
  CHECK(bad.exit_code == 1);
  CHECK_THAT(bad.err, Catch::StartsWith("gamehost: error: " + (dir / "bad.txt").string() + ": option position: "));
  // A game started from the position plays out and verifies.
  const auto played = test::run_gamehost({"play", "alien_city", "--position", (dir / "pos.txt").string(), "--seed", "1",
                                "--player1", "random", "--player2", "random", "--out", (dir / "from.ghlog").string(), "-q"});
  CHECK(played.exit_code == 0);
  CHECK(test::run_gamehost({"verify", (dir / "from.ghlog").string()}).exit_code == 0);
}

// Ruling R17 (docs/rules.md, "Split streets"): a diagram whose streets are
// split is read as over and scored, towers counting only what they reach.
TEST_CASE("show --position of a split-streets diagram scores it with the broken rule as a warning",
          "[cli][position][split]") {
  const std::string file = std::string(SOURCE_DIR) + "/games/positions/split-streets.txt";
  const auto r = test::run_gamehost({"show", "--game", "alien_city", "--position", file});
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("to-move: over\n"));
  CHECK_THAT(r.out, Catch::Contains("Warning: ruling R8 (rule 4): the streets are split into 2 networks, not one: "
                                    "A1 B1 C1 ... (29 streets); A6 B6 C6 ... (35 streets)\n"));
  CHECK_THAT(r.out, Catch::Contains("  red tower C7: 4 customers x 4 = 16 (competitor G8); customers B5 C5 B7 D8\n"));
  CHECK_THAT(r.out, Catch::Contains("  red tower F3: 5 customers x 0 = 0 (no competitor it can reach: C7 G8, "
                                    "ruling R17); customers F2 E3 E5 F5 G5\n"));
  CHECK_THAT(r.out, Catch::Contains("Result: White wins 16 - 8\n"));
  // The core agrees, and what show printed reads back as the same position.
  const auto s = alien_city::parse_diagram(test::read_file(file));
  REQUIRE(s.ok());
  CHECK(s->is_over());
  CHECK(alien_city::score_totals(*s) == std::array<int, 2>{16, 8});  // White, Black
  const auto back = alien_city::parse_diagram(test::last_board(r.out, "to-move:"));
  REQUIRE(back.ok());
  CHECK(alien_city::serialize(*back) == alien_city::serialize(*s));
}

// The rule replay-viewer uses too (docs/gamehost.md, "Logs by name"): a bare
// name that is no file here is a shipped sample; the build's are games/samples.
TEST_CASE("a bare sample name finds the shipped sample, as in the viewer", "[cli][samples]") {
  const std::string sample = std::string(SOURCE_DIR) + "/games/samples/seed-1.ghlog";
  const auto dir = test::temp_dir("cli-bare-sample");
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path(dir);  // no seed-1.ghlog here
  const auto verified = test::run_gamehost({"verify", "seed-1.ghlog"});
  const auto shown = test::run_gamehost({"show", "seed-1.ghlog", "--ply", "3", "--no-color"});
  const auto exported = test::run_gamehost({"export", "seed-1.ghlog", "--format", "text"});
  const auto missing = test::run_gamehost({"verify", "seed-99.ghlog"});
  std::filesystem::current_path(cwd);
  CHECK(verified.exit_code == 0);
  CHECK_THAT(verified.out, Catch::StartsWith(sample + ": OK: alien_city 1.0.0, seed 1, 47 plies verified\n"));
  CHECK(shown.exit_code == 0);
  CHECK_THAT(shown.out, Catch::StartsWith("Position after ply 3 of 47\n"));
  CHECK(exported.exit_code == 0);
  CHECK(missing.exit_code == 1);
  CHECK_THAT(missing.err, Catch::Contains("seed-99.ghlog"));
}

// Small texts (issue 32): one score order, plurals, the games column, and
// the options each --help leaves out today.
TEST_CASE("small texts: score order, plurals, games' column, help", "[cli][texts]") {
  const std::string sample = std::string(SOURCE_DIR) + "/games/samples/seed-1.ghlog";
  const auto shown = test::run_gamehost({"show", sample});
  CHECK_THAT(shown.out, Catch::Contains("\nWhite wins 106 - 57\nRoutes:"));  // the winner's score first
  CHECK_THAT(shown.out, Catch::EndsWith("Result: White wins 106 - 57\n"));

  const auto dir = test::temp_dir("cli-texts");
  test::write_file(dir / "one.txt", "d\n");
  const auto entered = test::run_gamehost(
      {"enter", "connect_four", (dir / "one.txt").string(), "--out", (dir / "one.ghlog").string()});
  CHECK_THAT(entered.out, Catch::Contains("Unfinished after 1 ply: Yellow to move.\n"));
  const auto t = test::run_gamehost({"tournament", "connect_four", "--agents", "random,greedy", "--games", "1",
                                     "--seed", "1", "--out", (dir / "t").string()});
  REQUIRE(t.exit_code == 0);
  CHECK_THAT(t.out, Catch::Matches(R"([\s\S]*First player \(Red\): [01] wins?, 0 draws, [01] loss(es)? in 1 game: [\s\S]*)"));
  CHECK_THAT(t.out, !Catch::Matches(R"([\s\S]*\b1 (wins|draws|losses|games)\b[\s\S]*)"));

  // Every name in one column, city_planning (13 letters) included.
  const auto games = test::run_gamehost({"games"});
  std::set<std::size_t> columns;
  std::istringstream lines(games.out);
  for (std::string line; std::getline(lines, line);)
    if (line.find("(interface ") != std::string::npos) columns.insert(line.find_first_not_of(' ', line.find(' ', 2)));
  CHECK(columns.size() == 1);

  CHECK_THAT(test::run_gamehost({"games", "--help"}).out, Catch::Contains("--plugins DIR"));
  CHECK_THAT(test::run_gamehost({"export", "--help"}).out, Catch::Contains("PPN"));
}
