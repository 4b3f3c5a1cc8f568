#include "review_changes.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <sstream>

namespace viewer {

namespace {

// The states along `line` from `state` (states[0] = state), as far as each
// move is legal where it is played.
std::vector<std::string> follow(gamehost::Plugin& plugin, const std::string& state,
                                const google::protobuf::RepeatedPtrField<std::string>& line) {
  std::vector<std::string> states{state};
  pb::QueryFlags details;
  details.set_legal_details(true);
  pb::ApplyResponse applied;
  for (const std::string& move : line) {
    const pb::StateInfo info = plugin.query(states.back(), details);
    const auto it = std::find_if(info.legal().begin(), info.legal().end(),
                                 [&](const pb::ActionInfo& a) { return a.notation() == move; });
    if (it == info.legal().end()) break;
    plugin.apply(states.back(), it->id(), pb::QueryFlags(), applied);
    states.push_back(applied.state());
  }
  return states;
}

// "NAME: … = POINTS" lines of the game's score analysis.
std::map<std::string, long long> score_items(gamehost::Plugin& plugin, const std::string& state) {
  std::map<std::string, long long> items;
  if (!plugin.info().analysis_topics().contains("score")) return items;
  std::istringstream text(plugin.analyze(state, "score").text());
  std::string line;
  while (std::getline(text, line)) {
    const auto colon = line.find(':');
    const auto equals = line.rfind(" = ");
    if (colon == std::string::npos || equals == std::string::npos || equals < colon) continue;
    std::string name = line.substr(0, colon);
    name.erase(0, name.find_first_not_of(' '));
    long long points = 0;
    if (name.empty() || std::sscanf(line.c_str() + equals + 3, "%lld", &points) != 1) continue;
    items[name] = points;
  }
  return items;
}

std::string value_or_dash(std::optional<long long> v) { return v ? std::to_string(*v) : "—"; }

}  // namespace

std::vector<LineChange> line_changes(ReplaySession& session, const rpb::PlyReview& r) {
  if (r.points_lost() <= 0 || r.best_line_size() == 0 || r.played_line_size() == 0) return {};
  gamehost::Plugin& plugin = session.plugin();
  const std::string& before = session.state(static_cast<int>(r.ply()) - 1);
  const auto best = follow(plugin, before, r.best_line());
  const auto played = follow(plugin, before, r.played_line());
  const std::size_t n = std::min(best.size(), played.size()) - 1;
  if (n == 0) return {};
  const std::string &a = best[n], &b = played[n];

  std::vector<LineChange> out;
  out.push_back({"depth", std::to_string(n),
                 fmt::format("What it would have changed, {} move{} along each expected line:", n, n == 1 ? "" : "s")});
  pb::QueryFlags flags;
  flags.set_scores(true);
  const pb::StateInfo ia = plugin.query(a, flags), ib = plugin.query(b, flags);
  const auto& names = session.seat_names();
  for (int s = 0; s < std::min(ia.scores_size(), ib.scores_size()); ++s) {
    const long long d = ia.scores(s) - ib.scores(s);
    if (d == 0) continue;
    const std::string who = s < static_cast<int>(names.size()) ? names[s] : "seat " + std::to_string(s + 1);
    out.push_back({"score." + who, fmt::format("{:+}", d),
                   fmt::format("{} scores {} instead of {} ({:+})", who, ia.scores(s), ib.scores(s), d)});
  }
  const auto items_a = score_items(plugin, a), items_b = score_items(plugin, b);
  std::vector<std::pair<long long, LineChange>> items;
  auto consider = [&](const std::string& name) {
    const auto ia_it = items_a.find(name), ib_it = items_b.find(name);
    const std::optional<long long> va = ia_it == items_a.end() ? std::nullopt : std::optional(ia_it->second);
    const std::optional<long long> vb = ib_it == items_b.end() ? std::nullopt : std::optional(ib_it->second);
    if (va == vb) return;
    const long long d = va.value_or(0) - vb.value_or(0);
    items.push_back({std::llabs(d), {"item." + name, fmt::format("{:+}", d),
                                     fmt::format("{}: {} instead of {} ({:+})", name, value_or_dash(va), value_or_dash(vb), d)}});
  };
  for (const auto& [name, v] : items_a) consider(name);
  for (const auto& [name, v] : items_b)
    if (!items_a.contains(name)) consider(name);
  std::stable_sort(items.begin(), items.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  for (auto& [size, change] : items) out.push_back(std::move(change));
  return out;
}

}  // namespace viewer
