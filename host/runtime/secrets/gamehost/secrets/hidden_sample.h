// The hidden hands of a variation seen by one seat (docs/viewer.md,
// "Analysis board"; docs/gamehost.md, `show --variation --as`). A variation
// played from a seat's view must not use what that seat could not see: the
// other hands at its branch point are drawn again, with the plugin's
// SampleHidden, consistently with what the seat had seen, the way the
// review and the mcts agent sample them (ruling C20 for City Planning), and
// the variation is played from that sample. Seeded: the same seed, seat
// and ply give the same hands every time.
#pragma once

#include <cstdint>
#include <string>

#include "gamehost/calls/plugin.h"

namespace gamehost {

// The review's default seed (ReviewSettings.seed), so a variation's hands
// by default are the ones a default review would start its first sample at.
inline constexpr std::uint64_t kDefaultSampleSeed = 1;

// Whether a seat's variations need sampled hands: the game hides
// information and its plugin can sample it.
bool samples_hidden(const Plugin& plugin);

// `state` (after `ply` plies of a game) with what `seat` cannot see drawn
// again by the plugin, seeded by `seed`, `seat` and `ply`. Throws HostError
// naming the call when the plugin refuses.
std::string sample_hidden_state(Plugin& plugin, const std::string& state, int seat, int ply, std::uint64_t seed);

// How the panel, the move tree and `show` label such a variation: "NAME's
// hand sampled (seed S), as SEAT saw it" for the other seats' names.
std::string sampled_label(const Plugin& plugin, int seat, std::uint64_t seed);

}  // namespace gamehost
