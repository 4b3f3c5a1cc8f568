// `gamehost export --format html` (docs/web.md) through the real binary and
// plugins, read back without a browser: the page's data (the JSON in
// <script id="gh-game">) parsed with protobuf's JSON parser; notes only
// with --notes; the variations of LOG.ghvars with a scene per move; what a
// game with hidden information may show; the browser code embedded byte
// for byte. The browser itself is tests/web/browser_test.py.
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <variant>

#include "gamehost/calls/registry.h"
#include "gamehost/records/replay.h"
#include "gamehost/text/typed_move.h"
#include "gamehost/records/variation_tree.h"
#include "gamehost/web/assets.h"
#include "test_support.h"

using namespace gamehost;
using google::protobuf::Value;

namespace {

const std::string kSamples = std::string(SOURCE_DIR) + "/games/samples/";

// The page's data, parsed.
Value page_data(const std::string& html) {
  const std::string open = "<script type=\"application/json\" id=\"gh-game\">";
  const auto from = html.find(open);
  REQUIRE(from != std::string::npos);
  CHECK(html.find(open, from + 1) == std::string::npos);
  const auto to = html.find("</script>", from);
  std::string json = html.substr(from + open.size(), to - from - open.size());
  for (auto at = json.find("<\\/"); at != std::string::npos; at = json.find("<\\/", at)) json.replace(at, 3, "</");
  Value data;
  REQUIRE(google::protobuf::util::JsonStringToMessage(json, &data).ok());
  return data;
}

const Value& field(const Value& v, const std::string& name) {
  const auto& fields = v.struct_value().fields();
  const auto it = fields.find(name);
  REQUIRE(it != fields.end());
  return it->second;
}

std::string export_html(const std::vector<std::string>& extra, const std::string& out) {
  std::vector<std::string> args = {"export", "--format", "html", "-o", out, "--force"};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto r = test::run_gamehost(args);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  return test::read_file(out);
}

}  // namespace

TEST_CASE("export --format html: every ply's scene, score and board text, the moves as show names them",
          "[web][export]") {
  const auto dir = test::temp_dir("web-export");
  const std::string html = export_html({kSamples + "seed-1.ghlog"}, (dir / "seed-1.html").string());
  CHECK(html.starts_with("<!DOCTYPE html>"));
  // Self-contained: nothing is fetched (no src=, no href= to a file).
  CHECK(html.find(" src=") == std::string::npos);
  CHECK(html.find(" href=") == std::string::npos);
  const Value data = page_data(html);
  const GameLog log = read_log(kSamples + "seed-1.ghlog");
  const int plies = log.record.plies_size();
  REQUIRE(field(data, "frames").list_value().values_size() == plies + 1);
  REQUIRE(field(data, "moves").list_value().values_size() == plies);
  for (int ply = 1; ply <= plies; ++ply)
    CHECK(field(field(data, "moves").list_value().values(ply - 1), "notation").string_value() ==
          log.record.plies(ply - 1).notation());
  // The score at a ply is the text `show` prints under "Score:".
  const auto show = test::run_gamehost({"show", kSamples + "seed-1.ghlog", "--ply", "20", "--color", "never"});
  const std::string score = field(field(data, "frames").list_value().values(20), "score").string_value();
  REQUIRE(!score.empty());
  CHECK(show.out.find("Score:\n" + score) != std::string::npos);
  // The first frame draws every layer in full; the towers of the last one
  // can be selected, each with its routes.
  const Value& last = field(data, "frames").list_value().values(plies);
  CHECK(field(last, "selections").struct_value().fields_size() > 0);
  CHECK(field(field(data, "game"), "result").string_value() == log.record.result().result());
  // Notes are written only when asked for; there are none beside the sample.
  CHECK(field(data, "notes").struct_value().fields_size() == 0);
  CHECK(field(data, "review").null_value() == google::protobuf::NULL_VALUE);
}

TEST_CASE("export --format html: the notes with --notes, the review, the variations with a scene per move",
          "[web][export][variations]") {
  const auto dir = test::temp_dir("web-export-extras");
  const std::string log_path = (dir / "game.ghlog").string();
  std::filesystem::remove(log_path);
  std::filesystem::remove(dir / "game.ghnotes");
  std::filesystem::remove(dir / "game.ghvars");
  std::filesystem::copy_file(kSamples + "seed-1.ghlog", log_path);
  REQUIRE(test::run_gamehost({"annotate", log_path, "--ply", "3", "A tower early"}).exit_code == 0);
  const GameLog log = read_log(log_path);
  Registry registry = Registry::scan({std::filesystem::path(ALIEN_CITY_PLUGIN).parent_path()});
  Plugin& plugin = registry.find("alien_city");
  // Instead of ply 5, two moves read as typed (as the analysis board plays them).
  VariationTree tree = VariationTree::of_log(log);
  std::string state = replay(plugin, log, 4).state;
  VariationTree::NodeId at = tree.game_node(4);
  std::vector<std::string> played;
  for (int k = 0; k < 2; ++k) {
    pb::QueryFlags flags;
    flags.set_legal_details(true);
    const pb::StateInfo info = plugin.query(state, flags);
    REQUIRE(info.legal_size() > 0);
    const std::uint32_t id = info.legal(info.legal_size() - 1).id();
    const std::string notation = info.legal(info.legal_size() - 1).notation();
    pb::ApplyResponse applied;
    plugin.apply(state, id, pb::QueryFlags(), applied);
    REQUIRE(!notation.empty());
    at = tree.play(at, {id, notation});
    played.push_back(notation);
    state = applied.state();
  }
  write_variations(log_path, log, tree);

  const Value plain = page_data(export_html({log_path}, (dir / "plain.html").string()));
  CHECK(field(plain, "notes").struct_value().fields_size() == 0);
  const Value data = page_data(export_html({log_path, "--notes"}, (dir / "full.html").string()));
  const Value& notes = field(data, "notes");
  REQUIRE(notes.struct_value().fields_size() == 1);
  CHECK(field(notes, "3").list_value().values(0).string_value() == "A tower early");
  const auto& variations = field(data, "variations").list_value();
  REQUIRE(variations.values_size() == 1);
  const Value& line = variations.values(0);
  CHECK(field(line, "ply").number_value() == 4);
  CHECK(field(line, "path").string_value() == "4:" + played[0] + "," + played[1]);
  CHECK(field(line, "moves").list_value().values_size() == 2);
  CHECK(field(line, "frames").list_value().values_size() == 2);
}

TEST_CASE("export --format html: a review's verdicts and graph values", "[web][export][review]") {
  const auto dir = test::temp_dir("web-export-review");
  const std::string name = "g0001-mcts-iters-1000-vs-greedy-seed34";
  const std::string root = std::string(SOURCE_DIR) + "/games/puzzles/";
  const Value data = page_data(export_html({root + "sources/" + name + ".ghlog", "--review",
                                            root + "reviews/" + name + ".ghreview"},
                                           (dir / "reviewed.html").string()));
  const Value& review = field(data, "review");
  const auto& plies = field(review, "plies").list_value();
  REQUIRE(plies.values_size() > 0);
  int marked = 0;
  for (const auto& m : field(data, "moves").list_value().values()) marked += !field(m, "mark").string_value().empty();
  CHECK(marked > 0);
}

TEST_CASE("export --format html of a game with hidden information: a finished one whole, an unfinished one only "
          "--as a seat", "[web][export][hidden]") {
  const auto dir = test::temp_dir("web-export-hidden");
  // Finished: every hand is revealed, as in every other export.
  const Value finished =
      page_data(export_html({kSamples + "city_planning-seed-1.ghlog"}, (dir / "finished.html").string()));
  CHECK(!field(field(finished, "frames").list_value().values(0), "score").string_value().empty());
  // Unfinished (stopped after 5 plies): refused without --as.
  const std::string log = (dir / "open.ghlog").string();
  std::filesystem::remove(log);
  test::run_gamehost({"play", "city_planning", "--seed", "3", "--player1", "random", "--player2", "random",
                      "--max-plies", "5", "--out", log, "-q"});
  const auto refused = test::run_gamehost({"export", log, "--format", "html", "-o", (dir / "x.html").string()});
  CHECK(refused.exit_code != 0);
  CHECK(refused.err.find("an unfinished game with hidden information is exported only as one seat sees it: add "
                         "--as SEAT") != std::string::npos);
  CHECK(!std::filesystem::exists(dir / "x.html"));
  const auto review = test::run_gamehost(
      {"export", log, "--format", "html", "--as", "2", "--review", log, "-o", (dir / "x.html").string()});
  CHECK(review.exit_code != 0);
  CHECK(review.err.find("not written into a seat's view") != std::string::npos);
  // --as 2: the plies seat 2 did not see (seat 1's draws) are "?" as in
  // `export --as 2`, and there are no scores.
  const Value seat = page_data(export_html({log, "--as", "2"}, (dir / "seat.html").string()));
  const auto text = test::run_gamehost({"export", log, "--format", "text", "--as", "2"});
  int hidden = 0;
  for (const auto& m : field(seat, "moves").list_value().values()) {
    const bool unseen = field(m, "notation").string_value() == "?";
    hidden += unseen;
    CHECK(field(field(seat, "frames").list_value().values(0), "score").string_value().empty());
  }
  std::size_t marks = 0;  // ply lines ending " ?"
  for (auto at = text.out.find(" ?\n"); at != std::string::npos; at = text.out.find(" ?\n", at + 1)) ++marks;
  CHECK(hidden > 0);
  CHECK(static_cast<std::size_t>(hidden) == marks);
  CHECK(field(field(seat, "game"), "as").string_value() != "");
}

TEST_CASE("the browser code is embedded byte for byte", "[web][assets]") {
  const auto assets = web::web_assets();
  REQUIRE(assets.size() == 6);  // the replay page's three, and the served page's index.html, play.js, play.css
  for (const auto& a : assets) {
    INFO(a.name);
    CHECK(a.bytes == test::read_file(std::string(SOURCE_DIR) + "/host/web/assets/" + std::string(a.name)));
    CHECK(web::find_web_asset(a.name) == &a);
  }
  CHECK(web::find_web_asset("scene.js")->content_type == "text/javascript; charset=utf-8");
  CHECK(web::find_web_asset("nothing.js") == nullptr);
}

TEST_CASE("export --format html: bad input is refused with its reason, and nothing is written",
          "[web][export][input]") {
  const auto dir = test::temp_dir("web-export-input");
  const std::string out = (dir / "game.html").string();
  test::write_file(out, "kept");
  const std::string log = kSamples + "seed-1.ghlog";
  // An existing file is kept without --force.
  auto r = test::run_gamehost({"export", log, "--format", "html", "-o", out});
  CHECK(r.exit_code == 1);
  CHECK(r.err == "gamehost: error: " + out + ": already exists (use --force to overwrite it)\n");
  CHECK(test::read_file(out) == "kept");
  // No --out; --out for another format.
  r = test::run_gamehost({"export", log, "--format", "html"});
  CHECK(r.exit_code == 2);
  CHECK(r.err == "gamehost: error: --format html writes a file: give --out FILE (e.g. -o game.html)\n");
  r = test::run_gamehost({"export", log, "--format", "json", "-o", out});
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--out, --force, --review and --notes are for --format html") != std::string::npos);
  // A review of another game names both files.
  const std::string other = std::string(SOURCE_DIR) +
                            "/games/puzzles/reviews/g0001-mcts-iters-1000-vs-greedy-seed34.ghreview";
  r = test::run_gamehost({"export", log, "--format", "html", "--review", other, "-o", out, "--force"});
  CHECK(r.exit_code == 1);
  CHECK(r.err.find(other) != std::string::npos);
  CHECK(test::read_file(out) == "kept");
  // A seat the game does not have.
  r = test::run_gamehost({"export", log, "--format", "html", "--as", "Green", "-o", out, "--force"});
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("Green") != std::string::npos);
  CHECK(test::read_file(out) == "kept");
}
