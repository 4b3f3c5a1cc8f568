// The scene a web page draws (Position.scene, asked for with Hello.scenes):
// the plugin's RenderScene of the latest state for the receiver's seat.
// A game with hidden information is drawn for that seat only
// (ViewOptions.seat, as `export --format html --as` does; spectators as
// seat -1, the public view), also at the end, as GameEnded.position is:
// the whole game is the log's download. A connection's selection (Select:
// for Alien City a tower, its scoring paths) is drawn into every scene it
// gets in that game.
#include <fmt/core.h>

#include "gamehost/server/room.h"
#include "gamehost/web/scene_delta.h"

namespace gamehost::server {

std::optional<pb::Scene> Room::latest_scene(int seat, const std::string& selected) {
  try {
    if (!scene_overlays_) {
      // The game's default overlays, as the viewer starts (for Alien City
      // the street network and the scoring paths).
      pb::RenderSceneRequest probe;
      probe.set_state(state_);
      pb::RenderSceneResponse drawn;
      plugin_->call(pb::METHOD_RENDER_SCENE, probe, drawn);
      scene_overlays_.emplace();
      for (const pb::Overlay& overlay : drawn.scene().overlays())
        if (overlay.default_on()) scene_overlays_->push_back(overlay.key());
    }
    pb::RenderSceneRequest request;
    request.set_state(state_);
    auto& view = *request.mutable_view();
    for (const auto& key : *scene_overlays_) view.add_overlays(key);
    view.set_selected(selected);
    const bool over = this->over() || info_.terminal();
    if (plugin_->info().has_hidden_information()) view.set_seat(seat);
    if (!plies_.empty() && (over || sees(plies_.size() - 1, seat)))
      view.set_last_action_id(plies_.back().action_id());
    // The click targets only for the seat to move (a spectator or the seat
    // waiting gets no actions, nor their refusals).
    const bool to_move = seat >= 0 && seat == info_.to_move() && summary_.status() == net::PLAYING && !over;
    view.set_hit_actions(to_move);
    pb::RenderSceneResponse response;
    plugin_->call(pb::METHOD_RENDER_SCENE, request, response);
    return std::move(*response.mutable_scene());
  } catch (const CallError&) {
    // A plugin without scenes: the page shows the text board.
  } catch (const PluginFault&) {
    // The fault shows at the next move; a view is not the place to end the game.
  }
  return std::nullopt;
}

void Room::give_scene(Peer& peer, pb::Scene scene, bool whole, pb::Scene& full, std::string& changes) {
  if (!peer.scene_changes) {
    full = std::move(scene);
    return;
  }
  const auto sent = peer.scenes_sent.find(id_);
  if (whole || sent == peer.scenes_sent.end()) full = scene;
  else changes = web::scene_delta_json(sent->second, scene);
  peer.scenes_sent[id_] = std::move(scene);
}

void Room::add_scene(net::Position& position, int seat, Peer& peer, bool whole) {
  add_seat_sample(position, seat, peer);  // what else a position gets per peer
  if (!peer.scenes) return;
  const auto chosen = peer.selections.find(id_);
  auto scene = latest_scene(seat, chosen == peer.selections.end() ? std::string() : chosen->second);
  if (!scene) return;
  pb::Scene full;
  std::string changes;
  give_scene(peer, std::move(*scene), whole, full, changes);
  if (changes.empty()) *position.mutable_scene() = std::move(full);
  else position.set_scene_changes(std::move(changes));
}

std::optional<net::Error> Room::select(const std::shared_ptr<Peer>& peer, const std::string& selected,
                                       std::uint64_t reply_to) {
  net::Error error;
  error.set_game_id(id_);
  error.set_code(net::Error::BAD_REQUEST);
  if (!peer->scenes) {
    error.set_message(fmt::format("Select in game {}: this connection asked for no scenes (Hello.scenes)", id_));
    return error;
  }
  int seat = -2;
  for (const auto& [follower, s] : followers())
    if (follower == peer && s > seat) seat = s;  // a seat's holder that also watches draws as the seat
  if (seat == -2) {
    error.set_message(fmt::format("Select in game {}: this connection does not follow it (Watch, Join or Attach)", id_));
    return error;
  }
  if (selected.empty()) peer->selections.erase(id_);
  else peer->selections[id_] = selected;
  net::ServerMessage m;
  m.set_reply_to(reply_to);
  auto& shown = *m.mutable_scene_shown();
  shown.set_game_id(id_);
  shown.set_ply(static_cast<std::uint32_t>(plies_.size()));
  shown.set_selected(selected);
  if (auto scene = latest_scene(seat, selected)) {
    pb::Scene full;
    std::string changes;
    give_scene(*peer, std::move(*scene), false, full, changes);
    if (changes.empty()) *shown.mutable_scene() = std::move(full);
    else shown.set_scene_changes(std::move(changes));
  }
  peer->send(std::move(m));
  return std::nullopt;
}

}  // namespace gamehost::server
