// `gamehost tour`: the guided rules tour at the terminal (docs/teaching.md).
// The learner reads each step and answers its task with a move or a lot;
// the answer is checked through the plugin (gamehost/tour/tour.h).
#include <fmt/core.h>

#include <iostream>
#include <sstream>

#include "commands.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/base/plural.h"
#include "gamehost/tour/tour.h"

namespace gamehost {
namespace {

// Words wrapped to `width` columns (the tour's paragraphs are one line each).
// Every text of the tour file reaches the terminal through visible()
// (input_checks.h): no escape sequence from a file.
std::string wrapped(const std::string& text, std::size_t width = 78) {
  std::istringstream words(text);
  std::string out, line, word;
  while (words >> word) {
    if (!line.empty() && line.size() + 1 + word.size() > width) out += line + "\n", line.clear();
    line += (line.empty() ? "" : " ") + word;
  }
  return out + line;
}

class TerminalTour {
 public:
  TerminalTour(Plugin& plugin, Tour tour, bool color)
      : plugin_(plugin), tour_(std::move(tour)), starts_(load_tour_states(plugin, tour_)), color_(color) {}

  void run(std::size_t first) {
    if (!tour_.title.empty()) fmt::print("{}\n", visible(tour_.title));
    fmt::print("Answer each task with a move (e.g. RT@E3) or, for \"click\", a lot; next, back, reset, quit.\n");
    enter(first);
    std::string line;
    while (prompt(), std::getline(std::cin, line)) {
      std::istringstream in(line);
      std::string word;
      in >> word;
      if (word.empty()) continue;
      if (word == "quit" || word == "q") return;
      if (word == "next" || word == "n") {
        if (step_ + 1 == tour_.steps.size()) return fmt::print("That was the last step: the end of the tour.\n");
        enter(step_ + 1);
      } else if (word == "back" || word == "b") {
        if (step_ == 0)
          fmt::print("This is the first step.\n");
        else
          enter(step_ - 1);
      } else if (word == "reset" || word == "board") {
        if (word == "reset") state_ = starts_[step_], before_.clear();
        show_board();
      } else if (word == "help" || word == "?") {
        help();
      } else {
        answer(line.substr(line.find_first_not_of(" \t")));
      }
    }
    fmt::print("\n");  // the end of the input ends the tour
  }

 private:
  void prompt() const {
    fmt::print("tour {}/{}> ", step_ + 1, tour_.steps.size());
    std::fflush(stdout);
  }

  void enter(std::size_t k) {
    step_ = k;
    state_ = starts_[k];
    before_.clear();
    const TourStep& s = tour_.steps[k];
    fmt::print("\nStep {} of {}: {}\n", k + 1, tour_.steps.size(), visible(s.title));
    show_board();
    for (const auto& p : s.text)
      if (!p.empty()) fmt::print("\n{}\n", wrapped(visible(p)));
    if (s.task.kind != TourTask::Kind::None)
      fmt::print("\n{}\n", wrapped("Task: " + visible(s.task.ask)));
    else
      fmt::print("\n(next: the next step)\n");
  }

  void show_board() const { fmt::print("{}\n", board_text(plugin_, state_, before_, color_)); }

  void help() const {
    fmt::print(
        "next (n), back (b): another step; reset: this step's position again; board: show it; quit (q).\n"
        "A task is answered with a move in the game's notation ({}) or, when it asks for a click, a lot.\n",
        "RT@E3, claim@E3, decline");
  }

  void answer(const std::string& text) {
    const TourTask& task = tour_.steps[step_].task;
    if (task.kind == TourTask::Kind::None) return fmt::print("This step has no task: type next (or back, quit).\n");
    const std::string word = text.substr(0, text.find_first_of(" \t"));
    const TourAnswer a =
        task.wants_click() ? answer_click(plugin_, state_, task, word) : answer_move(plugin_, state_, task, text);
    if (a.played) {
      before_ = state_;
      state_ = a.state;
      show_board();
    }
    fmt::print("{}\n", visible(a.message));  // one line: the verdict (a ruling may be long)
    if (!a.solved) return fmt::print("Try again, or type next to go on.\n");
    if (!task.done.empty()) fmt::print("{}\n", wrapped(visible(task.done)));
    fmt::print("{}\n", step_ + 1 == tour_.steps.size() ? "That was the last step: type quit to end the tour."
                                                       : "Type next for the next step.");
  }

  Plugin& plugin_;
  Tour tour_;
  std::vector<std::string> starts_;
  bool color_;
  std::size_t step_ = 0;
  std::string state_, before_;
};

}  // namespace

void add_tour_command(CLI::App& app, Common& common) {
  struct Args {
    std::string file;
    int step = 1;
    bool check = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd =
      app.add_subcommand("tour", "a guided tour of a game's rules, step by step, with tasks (docs/teaching.md)");
  cmd->add_option("FILE", args->file, "a tour file (default: the shipped games/tour/alien_city.tour)")
      ->type_name("FILE");
  cmd->add_option("--step", args->step, "start at step N (1 = the first)")->type_name("N");
  cmd->add_flag("--check", args->check,
                "only load the tour: every step's position and task, for a teacher writing one");
  add_color_options(cmd, common);
  cmd->callback([&common, args] {
    const std::string path = args->file.empty() ? default_tour_path() : args->file;
    Tour tour = read_tour(path);
    Registry registry = common.registry();
    Plugin& plugin = tour_plugin(registry, tour);
    const int count = static_cast<int>(tour.steps.size());
    if (args->step < 1 || args->step > count)
      throw UsageError(fmt::format("--step {}: {} has steps 1 to {}", args->step, path, count));
    if (args->check) {
      load_tour_states(plugin, tour);
      int tasks = 0;
      for (const auto& s : tour.steps) tasks += s.task.kind != TourTask::Kind::None;
      return fmt::print("{}: OK: {}, {}; every position loads and every task can be answered\n", path,
                        count_of(count, "step", "steps"), count_of(tasks, "task", "tasks"));
    }
    TerminalTour(plugin, std::move(tour), common.color_on()).run(static_cast<std::size_t>(args->step - 1));
  });
}

}  // namespace gamehost
