#include "gamehost/play/agent_view.h"

#include <fmt/core.h>

#include <algorithm>

#include "gamehost/secrets/hidden_sample.h"
#include "gamehost/base/random.h"
#include "gamehost/records/replay.h"

namespace gamehost {

AgentView::AgentView(Plugin& game, std::uint64_t seed) : game_(game), seed_(seed) {
  // A game with hidden information that cannot sample is shown as it is:
  // the interface gives no other way to hide its secrets from agents.
  sample_ = samples_hidden(game);
}

void AgentView::show(const std::string& state, const pb::StateInfo& info, int seat, int ply) {
  if (!sample_) {
    state_ = &state;
    info_ = &info;
    return;
  }
  SplitMix mix(seed_ ^ (static_cast<std::uint64_t>(seat) << 32) ^ static_cast<std::uint64_t>(ply));
  request_.set_state(state);
  request_.set_seat(seat);
  request_.set_seed(mix.next());
  try {
    game_.call(pb::METHOD_SAMPLE_HIDDEN, request_, sampled_);
  } catch (const CallError& e) {
    throw HostError(fmt::format("{}: SampleHidden for seat {} before ply {}: {}", game_.id(), seat, ply, e.what()));
  }
  sampled_info_ = game_.query(sampled_.state(), step_flags());
  state_ = &sampled_.state();
  info_ = &sampled_info_;
}

}  // namespace gamehost
