// What each follower of a room is sent: the position and plies as its seat
// may see them (spectators: what every seat sees), never the state bytes of
// a game with hidden information, never a ply the seat did not see.
#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "gamehost/records/replay.h"
#include "gamehost/secrets/record_as_seat.h"
#include "gamehost/server/room.h"

namespace gamehost::server {

bool Room::sees(std::size_t index, int seat) const {
  const std::uint32_t all = (1u << plugin_->players()) - 1;
  return seat < 0 ? (seen_[index] & all) == all : (seen_[index] >> seat) & 1u;
}

net::PlyView Room::ply_view(std::size_t index, int seat) const {
  const pb::LogPly& ply = plies_[index];
  net::PlyView v;
  v.set_ply(ply.ply());
  v.set_player(ply.player());
  v.set_time_ms(ply.time_ms());
  v.set_taken_back(ply.taken_back());
  if (sees(index, seat)) {
    v.set_action_id(ply.action_id());
    v.set_notation(ply.notation());
  } else {
    v.set_notation(std::string(kHiddenNotation));
  }
  return v;
}

net::Position Room::position_for(int seat) {
  net::Position p;
  p.set_ply(static_cast<std::uint32_t>(plies_.size()));
  const bool hidden = plugin_->info().has_hidden_information();
  if (!hidden) p.set_state(state_);
  auto& info = *p.mutable_info();
  info.set_to_move(info_.to_move());
  info.set_phase(info_.phase());
  info.set_terminal(info_.terminal());
  info.set_result(info_.result());
  try {
    const bool to_move = seat >= 0 && seat == info_.to_move() && summary_.status() == net::PLAYING;
    pb::QueryFlags flags;
    flags.set_legal_ids(to_move);
    flags.set_legal_details(to_move);
    flags.set_scores(!hidden || info_.terminal());
    if (to_move || flags.scores()) {
      pb::StateInfo asked = plugin_->query(state_, flags);
      *info.mutable_legal_ids() = asked.legal_ids();
      for (auto& a : *asked.mutable_legal()) {
        auto* legal = info.add_legal();
        legal->set_id(a.id());
        legal->set_notation(a.notation());
      }
      *info.mutable_scores() = asked.scores();
      *info.mutable_returns() = asked.returns();
    }
    // The plugin's Observe for the seat; spectators: seat -1, what every
    // seat sees (perfect information: any seat's view is the whole game).
    pb::ObserveRequest request;
    request.set_state(state_);
    request.set_player(seat >= 0 ? seat : hidden ? -1 : 0);
    request.set_board(true);
    request.set_board_before(before_);
    pb::ObserveResponse observed;
    plugin_->call(pb::METHOD_OBSERVE, request, observed);
    p.set_allocated_text(observed.release_text());
    p.mutable_board()->Swap(observed.mutable_board());
  } catch (const CallError&) {
    // A plugin without a public view (seat -1): spectators get the masked
    // move list only.
  } catch (const PluginFault&) {
    // The fault shows at the next move; a view is not the place to end the game.
  }
  return p;
}

net::GameView Room::view_for(int seat) {
  net::GameView v;
  *v.mutable_game() = summary_;
  v.set_seat(seat);
  for (std::size_t i = 0; i < plies_.size(); ++i) *v.add_plies() = ply_view(i, seat);
  *v.mutable_position() = position_for(seat);
  *v.mutable_clocks() = clocks();
  return v;
}

std::vector<std::pair<std::shared_ptr<Peer>, int>> Room::followers() {
  std::vector<std::pair<std::shared_ptr<Peer>, int>> out;
  const auto collect = [&out](std::vector<std::weak_ptr<Peer>>& list, int seat) {
    list.erase(std::remove_if(list.begin(), list.end(), [](const auto& p) { return p.expired(); }), list.end());
    for (const auto& weak : list) out.emplace_back(weak.lock(), seat);
  };
  for (std::size_t s = 0; s < seats_.size(); ++s) collect(seats_[s].peers, static_cast<int>(s));
  collect(spectators_, -1);
  return out;
}

void Room::follow(const std::shared_ptr<Peer>& peer, int seat, std::uint64_t reply_to) {
  auto& list = seat >= 0 ? seats_[static_cast<std::size_t>(seat)].peers : spectators_;
  const bool added = std::none_of(list.begin(), list.end(), [&](const auto& p) { return p.lock() == peer; });
  if (added) list.push_back(peer);
  if (seat >= 0 && added) save();  // connected
  net::ServerMessage m;
  m.set_reply_to(reply_to);
  *m.mutable_game() = view_for(seat);
  add_scene(*m.mutable_game()->mutable_position(), seat, *peer, /*whole=*/true);
  peer->send(std::move(m));
  if (seat >= 0 && added) tell_seat(seat);  // after the answer: the others learn the seat is connected
}

void Room::unfollow(const Peer* peer, bool spectator_only) {
  const auto drop = [&](std::vector<std::weak_ptr<Peer>>& list) {
    const auto before = list.size();
    list.erase(std::remove_if(list.begin(), list.end(),
                              [&](const auto& p) { return p.expired() || p.lock().get() == peer; }),
               list.end());
    return before != list.size();
  };
  std::vector<int> left;
  if (!spectator_only)
    for (std::size_t s = 0; s < seats_.size(); ++s)
      if (drop(seats_[s].peers)) left.push_back(static_cast<int>(s));
  drop(spectators_);
  if (left.empty()) return;
  save(/*at_once=*/false);  // only "connected" changed: nothing a restart needs at once
  for (const int s : left) tell_seat(s);
}

void Room::tell_seat(int seat) {
  for (const auto& [peer, s] : followers()) {
    net::ServerMessage m;
    auto& changed = *m.mutable_seat_changed();
    changed.set_game_id(id_);
    *changed.mutable_seat() = summary_.seats(seat);
    peer->send(std::move(m));
  }
}

void Room::seat_taken(int seat, const std::string& player, const std::string& hash) {
  auto& r = seats_[static_cast<std::size_t>(seat)].record;
  r.kind = "person";
  r.player = player;
  if (!hash.empty()) r.token_hash = hash;
  const bool waiting = std::any_of(seats_.begin(), seats_.end(), [](const Seat& s) {
    return s.record.kind == "open" || s.record.kind == "invite";
  });
  const bool starts = !waiting && summary_.status() == net::WAITING;
  if (starts) summary_.set_status(net::PLAYING);
  save();
  tell_seat(seat);
  if (!starts) return;
  start_clock();
  // The game starts: every follower gets it afresh (the seat to move now
  // with its legal moves), then the engines go.
  for (const auto& [peer, s] : followers()) {
    net::ServerMessage m;
    *m.mutable_game() = view_for(s);
    add_scene(*m.mutable_game()->mutable_position(), s, *peer, /*whole=*/true);
    peer->send(std::move(m));
  }
  advance();
}

void Room::broadcast_ply(std::size_t index, std::uint64_t reply_to) {
  const int mover = plies_[index].player();
  // One view a seat, whatever the number of its followers, encoded once
  // for all its binary connections: a thousand spectators cost one Observe
  // and one serialization, not a thousand.
  struct ForSeat {
    net::ServerMessage body;
    std::string binary;
  };
  std::map<int, ForSeat> made_for;
  // The mover's connections first: its click waits for this answer, the
  // others' views (a position and a scene each) can come after it.
  auto receivers = followers();
  std::stable_partition(receivers.begin(), receivers.end(), [mover](const auto& r) { return r.second == mover; });
  for (const auto& [peer, seat] : receivers) {
    auto& shared = made_for[seat];
    if (!shared.body.has_move_made()) {
      auto& made = *shared.body.mutable_move_made();
      made.set_game_id(id_);
      *made.mutable_ply() = ply_view(index, seat);
      *made.mutable_position() = position_for(seat);
      *made.mutable_clocks() = clocks();
    }
    const std::uint64_t answer = seat == mover && mover >= 0 ? reply_to : 0;
    if (!peer->scenes && !peer->seat_samples) {
      peer->send_shared(shared.body, answer, shared.binary);
      continue;
    }
    net::ServerMessage m = shared.body;  // with this connection's scene or seat sample (add_scene)
    m.set_reply_to(answer);
    add_scene(*m.mutable_move_made()->mutable_position(), seat, *peer);
    peer->send(std::move(m));
  }
}

void Room::broadcast_end(net::EndReason reason, int seat, const pb::LogResult& result) {
  for (const auto& [peer, receiver] : followers()) {
    net::ServerMessage m;
    auto& ended = *m.mutable_game_ended();
    ended.set_game_id(id_);
    ended.set_reason(reason);
    ended.set_seat(seat);
    ended.set_result(summary_.result());
    *ended.mutable_returns() = result.returns();
    *ended.mutable_scores() = result.scores();
    *ended.mutable_position() = position_for(receiver);
    add_scene(*ended.mutable_position(), receiver, *peer);
    for (std::size_t i = 0; i < plies_.size(); ++i) *ended.add_plies() = ply_view(i, receiver);
    peer->send(std::move(m));
  }
}

}  // namespace gamehost::server
