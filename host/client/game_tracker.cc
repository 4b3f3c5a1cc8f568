#include "gamehost/client/game_tracker.h"

#include <fmt/core.h>

#include <algorithm>
#include <chrono>

namespace gamehost::client {

std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void GameTracker::take_clocks(const net::Clocks& clocks) {
  clocks_ = clocks;
  clocks_read_at_ms_ = steady_ms();
}

GameTracker::Applied GameTracker::apply(const net::ServerMessage& message) {
  switch (message.body_case()) {
    case net::ServerMessage::kGame: {
      const net::GameView& view = message.game();
      if (view.game().game_id() != game_id_) return Applied::NotThisGame;
      seen_ = true;
      summary_ = view.game();
      seat_ = view.seat();
      ply_views_.assign(view.plies().begin(), view.plies().end());
      position_ = view.position();
      take_clocks(view.clocks());
      if (summary_.status() != net::FINISHED && summary_.status() != net::ABORTED) ended_.reset();
      return Applied::Updated;
    }
    case net::ServerMessage::kMoveMade: {
      const net::MoveMade& move = message.move_made();
      if (move.game_id() != game_id_) return Applied::NotThisGame;
      if (!seen_) return Applied::Gap;  // a move of a game never seen whole
      const std::uint32_t ply = move.ply().ply();
      if (ply <= plies()) return Applied::Duplicate;
      if (ply != plies() + 1) return Applied::Gap;
      ply_views_.push_back(move.ply());
      position_ = move.position();
      take_clocks(move.clocks());
      summary_.set_plies(ply);
      return Applied::Updated;
    }
    case net::ServerMessage::kGameEnded: {
      const net::GameEnded& end = message.game_ended();
      if (end.game_id() != game_id_) return Applied::NotThisGame;
      ended_ = end;
      if (end.has_position()) position_ = end.position();
      if (end.plies_size() > 0) ply_views_.assign(end.plies().begin(), end.plies().end());
      summary_.set_status(end.reason() == net::ABORTED_BEFORE_START ? net::ABORTED : net::FINISHED);
      summary_.set_result(end.result());
      clocks_.set_running(-1);
      return Applied::Ended;
    }
    case net::ServerMessage::kTakebackOffered: {
      const net::TakebackOffered& offered = message.takeback_offered();
      if (offered.game_id() != game_id_) return Applied::NotThisGame;
      *summary_.mutable_takeback_offer() = offered.offer();
      return Applied::TakebackOffer;
    }
    case net::ServerMessage::kTakebackDeclined: {
      if (message.takeback_declined().game_id() != game_id_) return Applied::NotThisGame;
      summary_.clear_takeback_offer();
      return Applied::TakebackOffer;
    }
    case net::ServerMessage::kTakenBack: {
      const net::TakenBack& taken = message.taken_back();
      if (taken.game_id() != game_id_) return Applied::NotThisGame;
      if (!seen_) return Applied::Gap;
      // The whole list again: nothing is missed, whatever came before.
      ply_views_.assign(taken.plies().begin(), taken.plies().end());
      position_ = taken.position();
      take_clocks(taken.clocks());
      summary_.clear_takeback_offer();
      summary_.set_plies(position_.ply());
      return Applied::Updated;
    }
    case net::ServerMessage::kSeatChanged: {
      const net::SeatChanged& changed = message.seat_changed();
      if (changed.game_id() != game_id_) return Applied::NotThisGame;
      for (auto& seat : *summary_.mutable_seats())
        if (seat.seat() == changed.seat().seat()) seat = changed.seat();
      return Applied::SeatChanged;
    }
    default:
      return Applied::NotThisGame;
  }
}

bool GameTracker::my_turn() const {
  if (!seen_ || ended_ || seat_ < 0) return false;
  const auto& info = position_.info();
  return !info.terminal() && info.to_move() == seat_ && info.legal_ids_size() > 0;
}

std::optional<std::int64_t> clock_now_ms(const GameTracker& game, int seat) {
  const net::Clocks& clocks = game.clocks();
  if (seat < 0 || seat >= clocks.remaining_ms_size()) return std::nullopt;
  std::int64_t ms = clocks.remaining_ms(seat);
  if (clocks.running() == seat) ms -= steady_ms() - game.clocks_read_at_ms();
  return std::max<std::int64_t>(ms, 0);
}

std::string clock_text_ms(std::int64_t ms) {
  ms = std::max<std::int64_t>(ms, 0);
  const std::int64_t minutes = ms / 60000, seconds = ms / 1000 % 60;
  if (ms < 10000) return fmt::format("{}:{:02}.{}", minutes, seconds, ms / 100 % 10);
  if (minutes >= 60) return fmt::format("{}:{:02}:{:02}", minutes / 60, minutes % 60, seconds);
  return fmt::format("{}:{:02}", minutes, seconds);
}

}  // namespace gamehost::client
