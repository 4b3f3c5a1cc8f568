#include "gamehost/secrets/hidden_sample.h"

#include <fmt/core.h>

#include <algorithm>

#include "gamehost/base/error.h"
#include "gamehost/base/random.h"

namespace gamehost {

bool samples_hidden(const Plugin& plugin) {
  const auto& methods = plugin.info().optional_methods();
  return plugin.info().has_hidden_information() &&
         std::find(methods.begin(), methods.end(), pb::METHOD_SAMPLE_HIDDEN) != methods.end();
}

std::string sample_hidden_state(Plugin& plugin, const std::string& state, int seat, int ply, std::uint64_t seed) {
  // One stream per (seed, seat, ply), as the review derives each
  // position's search seed from its own seed and the ply.
  SplitMix mix(seed ^ (0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(ply + 1)) ^
               (static_cast<std::uint64_t>(seat) << 56));
  pb::SampleHiddenRequest request;
  request.set_state(state);
  request.set_seat(seat);
  request.set_seed(mix.next());
  pb::SampleHiddenResponse sampled;
  try {
    plugin.call(pb::METHOD_SAMPLE_HIDDEN, request, sampled);
  } catch (const CallError& e) {
    throw HostError(fmt::format("{}: SampleHidden for seat {} after ply {}: {}", plugin.id(), seat + 1, ply, e.what()));
  }
  return sampled.state();
}

std::string sampled_label(const Plugin& plugin, int seat, std::uint64_t seed) {
  std::string others;
  const auto& names = plugin.info().player_names();
  for (int s = 0; s < names.size(); ++s)
    if (s != seat) others += (others.empty() ? "" : ", ") + names[s];
  return fmt::format("{}'s hand sampled (seed {}), as {} saw it", others,
                     seed, seat >= 0 && seat < names.size() ? names[seat] : std::to_string(seat + 1));
}

}  // namespace gamehost
