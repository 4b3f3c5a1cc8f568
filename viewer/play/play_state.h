// Playing in the window, against an engine (replay-viewer --play GAME
// --against AGENT) or on a server (--connect URL …; docs/viewer.md,
// "Playing"): a state above the replay's, as the followed log's is. The
// game runs in a PlayedGame (session/played_game.h: a LiveGame or a
// NetGame) that writes its log per ply; this state follows that log
// (follow.h's Follower, each new ply animated) and turns the person's
// clicks on the board into moves through the plugin's hit areas, as the
// analysis board and the puzzles do. A click out of turn, on a refused
// spot (a full column) or after the end changes nothing but the panel's
// message, which says why; every message also goes to stderr. The clocks,
// when the game has them, tick after the message.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "viewer/session/played_game.h"
#include "viewer/teaching/follow.h"
#include "viewer/view/replay_view.h"
#include "viewer/view/state_stack.h"

namespace viewer {

class PlayState : public State {
 public:
  PlayState(std::unique_ptr<PlayedGame> game, ReplaySession& session, ReplayView& view);

  bool handle_event(const sf::Event& event, sf::Vector2f at) override;
  bool update(float dt) override;
  void draw(sf::RenderTarget&) override {}  // the game is drawn by the replay's view

  // What the panel's message says now.
  const std::string& message() const { return message_; }

 private:
  // Whether the person is to move on the newest recorded position.
  bool persons_turn() const;
  void play(std::uint32_t action);
  void say(std::string text);
  void show();                            // the message and the clocks on the panel
  std::string seat_name(int seat) const;  // "Yellow (random)"
  std::string others_turn() const;        // "Yellow (random) is thinking"
  bool handle_key(const sf::Event::KeyEvent& key);

  std::unique_ptr<PlayedGame> game_;
  Follower follower_;
  ReplaySession& session_;
  ReplayView& view_;
  std::vector<std::pair<std::uint32_t, std::string>> choices_;  // a click with several moves: keys 1-9
  int played_at_ = -1;  // the plies shown when the person last moved
  std::string message_;
  std::string clocks_;         // as last shown
  std::string notice_;         // the game's notice last said
  bool hint_pending_ = false;  // T pressed, the hint not yet shown
  bool resign_asked_ = false;  // Ctrl+R pressed once: again resigns
  // What the status last said was about: plies, finished, the person's turn, no error.
  std::tuple<int, bool, bool, bool, std::string> situation_{-1, false, false, false, ""};
};

}  // namespace viewer
