#include "gamehost/secrets/record_as_seat.h"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>

#include "gamehost/secrets/hidden_sample.h"
#include "gamehost/records/replay.h"

namespace gamehost {
namespace {

bool same_view(const pb::ObserveResponse& a, const pb::ObserveResponse& b) {
  return a.text() == b.text() && a.observation().type_url() == b.observation().type_url() &&
         a.observation().value() == b.observation().value();
}

// A draw with one outcome left (the last coin of a bag) still tells which
// it was, which a seat that cannot see the bag's content did not know: it
// names what the other hand held before. Such a draw is hidden from `seat`
// when, in a state the seat cannot tell from `before` (SampleHidden), the
// one outcome left is another and the seat's view after it is the same.
bool forced_draw_seen(Plugin& plugin, const std::string& before, std::uint32_t outcome, int seat) {
  if (!plugin.info().has_hidden_information() || !samples_hidden(plugin)) return true;
  pb::ApplyResponse applied;
  plugin.apply(before, outcome, pb::QueryFlags(), applied);
  const pb::ObserveResponse seen = observe(plugin, applied.state(), seat);
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const std::string sample = sample_hidden_state(plugin, before, seat, 0, seed);
    const pb::StateInfo info = plugin.query(sample, step_flags());
    for (const std::uint32_t other : info.legal_ids()) {
      if (other == outcome) continue;
      plugin.apply(sample, other, pb::QueryFlags(), applied);
      if (same_view(seen, observe(plugin, applied.state(), seat))) return false;
    }
  }
  return true;
}

// Whether `seat` can tell ply i's outcome from another outcome of the draw.
bool chance_seen(Plugin& plugin, const std::string& before, std::uint32_t outcome, int seat) {
  const pb::StateInfo info = plugin.query(before, step_flags());
  pb::ApplyResponse applied;
  for (const std::uint32_t other : info.legal_ids()) {
    if (other == outcome) continue;
    plugin.apply(before, outcome, pb::QueryFlags(), applied);
    const pb::ObserveResponse seen = observe(plugin, applied.state(), seat);
    plugin.apply(before, other, pb::QueryFlags(), applied);
    return !same_view(seen, observe(plugin, applied.state(), seat));
  }
  return forced_draw_seen(plugin, before, outcome, seat);
}

}  // namespace

int seat_of_player(const Plugin& plugin, const std::string& text) {
  const int players = plugin.players();
  std::string names;
  for (int i = 0; i < players; ++i) {
    const std::string& name = plugin.info().player_names(i);
    names += (i ? ", " : "") + name;
    if (name.size() == text.size() &&
        std::equal(name.begin(), name.end(), text.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
        }))
      return i;
  }
  if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos && text.size() < 4) {
    const int n = std::stoi(text);
    if (n >= 1 && n <= players) return n - 1;
  }
  throw HostError(fmt::format("--as '{}': not a player of {} (seats 1..{}, or a name: {})", text, plugin.id(),
                              players, names));
}

bool chance_seen_by(Plugin& plugin, const std::string& before, std::uint32_t outcome, int seat) {
  return chance_seen(plugin, before, outcome, seat);
}

pb::ObserveResponse observe(Plugin& plugin, const std::string& state, int seat) {
  pb::ObserveRequest req;
  req.set_state(state);
  req.set_player(seat);
  pb::ObserveResponse resp;
  try {
    plugin.call(pb::METHOD_OBSERVE, req, resp);
  } catch (const CallError& e) {
    throw HostError(fmt::format("{}: Observe: {}", plugin.id(), e.what()));
  }
  return resp;
}

std::vector<bool> plies_seen_by(Plugin& plugin, const GameLog& log, const std::vector<std::string>& states,
                                int seat) {
  const auto& plies = log.record.plies();
  std::vector<bool> seen(static_cast<std::size_t>(plies.size()), true);
  if (!plugin.info().has_hidden_information()) return seen;
  for (int i = 0; i < plies.size() && static_cast<std::size_t>(i) < states.size(); ++i)
    if (plies[i].player() == -1)
      seen[static_cast<std::size_t>(i)] = chance_seen(plugin, states[static_cast<std::size_t>(i)], plies[i].action_id(), seat);
  return seen;
}

std::vector<bool> plies_seen_by_all(Plugin& plugin, const GameLog& log, const std::vector<std::string>& states) {
  std::vector<bool> all(static_cast<std::size_t>(log.record.plies_size()), true);
  for (int seat = 0; seat < plugin.players(); ++seat) {
    const auto seen = plies_seen_by(plugin, log, states, seat);
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = all[i] && seen[i];
  }
  return all;
}

pb::GameRecord masked_record(const GameLog& log, const std::vector<bool>& seen, bool hidden_information,
                             const std::string& initial_view) {
  pb::GameRecord r = log.record;
  for (int i = 0; i < r.plies_size(); ++i) {
    auto& ply = *r.mutable_plies(i);
    if (!seen[static_cast<std::size_t>(i)]) {
      ply.set_action_id(0);
      ply.set_notation(std::string(kHiddenNotation));
    }
    if (hidden_information) ply.set_state_hash(0);
  }
  if (hidden_information) {
    r.mutable_header()->clear_initial_state();
    r.mutable_header()->clear_initial_state_hash();
    for (auto& o : *r.mutable_header()->mutable_options())
      if (o.value().find('\n') != std::string::npos) o.set_value(initial_view);
    if (r.has_result()) {
      r.mutable_result()->clear_chance_seed();
      r.mutable_result()->clear_chance_salt();
    }
  }
  return r;
}

}  // namespace gamehost
