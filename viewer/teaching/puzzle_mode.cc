// Puzzles in the viewer: clicks judged as `gamehost puzzle` judges moves.
#include "viewer/teaching/puzzle_mode.h"

#include <fmt/core.h>

#include <algorithm>
#include <set>

#include "viewer/analysis/analysis_board.h"
#include "gamehost/base/error.h"
#include "gamehost/base/install_paths.h"
#include "gamehost/review/position_value.h"

namespace viewer {
namespace {

namespace pz = gamehost::puzzles;
namespace fs = std::filesystem;

pb::ViewOptions with_targets() {
  pb::ViewOptions v;
  v.set_hit_actions(true);
  return v;
}

// The lot a move names ("BD@B2", "claim@G3" -> "B2", "G3"): what the view
// selects to draw that tower's scoring paths.
std::string lot_of(const std::string& move) {
  const auto at = move.find('@');
  return at == std::string::npos ? std::string() : move.substr(at + 1);
}

}  // namespace

fs::path puzzle_source_log(const fs::path& set_file, const ppb::Puzzle& puzzle) {
  const fs::path folder = set_file.parent_path();
  std::error_code ec;
  for (const fs::path& p : {folder / puzzle.source_log(), folder / "sources" / puzzle.source_log()})
    if (fs::is_regular_file(p, ec)) return p;
  // A shipped sample, by the set's name only: never a copy that happens to
  // lie in the current folder (unless the set lies there too).
  const fs::path sample = gamehost::own_data_dir() / "samples" / fs::path(puzzle.source_log()).filename();
  if (fs::path(puzzle.source_log()).filename() == fs::path(puzzle.source_log()) && fs::is_regular_file(sample, ec))
    return sample;
  throw gamehost::HostError(fmt::format("{}: puzzle {}: its game {} is neither beside the set, in {}, nor a sample",
                                        set_file.string(), puzzle.id(), puzzle.source_log(),
                                        (folder / "sources").string()));
}

PuzzleMode::PuzzleMode(ReplaySession& session, fs::path set_file, ppb::PuzzleSet set, int first, fs::path progress)
    : session_(session),
      set_file_(std::move(set_file)),
      set_(std::move(set)),
      index_(first),
      progress_path_(std::move(progress)) {
  progress_ = pz::read_progress(progress_path_);
}

std::string PuzzleMode::heading() const {
  const ppb::Puzzle& p = set_.puzzles(index_);
  return fmt::format("Puzzle {} of {}: {}, ply {} ({}). {} to move: click the move that beats every other by {} "
                     "points (T hint, S solution, N next)",
                     index_ + 1, set_.puzzles_size(), p.source_log(), p.source_ply(), p.difficulty(), p.side(),
                     pz::points_text(set_.settings().min_gap()));
}

int PuzzleMode::game_ply() const {
  // The puzzle is the position before its ply: the game's ply before it.
  return std::max(0, static_cast<int>(set_.puzzles(index_).source_ply()) - 1);
}

std::string PuzzleMode::place() const {
  return fmt::format("Puzzle {} of {}: ply {}", index_ + 1, set_.puzzles_size(), set_.puzzles(index_).source_ply());
}

void PuzzleMode::say(ReplayView& view, std::string text) {
  message_ = std::move(text);
  view.set_message(message_);
}

void PuzzleMode::open(ReplayView& view, int index) {
  index_ = index;
  const ppb::Puzzle& p = set_.puzzles(index_);
  // The puzzle's own game in the session: the panel names it and lists its
  // moves, and a click on that list steps through it.
  const fs::path source = puzzle_source_log(set_file_, p);
  if (fs::path(session_.file()) != source) session_.switch_log(source);
  solving_ = std::make_unique<pz::Solving>(session_.plugin(), p);
  solving_->set_hint_prompt("press T for a hint");
  choices_.clear();
  recorded_ = false;
  show_puzzle(view);
}

void PuzzleMode::show_puzzle(ReplayView& view) {
  view.show_off_game(ReplayView::OffGame{solving_->state(), std::nullopt, game_ply(), place()}, false);
  say(view, heading());
}

bool PuzzleMode::update(ReplayView& view) {
  if (started_) return false;
  started_ = true;
  open(view, index_);
  return true;
}

void PuzzleMode::finish(bool first_try) {
  if (recorded_) return;
  recorded_ = true;
  progress_.record(set_.puzzles(index_).id(), first_try);
  pz::write_progress(progress_path_, progress_);
}

void PuzzleMode::judge(ReplayView& view, std::uint32_t action) {
  choices_.clear();
  if (solving_->solved()) return;
  const auto notation = gamehost::review::line_notation(session_.plugin(), solving_->state(), {action});
  const pz::Verdict v = solving_->answer(action, notation.empty() ? std::to_string(action) : notation.front());
  if (v.right) view.show_off_game(ReplayView::OffGame{solving_->state(), action, game_ply(), place()}, true);
  if (v.solved) finish(solving_->first_try());
  say(view, v.message + (v.solved ? " N: the next puzzle." : ""));
}

void PuzzleMode::offer(std::vector<std::pair<std::uint32_t, std::string>> choices) {
  choices_ = std::move(choices);
  message_ = "Several moves here:";
  for (std::size_t i = 0; i < choices_.size() && i < 9; ++i)
    message_ += fmt::format(" {} {}{}", i + 1, choices_[i].second, i + 1 < choices_.size() ? "," : "");
  message_ += " (press its number)";
}

void PuzzleMode::show_solution(ReplayView& view) {
  if (solving_->solved()) return;
  const ppb::Step& step = solving_->step();
  std::string line;
  for (const auto& m : solving_->solution()) line += (line.empty() ? "" : " ") + m;
  finish(false);
  // The position after the best move, with the paths that make it right.
  pb::ApplyResponse after;
  session_.plugin().apply(solving_->state(), step.best_action(), pb::QueryFlags(), after);
  view.show_off_game(ReplayView::OffGame{after.state(), step.best_action(), game_ply(), place()}, true);
  if (const std::string lot = lot_of(step.best()); !lot.empty()) view.select(lot, false);
  std::string themes;
  for (const auto& t : step.themes()) themes += (themes.empty() ? "" : ", ") + t;
  say(view, fmt::format("Solution: {}{}. N: the next puzzle.", line, themes.empty() ? "" : " (" + themes + ")"));
}

bool PuzzleMode::handle(ReplayView& view, const sf::Event& e, sf::Vector2f at) {
  if (!solving_) return false;
  if (e.type == sf::Event::MouseButtonPressed && e.mouseButton.button == sf::Mouse::Left) {
    if (solving_->solved()) return false;
    // The board shows a ply of the puzzle's game (its move list, the keys):
    // a click there is no answer; it brings the puzzle back.
    if (!view.off_game()) {
      show_puzzle(view);
      return true;
    }
    pb::Scene scene;
    session_.render_state(solving_->state(), std::nullopt, with_targets(), scene);
    const pb::HitArea* hit = hit_area_at(scene, at);
    if (!hit) return false;
    if (!hit->refusal().empty() && hit->actions_size() == 0) {
      say(view, hit->refusal());
      return true;
    }
    if (hit->actions_size() == 1) {
      judge(view, hit->actions(0));
    } else if (hit->actions_size() > 1) {
      std::vector<std::pair<std::uint32_t, std::string>> choices;
      for (int i = 0; i < hit->actions_size(); ++i)
        choices.emplace_back(hit->actions(i), i < hit->action_labels_size() ? hit->action_labels(i) : "");
      offer(std::move(choices));
      view.set_message(message_);
    }
    return true;
  }
  if (e.type != sf::Event::KeyPressed) return false;
  const auto code = e.key.code;
  if (code >= sf::Keyboard::Num1 && code <= sf::Keyboard::Num9 && !choices_.empty()) {
    const std::size_t k = code - sf::Keyboard::Num1;
    if (k < choices_.size()) judge(view, choices_[k].first);
    return true;
  }
  if (code == sf::Keyboard::S) {
    show_solution(view);
    return true;
  }
  if (code == sf::Keyboard::T && !solving_->solved()) {  // the terminal's 'hint'
    say(view, solving_->hint());
    return true;
  }
  if (code == sf::Keyboard::N) {
    open(view, (index_ + 1) % set_.puzzles_size());
    return true;
  }
  if (code == sf::Keyboard::O && !solving_->solved()) {
    pb::QueryFlags flags;
    flags.set_legal_details(true);
    const pb::StateInfo info = session_.plugin().query(solving_->state(), flags);
    pb::Scene scene;
    session_.render_state(solving_->state(), std::nullopt, with_targets(), scene);
    std::set<std::uint32_t> on_board;
    for (const auto& h : scene.hits()) on_board.insert(h.actions().begin(), h.actions().end());
    std::vector<std::pair<std::uint32_t, std::string>> off;
    for (const auto& a : info.legal())
      if (!on_board.count(a.id())) off.emplace_back(a.id(), a.notation());
    if (off.empty()) say(view, "Every move of this position is on the board.");
    else {
      offer(std::move(off));
      view.set_message(message_);
    }
    return true;
  }
  return false;
}

}  // namespace viewer
