// `gamehost tour` (docs/teaching.md, "A guided rules tour") driven through
// stdin, as a learner types: every step of the shipped tour loads and shows
// its position, every task is answered wrong and then right with the exact
// verdict the rules core gives, the navigation, and damaged tours named by
// file and line.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <fmt/core.h>

#include "gamehost/tour/tour.h"
#include "test_support.h"

using namespace test;
namespace fs = std::filesystem;

namespace {

const std::string kTour = std::string(SOURCE_DIR) + "/games/tour/alien_city.tour";

Run tour(const std::vector<std::string>& extra, const std::string& input) {
  std::vector<std::string> args{"tour", "--no-color"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_gamehost(args, input);
}

struct TaskCase {
  int step;
  std::string wrong, wrong_says, right, right_says;
};

// One per task of the shipped tour: a wrong answer and a right one, with
// what the rules core says to each.
const std::vector<TaskCase> kTasks = {
    {2, "RT@B6",
     "The rules refuse it: ruling R11 (rule 5): B6 is its tile's icon lot, built last: A5 on the same tile can still "
     "be built",
     "RT@A5", "Legal: RT@A5 is played."},
    {3, "RT@A5", "RT@A5 is legal: find a move that ruling R7 forbids.", "RT@D8",
     "Right, the rules refuse it: ruling R7 (rule 1): D8 is already built on"},
    {4, "BD@A5",
     "Refused, but by another rule: ruling R10 (rule 2): a blue dome goes on a blue tile while one can take it, e.g. "
     "C1. Find one that ruling R9 forbids.",
     "BT@A5",
     "Right, the rules refuse it: ruling R9 (rule 3): the first two structures on the red tile of A5 must be red"},
    {5, "BD@C1", "BD@C1 is legal: find a move that ruling R10 forbids.", "BD@A5",
     "Right, the rules refuse it: ruling R10 (rule 2): a blue dome goes on a blue tile while one can take it, e.g. C1"},
    {6, "RT@A5", "RT@A5 is legal: find a move that ruling R11 forbids.", "RT@B6",
     "Right, the rules refuse it: ruling R11 (rule 5): B6 is its tile's icon lot, built last: A5 on the same tile can "
     "still be built"},
    {7, "BT@H1", "BT@H1 is legal: find a move that ruling R8 forbids.", "BT@H2",
     "Right, the rules refuse it: ruling R8 (rule 4): building on H2 splits the street network"},
    {7, "GT@C9", "GT@C9 is legal: find a move that ruling R8 forbids.", "GT@D9",
     "Right, the rules refuse it: ruling R8 (rule 4): building on D9 leaves a structure without street access"},
    {8, "RT@A5", "The rules refuse it: ruling R5: Black is deciding on a claim now, not building", "claim@D8",
     "Legal: claim@D8 is played."},
    {9, "G3", "G3 is not the tower of D8's colour nearest to it along the streets.", "B2",
     "Right: B2 is 7 streets from D8."},
    {10, "H8", "H8 is not a customer of E2.", "G3", "Right: G3 is one of the 3 customers of E2."},
    {11, "GD@C6", "GD@C6 is legal, but it gains 0 points (from 24 to 24): find one worth 5 or more.", "KD@G4",
     "Right: KD@G4 gains 5 points (from 24 to 29)."},
    {12, "decline", "decline is legal, but it gains 0 points (from 21 to 21): find one worth 14 or more.", "claim@G7",
     "Right: claim@G7 gains 14 points (from 21 to 35)."},
    {13, "KD@A4", "The rules refuse it: ruling R7 (rule 1): A4 is already built on", "KD@B10",
     "Legal: KD@B10 is played."},
    {14, "F9", "F9, claimed by White, scores 7 customers x 5 = 35: another tower scores more.", "E3",
     "Right: E3, claimed by White, scores 2 customers x 19 = 38, the most."},
    {14, "A4", "A4 is not a claimed tower (they are: E3, C9, F9, H4, E5, G7).", "E3",
     "Right: E3, claimed by White, scores 2 customers x 19 = 38, the most."},
    {15, "G3", "G3 is not the tower of H4's colour nearest to it along the streets.", "A4",
     "Right: A4 is 12 streets from H4."},
};

}  // namespace

TEST_CASE("gamehost tour --check: every step of the shipped tour loads and every task can be answered", "[cli][tour]") {
  const Run r = run_gamehost({"tour", "--check"});
  CHECK(r.exit_code == 0);
  CHECK(r.out == fs::path(kTour).lexically_normal().string() +
                     ": OK: 15 steps, 14 tasks; every position loads and every task can be answered\n");
}

TEST_CASE("gamehost tour: each step shows the position its tour file holds, as `show --position` draws it",
          "[cli][tour]") {
  const gamehost::Tour t = gamehost::read_tour(kTour);
  REQUIRE(t.steps.size() == 15);
  const auto dir = temp_dir("tour-steps");
  for (std::size_t k = 0; k < t.steps.size(); ++k) {
    INFO("step " << k + 1 << ": " << t.steps[k].title);
    const fs::path position = dir / ("step-" + std::to_string(k + 1) + ".txt");
    std::ofstream(position) << t.steps[k].position;
    const Run show = run_gamehost({"show", "--game", "alien_city", "--position", position.string(), "--no-color"});
    REQUIRE(show.exit_code == 0);  // the position is legal: the plugin takes it
    const std::string board = last_board(show.out, "to-move:");
    REQUIRE(!board.empty());
    const Run r = tour({"--step", std::to_string(k + 1)}, "quit\n");
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains(fmt::format("\nStep {} of 15: {}\n{}", k + 1, t.steps[k].title, board)));
  }
}

TEST_CASE("gamehost tour: every task answered wrong, then right, with the rules core's verdict", "[cli][tour]") {
  for (const auto& c : kTasks) {
    INFO("step " << c.step << ": " << c.wrong << ", then " << c.right);
    const Run r = tour({"--step", std::to_string(c.step)}, c.wrong + "\n" + c.right + "\nquit\n");
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("> " + c.wrong_says + "\nTry again, or type next to go on.\n"));
    const auto verdict = r.out.find(c.right_says + "\n", r.out.find(c.wrong_says));
    CHECK(verdict != std::string::npos);
    CHECK(r.out.find("Try again", verdict) == std::string::npos);  // solved: no second try asked
  }
}

TEST_CASE("gamehost tour: a legal move is played and shown; reset brings the step's position back", "[cli][tour]") {
  const Run r = tour({"--step", "2"}, "RT@A5\nreset\nquit\n");
  CHECK(r.exit_code == 0);
  const auto played = r.out.find("\n 5 [r.R.]r... g... ");  // the move between brackets
  CHECK(played != std::string::npos);
  const auto reset = r.out.find("\n 5  r... r... g... ", played);  // the lot empty again, no brackets
  CHECK(reset != std::string::npos);
  CHECK_THAT(r.out, Catch::Contains("Legal: RT@A5 is played.\nBuilding is that simple"));
}

TEST_CASE("gamehost tour: next, back and the ends of the tour", "[cli][tour]") {
  const Run r = tour({}, "back\nB2\nnext\nback\nquit\n");
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("tour 1/15> This is the first step.\n"));
  CHECK_THAT(r.out, Catch::Contains("tour 1/15> This step has no task: type next (or back, quit).\n"));
  CHECK_THAT(r.out, Catch::Contains("\nStep 2 of 15: Your pieces and your first build\n"));
  CHECK(r.out.find("\nStep 1 of 15: The city: lots and tiles\n") !=
        r.out.rfind("\nStep 1 of 15: The city: lots and tiles\n"));
  const Run end = tour({"--step", "15"}, "A4\nnext\n");
  CHECK(end.exit_code == 0);
  CHECK_THAT(end.out, Catch::Contains("That was the last step: type quit to end the tour.\n"));
  CHECK_THAT(end.out, Catch::EndsWith("tour 15/15> That was the last step: the end of the tour.\n"));
  const Run eof = tour({"--step", "3"}, "");
  CHECK(eof.exit_code == 0);
  const Run bad = tour({"--step", "16"}, "");
  CHECK(bad.exit_code == 2);
  CHECK(bad.err ==
        "gamehost: error: --step 16: " + fs::path(kTour).lexically_normal().string() + " has steps 1 to 15\n");
}

TEST_CASE("gamehost tour: a damaged tour file is named by file and line, exit status 1", "[cli][tour]") {
  const auto dir = temp_dir("tour-damaged");
  const std::string seed = std::string(SOURCE_DIR) + "/games/positions/seed-scoring.txt";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"game: alien_city\nstep: A\ncolour: red\n",
       "3: unknown key 'colour' (known: tour, game, step, position, text, task, ask, done)"},
      {"game: alien_city\nstep: A\nposition: " + seed + "\ntask: fly away\n",
       "4: unknown task 'fly away' (tasks: move, refused CODE, gains POINTS, click most, click competitor PLACE, "
       "click customer PLACE)"},
      {"game: alien_city\nstep: A\nposition: " + seed + "\ntask: gains x\nask: go\n",
       "4: task 'gains x': give a whole number of points, 1 or more"},
      {"game: alien_city\nstep: A\nposition: " + seed + "\ntask: move\n",
       "4: step 'A': the task has no 'ask:' (what "
       "to tell the learner)"},
      {"game: alien_city\nstep: A\ntext: hi\n", "2: step 'A' has no 'position:'"},
      {"game: alien_city\n| x\n", "2: a '|' line belongs right after 'position:' (an inline position)"},
      {"tour: t\n", "1: no 'game:' line (e.g. game: alien_city)"},
      {"game: alien_city\nstep: A\nposition:\n| \xff\xfe\n", "4: not UTF-8 text (byte 3 of the line)"},
      {"game: chess\nstep: A\nposition: " + seed + "\n",
       "1: unknown game 'chess' (installed: " BUILT_GAMES ")"},
      {"game: alien_city\nstep: A\nposition:\n| to-move: Black build\n|  9  g*.. gXX. g*.. g... b... b... g... g*..\n",
       "5: position: B9 'gXX.': a lot is tile colour (r b g k), icon (* or .), structure, claim"},
      {"game: alien_city\nstep: A\nposition: " + seed + "\ntask: click competitor A5\nask: which?\n",
       "4: task of step 'A': A5 is not a claimed tower here (they are: E3, C9, F9, H4, E5, G7)"},
      {"game: alien_city\nstep: A\nposition: " + seed + "\ntask: move\nask: go\n",
       "4: task of step 'A': the game is over here: no move to make"},
  };
  int k = 0;
  for (const auto& [text, error] : cases) {
    const fs::path file = dir / ("bad-" + std::to_string(++k) + ".tour");
    std::ofstream(file) << text;
    INFO(text);
    const Run r = run_gamehost({"tour", file.string()}, "quit\n");
    CHECK(r.exit_code == 1);
    CHECK(r.err == "gamehost: error: " + file.string() + ":" + error + "\n");
    CHECK(r.out.empty());
  }
}
