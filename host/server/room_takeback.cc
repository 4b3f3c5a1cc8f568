// Takebacks agreed between the seats (docs/protocol.md, "Takebacks"): a
// seat offers to take back its last move (its plies and every ply since),
// the other seats accept or decline. Accepted, the plies are marked taken
// back in the game's log (log_takeback.h) before anyone is told, and the
// game goes on from the position before that move. The rules' chance is
// never undone: a chance ply in the stretch refuses the offer. Clocks are
// not turned back (the time spent thinking stays spent).
#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "gamehost/records/log_seal.h"
#include "gamehost/records/log_takeback.h"
#include "gamehost/records/replay.h"
#include "gamehost/server/room.h"

namespace gamehost::server {
namespace {

net::Error refusal(const std::string& game_id, net::Error::Code code, std::string what) {
  net::Error e;
  e.set_code(code);
  e.set_message(std::move(what));
  e.set_game_id(game_id);
  return e;
}

}  // namespace

std::optional<net::Error> Room::offer_takeback(int seat, const net::Takeback& request, Peer& peer,
                                               std::uint64_t reply_to) {
  const auto refuse = [this](net::Error::Code code, std::string what) { return refusal(id_, code, std::move(what)); };
  if (!summary_.takebacks_allowed())
    return refuse(net::Error::NOT_ALLOWED, fmt::format("game {} was created without takebacks", id_));
  if (over()) return refuse(net::Error::GAME_OVER, fmt::format("game {} is over ({})", id_, summary_.result()));
  if (summary_.status() != net::PLAYING)
    return refuse(net::Error::NOT_ALLOWED, fmt::format("game {} waits for its open seats to be taken", id_));
  if (summary_.has_takeback_offer())
    return refuse(net::Error::NOT_ALLOWED, fmt::format("game {}: seat {} offered a takeback already, not answered yet",
                                                       id_, summary_.takeback_offer().seat()));
  if (request.ply() != 0 && request.ply() != static_cast<std::uint32_t>(plies()))
    return refuse(net::Error::STALE_MOVE, fmt::format("game {}: the takeback says ply {}, but {} plies were played",
                                                      id_, request.ply(), plies()));
  const auto stretch = takeback_stretch(plies_, seat);
  if (const auto* why = std::get_if<std::string>(&stretch))
    return refuse(net::Error::NOT_ALLOWED, fmt::format("game {}, seat {}: {}", id_, seat, *why));
  net::TakebackOffer offer;
  offer.set_seat(seat);
  offer.set_first_ply(std::get<TakebackStretch>(stretch).first_ply);
  offer.set_plies(std::get<TakebackStretch>(stretch).plies);
  *summary_.mutable_takeback_offer() = offer;
  save();  // a restart keeps the offer
  net::ServerMessage ack;
  ack.set_reply_to(reply_to);
  ack.mutable_ack();
  peer.send(std::move(ack));
  for (const auto& [follower, receiver] : followers()) {
    net::ServerMessage m;
    m.mutable_takeback_offered()->set_game_id(id_);
    *m.mutable_takeback_offered()->mutable_offer() = offer;
    follower->send(std::move(m));
  }
  // The server's engines take nothing back.
  for (std::size_t s = 0; s < seats_.size(); ++s)
    if (seats_[s].engine && static_cast<int>(s) != seat) {
      decline_takeback(static_cast<int>(s));
      break;
    }
  return std::nullopt;
}

std::optional<net::Error> Room::answer_takeback(int seat, bool accept, Peer& peer, std::uint64_t reply_to) {
  if (!summary_.has_takeback_offer())
    return refusal(id_, net::Error::NOT_ALLOWED, fmt::format("game {}: no takeback is offered", id_));
  auto& offer = *summary_.mutable_takeback_offer();
  if (offer.seat() == seat)
    return refusal(id_, net::Error::NOT_ALLOWED,
                   fmt::format("game {}: the takeback is seat {}'s own offer: the other seats answer it", id_, seat));
  net::ServerMessage ack;
  ack.set_reply_to(reply_to);
  ack.mutable_ack();
  if (!accept) {
    peer.send(std::move(ack));
    decline_takeback(seat);
    save(/*at_once=*/false);
    return std::nullopt;
  }
  if (std::find(offer.accepted().begin(), offer.accepted().end(), seat) == offer.accepted().end())
    offer.add_accepted(seat);
  if (static_cast<std::size_t>(offer.accepted_size()) + 1 < seats_.size()) {
    save();
    peer.send(std::move(ack));  // the other seats have yet to accept
    return std::nullopt;
  }
  return take_back(seat, reply_to);
}

void Room::decline_takeback(int seat) {
  if (!summary_.has_takeback_offer()) return;
  summary_.clear_takeback_offer();
  for (const auto& [follower, receiver] : followers()) {
    net::ServerMessage m;
    m.mutable_takeback_declined()->set_game_id(id_);
    m.mutable_takeback_declined()->set_seat(seat);
    follower->send(std::move(m));
  }
}

void Room::check_takeback_offer() {
  if (!summary_.has_takeback_offer()) return;
  const auto& offer = summary_.takeback_offer();
  // Killed after the log took the plies back but before the records said
  // so, or before the group commit of a move that declined it.
  const bool current = offer.first_ply() >= 1 && offer.first_ply() + offer.plies() - 1 == plies_.size() &&
                       !plies_[offer.first_ply() - 1].taken_back();
  if (!current || over()) summary_.clear_takeback_offer();
}

std::optional<net::Error> Room::take_back(int answering_seat, std::uint64_t reply_to) {
  const net::TakebackOffer offer = summary_.takeback_offer();
  // The seat to move is charged the time it has used so far.
  if (running_ >= 0 && !charge(running_)) {
    time_out(running_);
    return std::nullopt;
  }
  turn_started_ms_ = now_ms();
  const auto log_path = context_.data_dir / stored_.log_path;
  GameLog log;
  log_.reset();  // the takeback writes the log anew; the writer reopens it after
  try {
    log = take_back_in_log(log_path, offer.first_ply());
  } catch (const HostError& e) {
    // The log is as it was (one rename puts the new one in place): the game
    // goes on without the takeback.
    const GameLog now = read_log(log_path);
    log_ = std::make_unique<LogWriter>(log_path, now.size, now.size);
    decline_takeback(answering_seat);
    save();
    return refusal(id_, net::Error::INTERNAL,
                   fmt::format("game {}: the takeback could not be written: {}", id_, e.what()));
  }
  try {
    if (log.sealed) unseal_log(log, secrets_->seal_key, "the game's secrets");
    state_ = replay(*plugin_, log, std::nullopt).state;
    info_ = plugin_->query(state_, step_flags());
  } catch (const std::exception& e) {
    pb::LogFault f;
    f.set_plugin(plugin_->id());
    f.set_call("takeback");
    f.set_ply(static_cast<std::uint32_t>(plies() + 1));
    f.set_what(e.what());
    f.set_time_ms(now_ms() - start_ms_);
    log_ = std::make_unique<LogWriter>(log_path, log.size, log.size);
    fault(f);
    return std::nullopt;
  }
  log_ = std::make_unique<LogWriter>(log_path, log.size, log.size);
  before_ = state_;  // no move is marked on the board
  for (std::size_t i = offer.first_ply() - 1; i < plies_.size(); ++i) plies_[i].set_taken_back(true);
  if (offer.plies() >= 2) plies_[offer.first_ply() - 1].set_taken_back_plies(offer.plies());
  summary_.clear_takeback_offer();
  ++line_;
  running_ = -1;
  timer_.cancel();
  if (!info_.terminal() && info_.to_move() >= 0) start_clock();
  save();
  // In the log and the records: now it may be told.
  std::map<int, net::ServerMessage> made_for;
  for (const auto& [peer, seat] : followers()) {
    auto& body = made_for[seat];
    if (!body.has_taken_back()) {
      auto& t = *body.mutable_taken_back();
      t.set_game_id(id_);
      *t.mutable_offer() = offer;
      for (std::size_t i = 0; i < plies_.size(); ++i) *t.add_plies() = ply_view(i, seat);
      *t.mutable_position() = position_for(seat);
      *t.mutable_clocks() = clocks();
    }
    net::ServerMessage m = body;
    m.set_reply_to(seat == answering_seat ? reply_to : 0);
    add_scene(*m.mutable_taken_back()->mutable_position(), seat, *peer);
    peer->send(std::move(m));
  }
  advance();
  return std::nullopt;
}

}  // namespace gamehost::server
