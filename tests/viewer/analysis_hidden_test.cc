// Variations seen by a seat of a game with hidden hands (docs/viewer.md,
// "Analysis board"): opened `--as A`, a variation of City Planning is
// played from B's hand sampled as the review samples it (seeded,
// consistent with what A saw) and labelled so; B's hand never shows in the
// panel's dump or in `gamehost show --variation --as A` at any ply of it,
// over several plies and seeds; the same seed gives the same line.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <regex>
#include <thread>

#include "viewer/analysis/analysis_board.h"
#include "viewer/analysis/analysis_input.h"
#include "analysis_test_support.h"
#include "viewer_test_support.h"

using namespace viewer_test;
namespace pb = gamehost::v1;

namespace {

const std::string kGame = "city_planning-seed-7.ghlog";

// Plays a line of `length` moves after ply `ply` as A sees the game with
// `seed`: a move other than the recorded one, then a Development when one
// is legal (B's hand at work), else the first legal move; at a chance ply
// the board's seeded draw. The path of every node of the line.
std::vector<std::string> play_line(const std::string& log, int ply, std::uint64_t seed, int length) {
  viewer::SeatOptions as;
  as.as = "A";
  as.sample_seed = seed;
  auto session = viewer::ReplaySession::open(log, {}, as);
  viewer::AnalysisBoard board(*session, nullptr);
  board.go_to(board.tree().game_node(ply), false);
  std::vector<std::string> paths;
  for (int k = 0; k < length; ++k) {
    pb::QueryFlags flags;
    flags.set_legal_details(true);
    const pb::StateInfo info = session->plugin().query(board.play_state(board.current()), flags);
    if (info.terminal()) break;
    REQUIRE(info.legal_size() > 0);
    std::uint32_t id = info.legal(0).id();
    if (info.to_move() == -1) {
      id = board.off_board_moves().front().action_id;  // kRandomDraw
    } else {
      for (const auto& a : info.legal())
        if (a.notation().rfind("dev ", 0) == 0) {
          id = a.id();
          break;
        }
    }
    if (k == 0 && ply < session->plies() && id == session->moves()[static_cast<std::size_t>(ply)].action_id)
      id = info.legal(info.legal_size() - 1).id();
    board.play(id);
    INFO(board.message());
    REQUIRE(!board.tree().node(board.current()).recorded);
    paths.push_back(board.tree().path_of(board.current()));
  }
  return paths;
}

// The coins of B's hand as `show` prints them without --as ("hand B: M3 M4 A3").
std::string true_hand_line(const std::string& show_out) {
  const auto at = show_out.find("hand B: ");
  REQUIRE(at != std::string::npos);
  return show_out.substr(at, show_out.find('\n', at) - at);
}

}  // namespace

TEST_CASE("--as A: a variation's other hand is sampled, labelled, and never shown, at every ply, for every seed",
          "[cli][analysis][hidden]") {
  const std::regex hidden_b("Hands\thand\\.B\t[0-9]+\tB: [0-9]+ coins? \\(hidden\\)\n");
  for (const int ply : {24, 40}) {
    for (const std::uint64_t seed : {1u, 2u, 3u}) {
      CAPTURE(ply, seed);
      const std::string log = fresh_copy(kGame, "analysis-hidden-" + std::to_string(ply) + "-" + std::to_string(seed));
      const auto paths = play_line(log, ply, seed, 6);
      REQUIRE(paths.size() == 6);
      const std::string label = "B's hand sampled (seed " + std::to_string(seed) + "), as A saw it";
      for (const auto& path : paths) {
        CAPTURE(path);
        const Run dump = run_viewer({log, "--as", "A", "--sample-seed", std::to_string(seed), "--variation", path,
                                     "--dump-panel", "-"});
        REQUIRE(dump.exit_code == 0);
        CHECK(dump.out.find("Analysis\thidden\t\tvariations: " + label + "\n") != std::string::npos);
        CHECK(dump.out.find(" (sampled hand)") != std::string::npos);
        CHECK(std::regex_search(dump.out, hidden_b));
        CHECK(dump.out.find("Analysis\tnode\t" + path + "\ta variation\n") != std::string::npos);
        // The move tree lists B's draws, the game's and the variation's, as "?".
        CHECK(dump.out.find("Analysis\ttree\t\t1. reveal A0 reveal S4 reveal S1 draw A2 draw M5 draw A5 ? ? ? first A") !=
              std::string::npos);
        // After ply 24 the line is B's turn: its draw goes into B's hand
        // (after 40, A's own draw shows, as A saw it).
        if (ply == 24)
          for (std::size_t at = dump.out.find("(sampled hand)"); at != std::string::npos && dump.out[at] != '\n'; ++at)
            CHECK(dump.out.compare(at, 5, "draw ") != 0);
        // The terminal board of the same node: B's hand as "?" only.
        const Run show = run(GAMEHOST_BIN, {"show", log, "--as", "A", "--sample-seed", std::to_string(seed),
                                            "--variation", path, "--no-color"});
        INFO(show.err);
        REQUIRE(show.exit_code == 0);
        CHECK(show.out.find("(a variation; " + label + "), as A sees it\n") != std::string::npos);
        CHECK(std::regex_search(show.out, std::regex("\nhand B:( \\?)+\n")));
      }
      // Without --as the finished game's true hands are used: nothing is
      // sampled, and the line's first move (a stone) opens from them.
      const Run open = run_viewer({log, "--variation", paths.front(), "--dump-panel", "-"});
      CHECK(open.exit_code == 0);
      CHECK(open.out.find("sampled") == std::string::npos);
      CHECK(open.out.find("Analysis\tnode\t" + paths.front() + "\ta variation\n") != std::string::npos);
      const Run truth = run(GAMEHOST_BIN, {"show", log, "--variation", paths.front(), "--no-color"});
      REQUIRE(truth.exit_code == 0);
      CHECK(truth.out.find("sampled") == std::string::npos);
      CHECK(true_hand_line(truth.out).find('?') == std::string::npos);
    }
  }
}

TEST_CASE("--as A: the same seed gives the same sampled line; lines another sample cannot play are hidden and kept",
          "[cli][analysis][hidden]") {
  const std::string one = fresh_copy(kGame, "analysis-hidden-again-1"), two = fresh_copy(kGame, "analysis-hidden-again-2");
  const auto first = play_line(one, 24, 5, 8), second = play_line(two, 24, 5, 8);
  CHECK(first == second);
  const auto dump = [](const std::string& log, const std::string& seed, const std::string& path) {
    return run_viewer({log, "--as", "A", "--sample-seed", seed, "--variation", path, "--dump-panel", "-"}).out;
  };
  const std::string a = dump(one, "5", first.back()), b = dump(two, "5", second.back());
  // The same panel but for the file's name.
  CHECK(std::regex_replace(a, std::regex("analysis-hidden-again-1"), "X") ==
        std::regex_replace(b, std::regex("analysis-hidden-again-2"), "X"));
  // Seeds whose sample cannot play the saved line hide it (its moves could
  // tell what the sample lacks) but the file keeps it.
  const std::string file_before = read_file(one + ".ghvars");
  int hidden = 0;
  for (const std::uint64_t seed : {6u, 7u, 8u, 9u, 10u, 11u}) {
    viewer::SeatOptions as;
    as.as = "A";
    as.sample_seed = seed;
    auto session = viewer::ReplaySession::open(one, {}, as);
    viewer::AnalysisBoard board(*session, nullptr);
    CHECK(board.problem().empty());
    if (board.unplayable_note() != "1 saved line needs other hands than these: not shown, kept in the file") continue;
    const Run dumped = run_viewer({one, "--as", "A", "--sample-seed", std::to_string(seed), "--dump-panel", "-"});
    CHECK(dumped.out.find("Analysis\tunplayable\t\t1 saved line needs other hands") != std::string::npos);
    ++hidden;
    CHECK(!board.tree().find(first.back()));
    // A new line saved from this sample keeps the hidden one in the file.
    board.go_to(board.tree().game_node(60), false);
    pb::QueryFlags flags;
    flags.set_legal_details(true);
    const auto info = session->plugin().query(board.play_state(board.current()), flags);
    REQUIRE(info.legal_size() > 1);
    board.play(info.legal(info.legal_size() - 1).id());
    const auto kept = gamehost::read_variations(one, gamehost::read_log(one));
    CHECK(kept.find(first.back()));
    CHECK(kept.find(board.tree().path_of(board.current())));
    break;
  }
  CHECK(hidden == 1);
  CHECK(read_file(one + ".ghvars") != file_before);
}

TEST_CASE("--as A: the live engine searches B's sampled hand, not the true one", "[pixels][analysis][hidden]") {
  require_display();
  const std::string log = fresh_copy(kGame, "analysis-hidden-engine");
  viewer::SeatOptions as;
  as.as = "A";
  as.sample_seed = 2;
  auto session = viewer::ReplaySession::open(log, {}, as);
  viewer::ReplayView view(*session, test_font());
  viewer::AnalysisControls controls(*session, view, test_font());
  view.go_to(27, false);  // B to place a Zone or a Development from the hand
  const std::string sample = controls.board().play_state(controls.board().current());
  REQUIRE(sample != session->state(27));  // the sample is another hand
  sf::Event ctrl_l;
  ctrl_l.type = sf::Event::KeyPressed;
  ctrl_l.key = {sf::Keyboard::L, false, true, false, false};
  REQUIRE(controls.handle(ctrl_l, {}));
  for (int i = 0; i < 100 && controls.engine_update().top.size() < 3; ++i) {
    controls.sync(1);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  const auto update = controls.engine_update();
  REQUIRE(!update.top.empty());
  pb::QueryFlags flags;
  flags.set_legal_details(true);
  const pb::StateInfo legal = session->plugin().query(sample, flags);
  REQUIRE(legal.legal_size() > 0);
  for (const auto& s : update.top) {
    CAPTURE(s.notation);
    CHECK(std::any_of(legal.legal().begin(), legal.legal().end(), [&](const auto& a) { return a.id() == s.action; }));
  }
}
