// Reading a tour file (docs/teaching.md, "Writing your own tour"). Every
// error names the file and the line, so a teacher can fix their own tour.
#include <boost/algorithm/string/classification.hpp>
#include <boost/algorithm/string/trim.hpp>
#include <fmt/core.h>

#include <filesystem>
#include <sstream>

#include "gamehost/base/error.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/base/install_paths.h"
#include "gamehost/records/regular_file.h"
#include "gamehost/tour/tour.h"

namespace gamehost {
namespace {

std::string trim(const std::string& s) { return boost::algorithm::trim_copy_if(s, boost::is_any_of(" \t\r")); }

class Parser {
 public:
  Parser(std::string file) : file_(std::move(file)) { tour_.file = file_; }

  Tour run(const std::string& text) {
    std::istringstream in(text);
    std::string raw;
    while (std::getline(in, raw)) {
      ++line_;
      if (!raw.empty() && raw.back() == '\r') raw.pop_back();
      // The game reads positions as protobuf strings: UTF-8 only.
      if (const auto at = invalid_utf8_at(raw)) fail(fmt::format("not UTF-8 text (byte {} of the line)", *at + 1));
      if (!raw.empty() && raw[0] == '|') {
        block_line(raw);
        continue;
      }
      in_block_ = false;
      const std::string l = trim(raw);
      if (l.empty() || l[0] == '#') {
        continue;
      }
      const auto colon = l.find(':');
      if (colon == std::string::npos)
        fail(
            fmt::format("'{}': a line is KEY: VALUE (tour, game, step, position, text, task, ask, done), "
                        "'| ' in a position, or '#' a comment",
                        l));
      keyed(trim(l.substr(0, colon)), trim(l.substr(colon + 1)));
    }
    finish_step();
    if (tour_.game.empty()) fail_at(1, "no 'game:' line (e.g. game: alien_city)");
    if (tour_.steps.empty()) fail_at(line_, "the tour has no step ('step: TITLE')");
    return std::move(tour_);
  }

 private:
  [[noreturn]] void fail(const std::string& why) const { fail_at(line_, why); }
  [[noreturn]] void fail_at(int line, const std::string& why) const {
    throw HostError(fmt::format("{}:{}: {}", file_, line, why));
  }

  TourStep& step(const std::string& key) {
    if (!in_step_) fail(fmt::format("'{}:' before the first 'step:'", key));
    return current_;
  }

  void block_line(const std::string& raw) {
    if (!in_block_) fail("a '|' line belongs right after 'position:' (an inline position)");
    current_.position += (raw.size() > 1 && raw[1] == ' ' ? raw.substr(2) : raw.substr(1)) + "\n";
  }

  // The lines of an ask: or done: join into one paragraph.
  static void join(std::string& to, const std::string& value) { to += (to.empty() ? "" : " ") + value; }

  void keyed(const std::string& key, const std::string& value) {
    if (key == "tour") {
      if (in_step_) fail("'tour:' belongs before the first step");
      tour_.title = value;
    } else if (key == "game") {
      if (in_step_) fail("'game:' belongs before the first step");
      if (value.empty()) fail("'game:' names a game, e.g. game: alien_city");
      tour_.game = value;
      tour_.game_line = line_;
    } else if (key == "step") {
      finish_step();
      if (value.empty()) fail("'step:' needs a title");
      current_ = TourStep{};
      current_.title = value;
      current_.line = line_;
      in_step_ = true;
    } else if (key == "position") {
      position(value);
    } else if (key == "text") {
      if (!value.empty()) step(key).text.push_back(value);  // one paragraph a line
    } else if (key == "task") {
      task(value);
    } else if (key == "ask" || key == "done") {
      TourTask& t = step(key).task;
      if (t.kind == TourTask::Kind::None) fail(fmt::format("'{}:' before the step's 'task:'", key));
      join(key == "ask" ? t.ask : t.done, value);
    } else {
      fail(fmt::format("unknown key '{}' (known: tour, game, step, position, text, task, ask, done)", key));
    }
  }

  void position(const std::string& value) {
    TourStep& s = step("position");
    if (s.position_line)
      fail(fmt::format("a second position for step '{}' (the first is on line {})", s.title, s.position_line));
    s.position_line = line_;
    if (value.empty()) {  // inline: the '|' lines that follow
      in_block_ = true;
      s.position_from = fmt::format("{}:{}", file_, line_);
      return;
    }
    const std::filesystem::path path = std::filesystem::path(file_).parent_path() / value;
    try {
      s.position = read_regular_file(path.string());
    } catch (const HostError& e) {
      fail(fmt::format("position {}: {}", value, e.what()));
    }
    s.position_from = path.lexically_normal().string();
  }

  void task(const std::string& value) {
    TourTask& t = step("task").task;
    if (t.kind != TourTask::Kind::None) fail(fmt::format("a second task for step '{}' (one a step)", current_.title));
    std::istringstream words(value);
    std::string kind, a, b, extra;
    words >> kind >> a >> b >> extra;
    t.line = line_;
    const std::string kinds =
        "move, refused CODE, gains POINTS, click most, click competitor PLACE, click customer PLACE";
    if (!extra.empty()) fail(fmt::format("task '{}': too many words (tasks: {})", value, kinds));
    if (kind == "move" && a.empty()) {
      t.kind = TourTask::Kind::Move;
    } else if (kind == "refused" && !a.empty() && b.empty()) {
      t.kind = TourTask::Kind::Refused, t.code = a;
    } else if (kind == "gains" && !a.empty() && b.empty()) {
      t.kind = TourTask::Kind::Gains;
      try {
        std::size_t used = 0;
        t.points = std::stoi(a, &used);
        if (used != a.size() || t.points < 1) throw std::invalid_argument(a);
      } catch (const std::exception&) {
        fail(fmt::format("task 'gains {}': give a whole number of points, 1 or more", a));
      }
    } else if (kind == "click" && a == "most" && b.empty()) {
      t.kind = TourTask::Kind::ClickMost;
    } else if (kind == "click" && (a == "competitor" || a == "customer") && !b.empty()) {
      t.kind = a == "competitor" ? TourTask::Kind::ClickCompetitor : TourTask::Kind::ClickCustomer;
      t.place = b;
    } else {
      fail(fmt::format("unknown task '{}' (tasks: {})", value, kinds));
    }
  }

  void finish_step() {
    if (!in_step_) return;
    if (!current_.position_line) fail_at(current_.line, fmt::format("step '{}' has no 'position:'", current_.title));
    if (current_.position.empty())
      fail_at(current_.position_line, fmt::format("step '{}': the inline position has no '|' lines", current_.title));
    if (current_.task.kind != TourTask::Kind::None && current_.task.ask.empty())
      fail_at(current_.task.line,
              fmt::format("step '{}': the task has no 'ask:' (what to tell the learner)", current_.title));
    tour_.steps.push_back(std::move(current_));
    in_step_ = false;
  }

  std::string file_;
  Tour tour_;
  TourStep current_;
  bool in_step_ = false, in_block_ = false;
  int line_ = 0;
};

}  // namespace

Tour parse_tour(const std::string& text, const std::string& file) { return Parser(file).run(text); }

Tour read_tour(const std::string& path) { return parse_tour(read_regular_file(path), path); }

std::string default_tour_path() { return (own_data_dir() / "tour" / "alien_city.tour").string(); }

}  // namespace gamehost
