// What an agent is shown of the game: for a game with hidden information,
// never the true state, but a state its seat cannot tell from it (the
// plugin's SampleHidden: Observe gives the seat the same answer for both,
// and everything it cannot see is drawn afresh). An agent's decision is then
// a function of its seat's observation and its own seed only, whatever it
// does with the state it is given: the other hands and the future draws
// cannot reach it (tests/host/hidden_chance_test.cc).
#pragma once

#include <cstdint>
#include <string>

#include "gamehost/calls/plugin.h"

namespace gamehost {

class AgentView {
 public:
  // `seed` drives the samples (the game's public seed is fine: a sample
  // holds nothing about the hidden parts but what the seat already sees).
  AgentView(Plugin& game, std::uint64_t seed);

  // The state and info to show `seat` before ply `ply`: `state` itself for
  // games of perfect information, else a sample of it for that seat.
  // Throws HostError when the plugin refuses to sample.
  void show(const std::string& state, const pb::StateInfo& info, int seat, int ply);
  const std::string& state() const { return *state_; }
  const pb::StateInfo& info() const { return *info_; }

 private:
  Plugin& game_;
  std::uint64_t seed_;
  bool sample_ = false;
  const std::string* state_ = nullptr;
  const pb::StateInfo* info_ = nullptr;
  pb::SampleHiddenRequest request_;
  pb::SampleHiddenResponse sampled_;
  pb::StateInfo sampled_info_;
};

}  // namespace gamehost
