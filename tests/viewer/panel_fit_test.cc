// The side panel never loses the explanation (docs/viewer.md, "Side
// panel"): at every ply of every sample, with nothing selected and with
// each of the game's selections, with and without a review beside the log,
// at 800x500 and 1280x800, every line of the scene's sections (the score,
// its totals, "Why it scores") is drawn whole; the review gives up its
// room first. Reviews are made once by the real `gamehost review`, cheaply
// (few iterations, a small solver budget: many marks and long change
// lists, which is what takes room). Also: the footer offers Tab only where
// there is something to select, and Connect Four's panel shows threats.
#include <catch2/catch.hpp>

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>

#include "viewer/render/label_layout.h"
#include "viewer/view/replay_view.h"
#include "viewer/session/review_data.h"
#include "viewer_test_support.h"

using namespace viewer_test;
namespace fs = std::filesystem;

namespace {

// Every shipped sample copied into a folder of its own, each with its
// review beside it; made once per test run.
fs::path reviewed_samples() {
  static fs::path dir;
  if (!dir.empty()) return dir;
  dir = temp_dir("panel-fit");
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const auto& e : fs::directory_iterator(std::string(SOURCE_DIR) + "/games/samples"))
    if (e.path().extension() == ".ghlog") fs::copy_file(e.path(), dir / e.path().filename());
  const Run r = run(GAMEHOST_BIN, {"review", dir.string(), "--iters", "20", "--solver-nodes", "2000", "-q",
                                   "--format", "none"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return dir;
}

std::vector<fs::path> logs_in(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".ghlog") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string describe(const viewer::PanelFit& fit) {
  std::string s = fmt::format("{} column(s), review '{}', {} rows of moves;", fit.columns, fit.review, fit.move_rows);
  for (const auto& sec : fit.sections) s += fmt::format(" [{}: {}/{}]", sec.title, sec.shown, sec.lines);
  return s;
}

// The rows of a --dump-panel output with this section and key.
std::vector<std::string> rows(const std::string& dump, const std::string& section, const std::string& key) {
  std::vector<std::string> out;
  std::size_t at = 0;
  const std::string head = section + "\t" + key + "\t";
  while (at < dump.size()) {
    const std::size_t end = dump.find('\n', at);
    const std::string line = dump.substr(at, end - at);
    if (line.rfind(head, 0) == 0) out.push_back(line.substr(head.size()));
    at = end == std::string::npos ? dump.size() : end + 1;
  }
  return out;
}

}  // namespace

TEST_CASE("the panel draws every line of the scene's sections at every ply and selection, with and without a review",
          "[pixels][panel][long]") {
  require_display();
  const fs::path dir = reviewed_samples();
  int layouts = 0, with_review = 0, compact = 0, last_resort = 0;
  for (const fs::path& log : logs_in(dir)) {
    auto session = viewer::ReplaySession::open(log, {});
    if (!session->has_scenes()) continue;
    const auto review = viewer::GameReview::open_for(log, "");
    REQUIRE(review);
    for (const sf::Vector2u size : {sf::Vector2u(800, 500), sf::Vector2u(1280, 800)}) {
      for (const bool reviewed : {false, true}) {
        viewer::ReplayView view(*session, test_font());
        view.set_pixel_scale(viewer::pixel_scale_for(size));
        if (reviewed) view.set_review(review.get());
        auto check = [&](const std::string& what) {
          const viewer::PanelFit& fit = view.panel().fit();
          INFO(fmt::format("{} at {}x{} {} review, ply {}, {}: {}", log.filename().string(), size.x, size.y,
                           reviewed ? "with" : "without", view.ply(), what, describe(fit)));
          CHECK(fit.complete());
          CHECK(fit.review.empty() != reviewed);
          // The move list keeps its row of the shown ply; three rows unless the
          // sections needed two columns.
          CHECK(fit.move_rows >= std::min(fit.columns == 1 ? 3 : 1, session->plies() / 2 + 1));
          last_resort += fit.move_rows < 3;
          for (const sf::FloatRect& b : view.panel().item_boxes()) {
            CHECK(b.top >= viewer::kPanelArea.top);
            CHECK(b.top + b.height <= viewer::kPanelArea.top + viewer::kPanelArea.height);
          }
          ++layouts;
          with_review += reviewed;
          compact += !fit.review.empty() && fit.review != "full";
        };
        for (int ply = 0; ply <= session->plies(); ++ply) {
          view.select("", false);
          view.go_to(ply, false);
          check("nothing selected");
          // Without a review the sections have at least the room they have
          // with one (the same plans, nothing reserved for the review), and
          // 800x500 wraps more than 1280x800 (glyphs hinted wider): the
          // selections are walked with the review at 800x500; the plies in
          // every case.
          if (!reviewed || size.x != 800) continue;
          const auto cycle = view.scene().cycle();
          for (const std::string& sel : cycle) {
            view.select(sel, false);
            check("selected " + sel);
          }
        }
      }
    }
  }
  // The walk saw the cases that need room (a walk over nothing proves
  // nothing).
  CHECK(with_review >= 1587);
  CHECK(layouts > with_review);
  CHECK(compact > 100);
  // Few need the last resorts (on the samples of this commit: ..., all City
  // Planning endgames at 800x500 with a review).
  CHECK(last_resort < 100);
}

TEST_CASE("ply 30 of the reviewed seed-1 (a mistake, its review long), G3 selected: the score, its totals and Why it scores whole, at 1280x800 "
          "and 800x500",
          "[cli][panel]") {
  const fs::path log = reviewed_sample_log();  // the review the other [cli] tests share: made once
  for (const std::string size : {"1280x800", "800x500"}) {
    INFO(size);
    const fs::path png = log.parent_path() / ("g3-" + size + ".png");
    const Run r = run_viewer({log.string(), "--ply", "30", "--select", "G3", "--size", size, "--screenshot",
                              png.string(), "--dump-panel", "-"});
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    // The review is there, and drawn.
    REQUIRE(rows(r.out, "Review", "verdict").size() == 1);
    const auto review = rows(r.out, "Layout", "review");
    REQUIRE(review.size() == 1);
    CHECK(review[0].rfind("full\t", 0) != 0);  // it gave up room ...
    CHECK(review[0].rfind("compact\t", 0) == 0);  // ... keeping its verdict and graph
    // Every section whole, named with its lines.
    const auto sections = rows(r.out, "Layout", "section");
    CHECK(sections == std::vector<std::string>{"whole\tSupplies: 2 of 2 lines drawn",
                                               "whole\tScore (provisional): 9 of 9 lines drawn",
                                               "whole\tWhy it scores: G3: 4 of 4 lines drawn"});
    CHECK(rows(r.out, "Score (provisional)", "total.White").size() == 1);
    CHECK(rows(r.out, "Why it scores: G3", "selected.path") == std::vector<std::string>{"G2 G1 F1 E1 D1 C1 B1 A1 A2\troute: G2 G1 F1 E1 D1 C1 B1 A1 A2"});
    CHECK(rows(r.out, "Layout", "columns") == std::vector<std::string>{"1\tthe sections in 1 column"});
    // Alien City has towers to cycle through: Tab is offered.
    CHECK(rows(r.out, "Layout", "footer") ==
          std::vector<std::string>{"\tH help  ·  ←/→ step  ·  Home/End  ·  Tab select  ·  E export"});
  }
}

TEST_CASE("Connect Four: no Tab in the footer, the threats in the panel", "[cli][panel]") {
  const fs::path dir = temp_dir("connect-four-panel");
  fs::create_directories(dir);
  const Run r = run_viewer({sample("connect_four-seed-1.ghlog"), "--ply", "0", "--screenshot", (dir / "c4.png").string(),
                            "--dump-panel", "-"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(rows(r.out, "Layout", "footer") == std::vector<std::string>{"\tH help  ·  ←/→ step  ·  Home/End  ·  E export"});
  CHECK(rows(r.out, "Threats", "threats.Red") == std::vector<std::string>{"-\tRed: no threat"});
  CHECK(rows(r.out, "Threats", "threats.Yellow") == std::vector<std::string>{"-\tYellow: no threat"});
  // Ply 16 (Red to move; `gamehost show ... --ply 16`): Red's b2 d2 e2 wait
  // for c2, Yellow's b3 d3 e3 for c3 and g1 e3 d4 for f2; none playable.
  const Run mid = run_viewer({sample("connect_four-seed-1.ghlog"), "--ply", "16", "--dump-panel", "-"});
  CHECK(rows(mid.out, "Threats", "threats.Red") == std::vector<std::string>{"c2\tRed: threatens c2"});
  CHECK(rows(mid.out, "Threats", "threats.Yellow") == std::vector<std::string>{"c3 f2\tYellow: threatens c3 f2"});
  // Ply 30: Yellow's f2 can be played now: Red must block it.
  const Run late = run_viewer({sample("connect_four-seed-1.ghlog"), "--ply", "30", "--dump-panel", "-"});
  CHECK(rows(late.out, "Threats", "threats.Yellow") ==
        std::vector<std::string>{"f2 c3 c5\tYellow: must be blocked at f2; threatens c3 c5"});
  // The end: the status says the result; no section.
  const Run end = run_viewer({sample("connect_four-seed-1.ghlog"), "--dump-panel", "-"});
  CHECK(rows(end.out, "Threats", "threats.Red").empty());
}
