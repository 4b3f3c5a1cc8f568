#include "viewer/play/play_state.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstdio>
#include <tuple>

#include "viewer/analysis/analysis_board.h"

namespace viewer {

namespace {

pb::ViewOptions with_targets() {
  pb::ViewOptions v;
  v.set_hit_actions(true);
  return v;
}

}  // namespace

PlayState::PlayState(std::unique_ptr<PlayedGame> game, ReplaySession& session, ReplayView& view)
    : game_(std::move(game)), follower_(LiveLog(session.file()), 0.05f), session_(session), view_(view) {}

std::string PlayState::seat_name(int seat) const {
  const auto& names = session_.seat_names();
  const std::string name =
      seat >= 0 && seat < static_cast<int>(names.size()) ? names[seat] : fmt::format("seat {}", seat + 1);
  const std::string player = seat == game_->seat() ? "" : game_->player(seat);
  return player.empty() ? name : fmt::format("{} ({})", name, player);
}

std::string PlayState::others_turn() const {
  if (game_->seat() < 0) {
    const int to_move = game_->to_move();
    return to_move < 0 ? "Watching" : fmt::format("Watching: {} to move", seat_name(to_move));
  }
  const int other = game_->to_move() >= 0 && game_->to_move() != game_->seat() ? game_->to_move() : 1 - game_->seat();
  if (!game_->seat_taken(other)) return fmt::format("Waiting for a player to take {}", seat_name(other));
  return fmt::format("{} is thinking", seat_name(other));
}

bool PlayState::persons_turn() const {
  // The game's thread waits for the ply after the newest one the log holds
  // (and so the session shows): the person moves on what they see.
  return game_->waiting_ply() == session_.plies() + 1;
}

void PlayState::show() {
  view_.set_message(clocks_.empty() ? message_ : message_.empty() ? clocks_ : message_ + "   " + clocks_);
}

void PlayState::say(std::string text) {
  if (text == message_) return;
  message_ = std::move(text);
  show();
  std::fprintf(stderr, "replay-viewer: play: %s%s%s\n", message_.c_str(), clocks_.empty() ? "" : "   ",
               clocks_.c_str());
}

bool PlayState::update(float dt) {
  bool changed = follower_.tick(session_, view_, dt);
  // The status is said again only when the game moved on: a refusal (out
  // of turn, a full column) stays on the message line until then.
  if (hint_pending_) {
    auto [ply, text] = game_->hint();
    if (ply == session_.plies() + 1 && !text.empty()) {
      hint_pending_ = false;
      // The terminal's lines, as one line of the panel.
      std::replace(text.begin(), text.end(), '\n', ' ');
      text.erase(std::unique(text.begin(), text.end(), [](char a, char b) { return a == ' ' && b == ' '; }), text.end());
      while (!text.empty() && text.back() == ' ') text.pop_back();
      say(text.rfind("Hint", 0) == 0 || text.rfind("No hint", 0) == 0
              ? text
              : "Hint: " + text);  // EngineCoach's words begin "Hint (N iterations)"
      return true;
    }
  }
  // The clocks tick on the panel (said on stderr with the next message).
  if (std::string clocks = game_->clocks(); clocks != clocks_) {
    clocks_ = std::move(clocks);
    show();
    changed = true;
  }
  const std::string error = game_->error();
  const std::string notice = game_->notice();
  const bool turn = persons_turn();
  const auto situation = std::make_tuple(session_.plies(), session_.finished(), turn, error.empty(), notice);
  if (situation == situation_) return changed;
  situation_ = situation;
  const std::string before = notice.empty() || session_.finished() ? "" : notice + ". ";
  if (!error.empty()) say("The game stopped: " + error);
  else if (session_.finished())
    // How it ended ("White lost on time") unless the result line says it.
    say(notice.empty() || session_.result().find(notice) != std::string::npos
            ? "Game over: " + session_.result()
            : fmt::format("Game over ({}): {}", notice, session_.result()));
  else if (turn) say(fmt::format("{}Your move ({}): click the board", before, seat_name(game_->seat())));
  else if (session_.plies() == played_at_ && notice.empty()) return true;  // the move is not in the log yet
  else if (!game_->over()) say(before + others_turn());
  return true;
}

void PlayState::play(std::uint32_t action) {
  const auto legal = game_->legal();
  if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
    say("Not a legal move here");
    return;
  }
  choices_.clear();
  hint_pending_ = false;
  game_->submit(action);
  played_at_ = session_.plies();
  // Not yet "… is thinking": in some games the same seat moves again (Alien
  // City's claim after a build). update() says whose turn it is once the
  // move is in the log.
  say("Your move is played");
}

bool PlayState::handle_key(const sf::Event::KeyEvent& key) {
  const bool resign_key = key.code == sf::Keyboard::R && key.control;
  const bool modifier = key.code == sf::Keyboard::LControl || key.code == sf::Keyboard::RControl ||
                        key.code == sf::Keyboard::LShift || key.code == sf::Keyboard::RShift ||
                        key.code == sf::Keyboard::LAlt || key.code == sf::Keyboard::RAlt;
  if (!resign_key && !modifier) resign_asked_ = false;  // Ctrl pressed again for the second Ctrl+R goes on asking
  if (!choices_.empty() && key.code >= sf::Keyboard::Num1 && key.code <= sf::Keyboard::Num9) {
    const std::size_t k = key.code - sf::Keyboard::Num1;
    if (k < choices_.size() && persons_turn()) play(choices_[k].first);
    return true;
  }
  if (key.code == sf::Keyboard::T && !key.control) {  // the terminal's "hint"
    if (!game_->hints_allowed()) {
      say(game_->no_hints_reason());
    } else if (!persons_turn()) {
      say("A hint is for your turn");
    } else if (!hint_pending_) {
      hint_pending_ = true;
      game_->ask_hint();
      say("Hint: the engine is searching");
    }
    return true;
  }
  if (resign_key) {  // the terminal's "resign", confirmed by a second press
    if (!game_->can_resign()) {
      say(game_->seat() < 0 ? "You are watching: resigning is for the seats"
                            : "Nothing to resign to: close the window (Q) to leave the game");
    } else if (session_.finished() || game_->over()) {
      say("The game is over");
    } else if (!resign_asked_) {
      resign_asked_ = true;
      say("Resign? Ctrl+R again resigns, any other key goes on playing");
    } else {
      resign_asked_ = false;
      game_->resign();
      say("You resign: the server ends the game");
    }
    return true;
  }
  return false;
}

bool PlayState::handle_event(const sf::Event& e, sf::Vector2f at) {
  if (e.type == sf::Event::KeyPressed) return handle_key(e.key);
  if (e.type != sf::Event::MouseButtonPressed || e.mouseButton.button != sf::Mouse::Left) return false;
  pb::Scene scene;
  session_.render_state(session_.state(session_.plies()), std::nullopt, with_targets(), scene);
  const pb::HitArea* hit = hit_area_at(scene, at);
  if (!hit) return false;  // off the board: the panel's own clicks
  // Every click on the board is the game's here (never a variation).
  if (session_.finished() || game_->over()) {
    say(session_.finished() ? "The game is over: " + session_.result() : "The game stopped: " + game_->error());
    return true;
  }
  if (game_->seat() < 0) {
    say("You are watching: moves are for the seats");
    return true;
  }
  if (!persons_turn()) {
    say(fmt::format("Not your turn: {} is to move", seat_name(1 - game_->seat())));
    return true;
  }
  // The move is made on the newest position, whatever ply is shown (the
  // board's places are the same at every ply); the view goes back there.
  if (!view_.animating() && (view_.ply() != session_.plies() || view_.off_game())) {
    view_.show_off_game(std::nullopt, false);
    view_.go_to(session_.plies(), false);
  }
  if (!hit->refusal().empty() && hit->actions_size() == 0) {
    say(hit->refusal());
    return true;
  }
  if (hit->actions_size() == 1) {
    play(hit->actions(0));
  } else if (hit->actions_size() > 1) {
    choices_.clear();
    std::string list;
    for (int i = 0; i < hit->actions_size() && i < 9; ++i) {
      const std::string label = i < hit->action_labels_size() ? hit->action_labels(i) : fmt::format("move {}", i + 1);
      choices_.emplace_back(hit->actions(i), label);
      list += fmt::format("{}{}: {}", i ? ", " : "", i + 1, label);
    }
    say("Several moves here, press a key: " + list);
  }
  return true;
}

}  // namespace viewer
