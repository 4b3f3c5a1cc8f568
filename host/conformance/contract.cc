// The checks' names, one call that never throws, the invariants of a
// StateInfo, and the report for people.
#include <fmt/core.h>
#include <google/protobuf/util/message_differencer.h>

#include <cmath>
#include <set>

#include "checker.h"

namespace gamehost::conformance {

namespace pb = gamehost::v1;

std::vector<Check> fresh_checks() {
  std::vector<Check> checks(kCheckCount);
  auto set = [&](CheckId id, const char* name, const char* counted, const char* what) {
    checks[id].name = name;
    checks[id].counted = counted;
    checks[id].what = what;
  };
  set(kDescribe, "describe", "calls", "GameInfo names the game, its seats and its action bound");
  set(kLegal, "legal sets", "positions",
      "to_move, legal ids (increasing, below the bound), details, chance probabilities, returns at the end, "
      "within max_plies");
  set(kRefusals, "refusals", "calls",
      "an illegal or out-of-bound id, a move after the end, typed nonsense and a bad seat are refused, "
      "never faults");
  set(kApplyStep, "apply/step", "actions", "Step on another instance gives Apply's state bytes, status and notation");
  set(kRoundTrip, "state bytes", "states", "Query of the returned bytes on a fresh instance gives Apply's answer");
  set(kNotation, "notation", "actions", "ParseAction of each legal action's notation gives its id and notation back");
  set(kObserve, "observe", "views", "Observe answers every seat (perfect information: the full text)");
  set(kHidden, "hidden info", "samples",
      "a state SampleHidden draws for a seat looks the same to that seat: Observe, tensor, scene");
  set(kScene, "scene", "scenes", "RenderScene draws every position; clickable moves are legal and in one area each");
  set(kBadBytes, "bad bytes", "mangled states",
      "cut, grown, flipped and random state bytes are refused BAD_STATE (or read as a valid state), never a fault");
  return checks;
}

std::string Answer::text() const {
  return fault ? "the plugin failed: " + message : status_name(status) + ": " + message;
}

Answer ask(Plugin& plugin, pb::Method method, const google::protobuf::Message& request,
           google::protobuf::Message& response) {
  try {
    plugin.call(method, request, response);
    return {};
  } catch (const CallError& e) {
    return {e.status(), e.what(), false};
  } catch (const HostError& e) {  // PluginFault, and any other failure of the call
    return {pb::INTERNAL, e.what(), true};
  }
}

std::string differences(const google::protobuf::Message& expected, const google::protobuf::Message& actual) {
  // Equal bytes are equal messages (the differencer's reflection is slow on
  // tensors and scenes); unequal bytes may still be equal maps, so ask it.
  if (expected.SerializeAsString() == actual.SerializeAsString()) return "";
  std::string report;
  google::protobuf::util::MessageDifferencer differ;
  differ.ReportDifferencesToString(&report);
  if (differ.Compare(expected, actual)) return "";
  constexpr std::size_t kShown = 300;
  for (char& c : report)
    if (c == '\n') c = ';';
  if (report.size() > kShown) report = report.substr(0, kShown) + "...";
  return report.empty() ? "they differ" : report;
}

namespace {

void check_legal_ids(const pb::GameInfo& game, const pb::StateInfo& info, std::vector<std::string>& problems) {
  for (int i = 0; i < info.legal_ids_size(); ++i) {
    if (info.legal_ids(i) >= game.action_id_bound())
      problems.push_back(fmt::format("legal id {} is not below the action bound {}", info.legal_ids(i),
                                     game.action_id_bound()));
    if (i > 0 && info.legal_ids(i) <= info.legal_ids(i - 1))
      problems.push_back(fmt::format("legal ids not increasing: {} after {}", info.legal_ids(i), info.legal_ids(i - 1)));
  }
  if (info.legal_size() == 0) return;  // details not asked for
  if (info.legal_size() != info.legal_ids_size()) {
    problems.push_back(fmt::format("{} legal details for {} legal ids", info.legal_size(), info.legal_ids_size()));
    return;
  }
  std::set<std::string> notations;
  for (int i = 0; i < info.legal_size(); ++i) {
    const auto& action = info.legal(i);
    if (action.id() != info.legal_ids(i))
      problems.push_back(fmt::format("legal detail {} has id {}, the legal ids say {}", i, action.id(),
                                     info.legal_ids(i)));
    if (action.notation().empty()) problems.push_back(fmt::format("action {} has no notation", action.id()));
    else if (!notations.insert(action.notation()).second)
      problems.push_back(fmt::format("two legal actions are written '{}'", action.notation()));
  }
}

void check_chance(const pb::GameInfo& game, const pb::StateInfo& info, std::vector<std::string>& problems) {
  if (info.to_move() != -1) {
    if (info.chance_probabilities_size() > 0)
      problems.push_back("chance probabilities in a position where chance is not to move");
    return;
  }
  if (!game.has_chance()) problems.push_back("chance is to move (-1) but GameInfo.has_chance is false");
  if (info.chance_probabilities_size() != info.legal_ids_size()) {
    problems.push_back(fmt::format("{} chance probabilities for {} outcomes", info.chance_probabilities_size(),
                                   info.legal_ids_size()));
    return;
  }
  double sum = 0;
  for (double p : info.chance_probabilities()) {
    if (!(p > 0 && p <= 1)) problems.push_back(fmt::format("chance probability {} is not in (0, 1]", p));
    sum += p;
  }
  if (std::abs(sum - 1) > 1e-6) problems.push_back(fmt::format("chance probabilities sum to {}, not 1", sum));
}

}  // namespace

std::vector<std::string> state_info_problems(const pb::GameInfo& game, const pb::StateInfo& info) {
  std::vector<std::string> problems;
  const int seats = game.player_names_size();
  const int to_move = info.to_move();
  if (to_move < -2 || to_move >= seats)
    problems.push_back(fmt::format("to_move {} is neither a seat (0..{}), chance (-1) nor over (-2)", to_move,
                                   seats - 1));
  if (info.terminal() != (to_move == -2))
    problems.push_back(fmt::format("terminal is {} but to_move is {}", info.terminal(), to_move));
  if (info.terminal()) {
    if (info.legal_ids_size() > 0) problems.push_back("legal ids in a finished game");
    if (info.returns_size() != seats)
      problems.push_back(fmt::format("{} returns at the end for {} seats", info.returns_size(), seats));
    if (info.result().empty()) problems.push_back("no result line at the end");
  } else {
    if (info.legal_ids_size() == 0 && info.legal_size() == 0) problems.push_back("no legal action in a game not over");
    if (info.returns_size() > 0) problems.push_back("returns in a game not over");
  }
  if (info.scores_size() != 0 && info.scores_size() != seats)
    problems.push_back(fmt::format("{} scores for {} seats", info.scores_size(), seats));
  check_legal_ids(game, info, problems);
  check_chance(game, info, problems);
  return problems;
}

bool Report::ok() const {
  for (const auto& c : checks)
    if (c.failed > 0) return false;
  return !checks.empty();
}

std::string report_text(const Report& r) {
  std::string out = fmt::format("check-plugin: {} ({})\n{} game{} from seed {}, {} plies\n\n", r.game, r.path.string(),
                                r.games, r.games == 1 ? "" : "s", r.seed, r.plies);
  int failed = 0, skipped = 0;
  for (const auto& c : r.checks) {
    const char* mark = c.failed > 0 ? "FAIL" : !c.skipped.empty() ? "skip" : "ok";
    failed += c.failed > 0;
    skipped += c.failed == 0 && !c.skipped.empty();
    std::string count = !c.skipped.empty() && c.failed == 0 ? c.skipped
                        : c.failed > 0 ? fmt::format("{} of {} {} failed", c.failed, c.failed + c.passed, c.counted)
                                       : fmt::format("{} {}", c.passed, c.counted);
    out += fmt::format("  {:<5} {:<12} {}\n", mark, c.name, count);
    if (c.failed == 0) continue;
    out += fmt::format("        ({})\n", c.what);
    for (const auto& f : c.failures) out += "        " + f + "\n";
    if (c.failed > static_cast<long>(c.failures.size()))
      out += fmt::format("        ... and {} more\n", c.failed - static_cast<long>(c.failures.size()));
  }
  const std::string id = r.game.substr(0, r.game.find(' '));
  if (failed == 0)
    out += fmt::format("\nPASS: {} passes {} checks{}\n", id, r.checks.size() - skipped,
                       skipped ? fmt::format(" ({} skipped)", skipped) : "");
  else
    out += fmt::format("\nFAIL: {} fails {} of {} checks\n", id, failed, r.checks.size());
  return out;
}

}  // namespace gamehost::conformance
