// The puzzles and a followed game as states of the window's stack
// (view/state_stack.h), above the replay's state, whose view they drive:
// the puzzles take the board's clicks and their keys (T, S, N, O, 1-9) and
// keep the puzzle's position shown; a followed log brings in each new ply.
// The tour and a tournament's grid are whole-window states of their own
// (tour_mode.h, follow_dir.h).
#pragma once

#include <memory>

#include "viewer/teaching/follow.h"
#include "viewer/teaching/puzzle_mode.h"
#include "viewer/view/state_stack.h"

namespace viewer {

class PuzzleState : public State {
 public:
  PuzzleState(std::unique_ptr<PuzzleMode> puzzles, ReplayView& view)
      : puzzles_(std::move(puzzles)), view_(view) {}

  bool handle_event(const sf::Event& event, sf::Vector2f at) override { return puzzles_->handle(view_, event, at); }
  bool update(float) override { return puzzles_->update(view_); }
  void draw(sf::RenderTarget&) override {}  // the puzzle is drawn by the replay's view

 private:
  std::unique_ptr<PuzzleMode> puzzles_;
  ReplayView& view_;
};

class FollowState : public State {
 public:
  FollowState(LiveLog log, ReplaySession& session, ReplayView& view)
      : follower_(std::move(log)), session_(session), view_(view) {}

  bool handle_event(const sf::Event&, sf::Vector2f) override { return false; }
  bool update(float dt) override { return follower_.tick(session_, view_, dt); }
  void draw(sf::RenderTarget&) override {}  // the game is drawn by the replay's view

 private:
  Follower follower_;
  ReplaySession& session_;
  ReplayView& view_;
};

}  // namespace viewer
