#include "viewer/session/review_changes.h"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <iterator>
#include <optional>
#include <set>
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
  // Analyze is optional (a game without it has no score to compare).
  const auto score = plugin.analysis(state, "score");
  if (!score) return items;
  std::istringstream text(score->text());
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

// "LABEL (N): ITEM ITEM …" lines of the game's default analysis: the sets a
// game names for people (Alien City: the streets, the lots that would
// split them, the lots that would cut a structure off).
std::map<std::string, std::set<std::string>> named_sets(gamehost::Plugin& plugin, const std::string& state) {
  std::map<std::string, std::set<std::string>> sets;
  // Analyze is optional: a game without it names no sets.
  const auto analysis = plugin.analysis(state, "");
  if (!analysis) return sets;
  std::istringstream text(analysis->text());
  std::string line;
  while (std::getline(text, line)) {
    const auto open = line.find(" ("), close = line.find("): ");
    if (open == std::string::npos || close == std::string::npos || close < open || line.starts_with(" ")) continue;
    if (line.find_first_not_of("0123456789", open + 2) != close) continue;
    std::set<std::string>& items = sets[line.substr(0, open)];
    std::istringstream words(line.substr(close + 3));
    for (std::string w; words >> w;)
      if (w != "-") items.insert(w);
  }
  return sets;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : " ") + s;
  return out;
}

// How the position right after the better move differs from the one after
// the move played, set by set (the move's own effect on the game's
// structure: for Alien City, the street network).
void add_set_changes(gamehost::Plugin& plugin, const std::string& after_best, const std::string& after_played,
                     std::vector<LineChange>& out) {
  const auto best = named_sets(plugin, after_best), played = named_sets(plugin, after_played);
  for (const auto& [label, in_best] : best) {
    const auto it = played.find(label);
    if (it == played.end()) continue;
    std::vector<std::string> only_best, only_played;
    std::set_difference(in_best.begin(), in_best.end(), it->second.begin(), it->second.end(),
                        std::back_inserter(only_best));
    std::set_difference(it->second.begin(), it->second.end(), in_best.begin(), in_best.end(),
                        std::back_inserter(only_played));
    if (only_best.empty() && only_played.empty()) continue;
    std::string text = label + ": ";
    if (!only_best.empty()) text += "only after the better move " + joined(only_best);
    if (!only_best.empty() && !only_played.empty()) text += "; ";
    if (!only_played.empty()) text += "only after the move played " + joined(only_played);
    out.push_back({"set." + label, fmt::format("{:+}", static_cast<long long>(only_best.size()) -
                                                          static_cast<long long>(only_played.size())),
                   text});
  }
}

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
  add_set_changes(plugin, best[1], played[1], out);
  return out;
}

}  // namespace viewer
