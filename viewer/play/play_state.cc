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

PlayState::PlayState(std::unique_ptr<LiveGame> game, std::string engine, ReplaySession& session, ReplayView& view)
    : game_(std::move(game)), engine_(std::move(engine)), follower_(LiveLog(session.file()), 0.05f),
      session_(session), view_(view) {}

std::string PlayState::seat_name(int seat) const {
  const auto& names = session_.seat_names();
  return seat >= 0 && seat < static_cast<int>(names.size()) ? names[seat] : fmt::format("seat {}", seat + 1);
}

bool PlayState::persons_turn() const {
  // The game's thread waits for the ply after the newest one the log holds
  // (and so the session shows): the person moves on what they see.
  return game_->waiting_ply() == session_.plies() + 1;
}

void PlayState::say(std::string text) {
  if (text == message_) return;
  message_ = std::move(text);
  view_.set_message(message_);
  std::fprintf(stderr, "replay-viewer: play: %s\n", message_.c_str());
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
      say(text.rfind("Hint", 0) == 0 ? text : "Hint: " + text);  // EngineCoach's words begin "Hint (N iterations)"
      return true;
    }
  }
  const std::string error = game_->error();
  const bool turn = persons_turn();
  const auto situation = std::make_tuple(session_.plies(), session_.finished(), turn, error.empty());
  if (situation == situation_) return changed;
  situation_ = situation;
  if (!error.empty()) say("The game stopped: " + error);
  else if (session_.finished()) say("Game over: " + session_.result());
  else if (turn) say(fmt::format("Your move ({}): click the board", seat_name(game_->seat())));
  else if (!game_->over()) say(fmt::format("{} ({}) is thinking", seat_name(1 - game_->seat()), engine_));
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
  say(fmt::format("{} ({}) is thinking", seat_name(1 - game_->seat()), engine_));
}

bool PlayState::handle_event(const sf::Event& e, sf::Vector2f at) {
  if (e.type == sf::Event::KeyPressed && !choices_.empty() && e.key.code >= sf::Keyboard::Num1 &&
      e.key.code <= sf::Keyboard::Num9) {
    const std::size_t k = e.key.code - sf::Keyboard::Num1;
    if (k < choices_.size() && persons_turn()) play(choices_[k].first);
    return true;
  }
  if (e.type == sf::Event::KeyPressed && e.key.code == sf::Keyboard::T && !e.key.control) {  // the terminal's "hint"
    if (!persons_turn()) {
      say("A hint is for your turn");
    } else if (!hint_pending_) {
      hint_pending_ = true;
      game_->ask_hint();
      say("Hint: the engine is searching");
    }
    return true;
  }
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
  if (!persons_turn()) {
    say(fmt::format("Not your turn: {} ({}) is to move", seat_name(1 - game_->seat()), engine_));
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
