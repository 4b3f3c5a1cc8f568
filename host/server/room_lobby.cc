// The room's part in lobby requests besides moves: finished games read
// back, rematch offers, analysis and hints.
#include <fmt/core.h>

#include "gamehost/play/agents/spec.h"
#include "gamehost/records/replay.h"
#include "gamehost/secrets/record_as_seat.h"
#include "gamehost/play/agent_view.h"
#include "gamehost/server/downloads.h"
#include "gamehost/server/room.h"

namespace gamehost::server {

void Room::load_finished(const GameRecord& record) {
  stored_ = record;
  summary_ = record.summary;
  add_downloads(summary_, *plugin_);
  for (const auto& s : record.seats) {
    Seat seat;
    seat.record = s;
    seats_.push_back(std::move(seat));
  }
  try {
    const GameLog log = read_log(context_.data_dir / record.log_path);
    const auto replayed = replay(*plugin_, log, std::nullopt, /*keep_states=*/true);
    plies_.assign(log.record.plies().begin(), log.record.plies().end());
    seen_.assign(plies_.size(), 0);
    for (int seat = 0; seat < plugin_->players(); ++seat) {
      const auto seen = plies_seen_by(*plugin_, log, replayed.states, seat);
      for (std::size_t i = 0; i < seen.size(); ++i)
        if (seen[i]) seen_[i] |= 1u << seat;
    }
    state_ = replayed.states.back();
    if (replayed.states.size() >= 2) before_ = replayed.states[replayed.states.size() - 2];
    info_ = plugin_->query(state_, step_flags());
  } catch (const std::exception&) {
    // A log that does not replay (a faulted game): listed, its moves unknown here.
  }
}

void Room::offer_rematch(int seat) {
  save();
  for (const auto& [peer, receiver] : followers()) {
    net::ServerMessage m;
    m.mutable_rematch_offered()->set_game_id(id_);
    m.mutable_rematch_offered()->set_seat(seat);
    peer->send(std::move(m));
  }
}

std::string Room::engine_spec(int seat) const { return seats_[static_cast<std::size_t>(seat)].record.player; }

std::optional<std::string> Room::analysis(const std::string& topic) {
  const auto a = plugin_->analysis(state_, topic);
  if (!a) return std::nullopt;
  return a->text();
}

std::optional<net::Error> Room::hint(int seat, const std::shared_ptr<Peer>& peer, std::uint64_t reply_to) {
  net::Error error;
  error.set_game_id(id_);
  if (over() || summary_.status() != net::PLAYING || info_.to_move() != seat) {
    error.set_code(over() ? net::Error::GAME_OVER : net::Error::NOT_YOUR_TURN);
    error.set_message(fmt::format("game {}: a hint is for the seat to move, and seat {} is not", id_, seat));
    return error;
  }
  if (hinting_) {
    error.set_code(net::Error::NOT_ALLOWED);
    error.set_message(fmt::format("game {}: a hint is being searched already", id_));
    return error;
  }
  hinting_ = true;
  if (!hint_plugin_) hint_plugin_ = plugin_->clone();
  auto self = shared_from_this();
  std::weak_ptr<Peer> to = peer;
  const int ply = plies() + 1;
  boost::asio::post(context_.engines, [self, to, reply_to, seat, ply, state = state_, info = info_,
                                       engine = hint_plugin_.get()] {
    std::optional<std::uint32_t> choice;
    std::string notation;
    try {
      auto agent = make_agent(with_game_defaults("mcts:time=0.5", engine->info()),
                              AgentContext{static_cast<std::uint64_t>(ply), seat, nullptr, nullptr});
      AgentView view(*engine, static_cast<std::uint64_t>(ply));  // the seat's own view only
      view.show(state, info, seat, ply);
      choice = agent->choose(Turn{*engine, view.state(), view.info(), seat, ply});
      if (choice) {
        pb::ApplyResponse applied;
        engine->apply(view.state(), *choice, pb::QueryFlags(), applied, /*describe_action=*/true);
        notation = applied.action().notation();
      }
    } catch (const std::exception&) {
      choice.reset();
    }
    boost::asio::post(self->context_.io, [self, to, reply_to, ply, choice, notation] {
      self->hinting_ = false;
      const auto peer = to.lock();
      if (!peer) return;
      net::ServerMessage m;
      m.set_reply_to(reply_to);
      if (!choice) {
        auto& e = *m.mutable_error();
        e.set_code(net::Error::INTERNAL);
        e.set_message(fmt::format("game {}: the engine found no hint", self->id_));
        e.set_game_id(self->id_);
      } else {
        auto& a = *m.mutable_analysis();
        a.set_game_id(self->id_);
        a.set_ply(static_cast<std::uint32_t>(ply - 1));
        a.set_action_id(*choice);
        a.set_notation(notation);
        a.set_text(fmt::format("The engine suggests {}", notation));
      }
      peer->send(std::move(m));
    });
  });
  return std::nullopt;
}

}  // namespace gamehost::server
