// Position.seat_sample (asked for with Hello.seat_samples): an engine on
// another machine searches a game with hidden information from its seat's
// view alone. The seat to move is sent a state it cannot tell from the true
// one, everything it does not see drawn afresh by the plugin's SampleHidden
// (hidden_sample.h), as the server's own engines are shown (agent_view.h).
// The sample's seed comes from the OS, never from the game's secrets: the
// sample holds nothing of the other hands or the draws to come.
#include "gamehost/secrets/chance_secret.h"
#include "gamehost/secrets/hidden_sample.h"
#include "gamehost/server/room.h"

namespace gamehost::server {

void Room::add_seat_sample(net::Position& position, int seat, const Peer& peer) {
  if (!peer.seat_samples || seat < 0 || !plugin_->info().has_hidden_information()) return;
  if (over() || info_.terminal() || summary_.status() != net::PLAYING || info_.to_move() != seat) return;
  // A plugin that cannot sample would be shown the truth by AgentView: here
  // it gets nothing.
  if (!samples_hidden(*plugin_)) return;
  try {
    pb::SampleHiddenRequest request;
    request.set_state(state_);
    request.set_seat(seat);
    request.set_seed(secure_u64());
    pb::SampleHiddenResponse sampled;
    plugin_->call(pb::METHOD_SAMPLE_HIDDEN, request, sampled);
    position.set_seat_sample(std::move(*sampled.mutable_state()));
  } catch (const CallError&) {
    // No sample: the client has the legal moves only.
  } catch (const PluginFault&) {
    // The fault shows at the next move; a view is not the place to end the game.
  }
}

}  // namespace gamehost::server
