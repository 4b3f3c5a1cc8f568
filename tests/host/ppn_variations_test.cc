// Variations in PPN (docs/notation.md, "Variations"): `export --format ppn`
// writes the variations kept beside a log (LOG.ghvars) as comments holding
// the line in parentheses, nested as deep as they go, after the decision
// they replace; `import --from ppn` skips them with a note and keeps the
// main line and its notes.
#include <catch2/catch.hpp>

#include <filesystem>
#include <variant>

#include "gamehost/calls/registry.h"
#include "gamehost/records/replay.h"
#include "gamehost/text/typed_move.h"
#include "gamehost/records/variation_tree.h"
#include "test_support.h"

using namespace gamehost;

namespace {

// Adds the line PATH ("PLY:MOVE,MOVE") to `tree`, each move read as typed
// through the plugin, as the analysis board plays it.
void add_line(VariationTree& tree, Plugin& plugin, const GameLog& log, const std::string& path) {
  const VariationPath p = parse_variation_path(path);
  std::string state = replay(plugin, log, p.ply).state;
  VariationTree::NodeId at = tree.game_node(p.ply);
  for (const auto& m : p.moves) {
    auto read = read_typed_move(plugin, state, m);
    REQUIRE(std::holds_alternative<pb::ActionInfo>(read));
    const auto& action = std::get<pb::ActionInfo>(read);
    pb::ApplyResponse applied;
    plugin.apply(state, action.id(), pb::QueryFlags(), applied);
    state = applied.state();
    at = tree.play(at, {action.id(), action.notation()});
  }
}

}  // namespace

TEST_CASE("export --format ppn writes nested variations as comments; import skips them with a note",
          "[cli][records][ppn][variations]") {
  const auto dir = test::temp_dir("ppn-variations");
  const std::string log_path = (dir / "club.ghlog").string();
  std::filesystem::remove(log_path);
  std::filesystem::remove(variations_path_for(log_path));
  const auto im = test::run_gamehost({"import", "--from", "ppn",
                                      std::string(SOURCE_DIR) + "/tests/host/records/club-game.ppn", "--out", log_path});
  REQUIRE(im.exit_code == 3);  // the club game is unfinished
  const GameLog log = read_log(log_path);
  Registry registry = Registry::scan({std::filesystem::path(ALIEN_CITY_PLUGIN).parent_path()});
  Plugin& plugin = registry.find("alien_city");
  VariationTree tree = VariationTree::of_log(log);
  // Instead of the first build, a line with White's dome answered by a
  // nested variation (a tower, claimed); instead of the first claim, a
  // decline (the line repeats its turn's build); one after the game's end.
  add_line(tree, plugin, log, "0:GT@C3,decline,BD@E1,decline,RT@D4");
  add_line(tree, plugin, log, "0:GT@C3,decline,RT@E4,claim@E4");
  add_line(tree, plugin, log, "1:decline,BD@E2,decline");
  add_line(tree, plugin, log, "11:GT@D4,claim@D4");
  write_variations(log_path, log, tree);

  const auto ex = test::run_gamehost({"export", log_path, "--format", "ppn"});
  INFO(ex.out << ex.err);
  REQUIRE(ex.exit_code == 0);
  const std::string moves = ex.out.substr(ex.out.find("\n...\n") + 5);
  CHECK(moves ==
        "1. R3x@b1 {(1. G3x@c3 1... A@e1 (1... R3x@e4 W1x@e4) 2. R3x@d4)} K1x@b1 {A tower in the corner, claimed at "
        "once} {(1. R3x@b1 1... A@e2)} 1... A@e1\n"
        "2. B3x@c1 K1x@c1 2... R3x@e4 W1x@e4\n"
        "3. G3x@c5 3... C@c6 {White keeps two caps} {(4. G3x@d4 K1x@d4)}\n");

  // Import reads the main line and its notes, skips the variations and says so.
  const auto ppn = (dir / "club-variations.ppn").string(), back = (dir / "back.ghlog").string();
  test::write_file(ppn, ex.out);
  std::filesystem::remove(back);
  const auto again = test::run_gamehost({"import", "--from", "ppn", ppn, "--out", back});
  INFO(again.out << again.err);
  CHECK(again.exit_code == 3);
  CHECK(again.out.find("Note: 3 variations (PPN comments in parentheses) not imported: import reads the main line") !=
        std::string::npos);
  CHECK(!std::filesystem::exists(variations_path_for(back)));
  const auto plain = test::run_gamehost({"export", back, "--format", "ppn"});
  CHECK(plain.out.substr(plain.out.find("\n...\n") + 5) ==
        "1. R3x@b1 K1x@b1 {A tower in the corner, claimed at once} 1... A@e1\n"
        "2. B3x@c1 K1x@c1 2... R3x@e4 W1x@e4\n"
        "3. G3x@c5 3... C@c6 {White keeps two caps}\n");

  // A damaged sidecar: the log is exported without its variations, named.
  test::write_file(variations_path_for(log_path), "not variations");
  const auto damaged = test::run_gamehost({"export", log_path, "--format", "ppn"});
  CHECK(damaged.exit_code == 0);
  CHECK(damaged.err.find("the log is exported without its variations") != std::string::npos);
  CHECK(damaged.out.find("{(") == std::string::npos);
}
