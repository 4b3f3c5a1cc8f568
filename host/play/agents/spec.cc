#include "gamehost/play/agents/spec.h"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>

#include "gamehost/play/agents/greedy_agent.h"
#include "gamehost/play/agents/human_agent.h"
#include "gamehost/play/agents/mcts.h"
#include "gamehost/play/agents/random_agent.h"
#include "gamehost/secrets/game_secrets.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/base/suggest.h"

namespace gamehost {
namespace {

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

bool is_unsigned(const std::string& v) {
  std::uint64_t x = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  return !v.empty() && ec == std::errc() && end == v.data() + v.size();
}

// Number syntax only (inf, nan, 1e999 included): each kind checks its own
// range and names it (mcts.cc).
bool is_number(const std::string& v) {
  double x = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  return !v.empty() && (ec == std::errc() || ec == std::errc::result_out_of_range) && end == v.data() + v.size();
}

}  // namespace

std::optional<std::string> AgentSpec::get(const std::string& key) const {
  for (const auto& [k, v] : params)
    if (k == key) return v;
  return std::nullopt;
}

std::uint64_t derived_agent_seed(std::uint64_t game_seed, int seat, std::uint64_t salt) {
  SplitMix mix(game_seed ^ (salt * static_cast<std::uint64_t>(seat + 1)));
  return mix.next() >> 16;  // shorter numbers read better in logs
}

std::uint64_t default_agent_seed(const AgentContext& context, std::uint64_t salt) {
  return context.secret_seed ? secret_agent_seed(context.game_seed, context.seat, salt)
                             : derived_agent_seed(context.game_seed, context.seat, salt);
}

std::string public_agent_spec(const std::string& typed, const std::string& resolved) {
  if (parse_agent_spec(typed).get("seed")) return resolved;
  AgentSpec spec = parse_agent_spec(resolved);
  std::erase_if(spec.params, [](const auto& p) { return p.first == "seed"; });
  return spec_text(spec);
}

std::string spec_text(const AgentSpec& spec) {
  std::string s = spec.kind;
  for (std::size_t i = 0; i < spec.params.size(); ++i)
    s += fmt::format("{}{}={}", i ? "," : ":", spec.params[i].first, spec.params[i].second);
  return s;
}

std::uint64_t unsigned_param(const std::string& value) {
  std::uint64_t x = 0;
  std::from_chars(value.data(), value.data() + value.size(), x);
  return x;
}

const std::vector<AgentKind>& agent_kinds() {
  using T = AgentParam::Type;
  // Every default shown is the code's own value (docs/gamehost.md lists the
  // same; tests/docs checks that they agree).
  const MctsOptions mcts;
  const auto num = [](double x) { return fmt::format("{:g}", x); };
  static const std::vector<AgentKind> kinds = {
      {"human", "a person at the terminal: board, prompt, help/moves/hint/why/score",
       {{"hint_iters", T::UnsignedInt, fmt::format("MCTS iterations behind 'hint' and the coach's verdicts (default {})", kDefaultHintIters)},
        {"coach", T::UnsignedInt, "1: after each move the points it lost, the better move, a takeback offer (as --coach)"},
        {"seed", T::UnsignedInt, "seed of those searches (default: the one mcts would have at this seat)"}},
       [](const AgentSpec& s, const AgentContext& c) { return make_human_agent(s, c); }},
      {"random", "uniformly random legal actions",
       {{"seed", T::UnsignedInt, "random seed (default: derived from the game seed and seat)"}},
       [](const AgentSpec& s, const AgentContext& c) { return make_random_agent(s, c); }},
      {"greedy", "one ply ahead on the plugin's evaluation (Evaluate; else K rollouts per action)",
       {{"seed", T::UnsignedInt, "tie-break seed (default: derived from the game seed and seat)"},
        {"rollouts", T::UnsignedInt, fmt::format("playouts per action when the plugin has no Evaluate (default {})", kGreedyDefaultRollouts)}},
       [](const AgentSpec& s, const AgentContext& c) { return make_greedy_agent(s, c); }},
      {"mcts", "Monte Carlo tree search (UCT), rollouts inside the plugin, tree kept between moves",
       {{"time", T::Number, fmt::format("seconds per move (default {})", num(kMctsDefaultTime))},
        {"iters", T::UnsignedInt, "iterations per move instead of time: deterministic"},
        {"c", T::Number, fmt::format("UCT exploration constant (default {})", num(mcts.c))},
        {"score", T::Number, fmt::format("weight of the final-score margin beside win/loss, 0..4 (default {}; 0: win/loss only)",
                                    num(mcts.score_weight))},
        {"scale", T::Number, fmt::format("the margin, in the game's points, that counts half the weight (default {})",
                                    num(mcts.score_scale))},
        {"threads", T::UnsignedInt, fmt::format("root-parallel trees, one plugin instance each (default {})", mcts.threads)},
        {"rollouts", T::UnsignedInt, fmt::format("playouts per iteration, one Rollout call (default {})", mcts.rollouts)},
        {"uniform", T::UnsignedInt, "1: uniformly random playouts instead of the game's guided policy (Alien City)"},
        {"keep", T::UnsignedInt, "search only the K root actions greedy rates best (default 0: all)"},
        {"seed", T::UnsignedInt, "search seed (default: derived from the game seed and seat)"}},
       [](const AgentSpec& s, const AgentContext& c) { return make_mcts_agent(s, c); }},
  };
  return kinds;
}

AgentSpec parse_agent_spec(const std::string& text) {
  auto fail = [&](const std::string& what) -> HostError {
    return HostError(fmt::format("agent '{}': {}", text, what));
  };
  AgentSpec spec;
  const auto colon = text.find(':');
  spec.kind = text.substr(0, colon);
  std::vector<std::string> names;
  for (const auto& k : agent_kinds()) names.push_back(k.name);
  const auto kind = std::find_if(agent_kinds().begin(), agent_kinds().end(),
                                 [&](const AgentKind& k) { return k.name == spec.kind; });
  if (kind == agent_kinds().end())
    throw fail(fmt::format("unknown agent '{}' ({}agents: {})", spec.kind, suggestion(spec.kind, names),
                           joined(names)));
  std::vector<std::string> keys;
  for (const auto& p : kind->params) keys.push_back(p.name);
  if (colon != std::string::npos) {
    std::string_view rest = std::string_view(text).substr(colon + 1);
    if (rest.empty()) throw fail("nothing after ':'");
    while (true) {
      const auto comma = rest.find(',');
      const std::string item(rest.substr(0, comma));
      const auto eq = item.find('=');
      if (eq == std::string::npos || eq == 0)
        throw fail(fmt::format("'{}' is not KEY=VALUE", item));
      std::string key = item.substr(0, eq), value = item.substr(eq + 1);
      const auto param = std::find_if(kind->params.begin(), kind->params.end(),
                                      [&](const AgentParam& p) { return p.name == key; });
      if (param == kind->params.end())
        throw fail(keys.empty() ? fmt::format("{} takes no parameters", kind->name)
                                : fmt::format("unknown parameter '{}' ({}{} takes: {})", key,
                                              suggestion(key, keys), kind->name, joined(keys)));
      if (spec.get(key)) throw fail(fmt::format("parameter '{}' given twice", key));
      if (param->type == AgentParam::Type::UnsignedInt && !is_unsigned(value))
        throw fail(fmt::format("{} must be a non-negative integer, not '{}'", key, clipped(value)));
      if (param->type == AgentParam::Type::Number && !is_number(value))
        throw fail(fmt::format("{} must be a non-negative number, not '{}'", key, clipped(value)));
      spec.params.emplace_back(std::move(key), std::move(value));
      if (comma == std::string_view::npos) break;
      rest = rest.substr(comma + 1);
    }
  }
  return spec;
}

namespace {

// The KEY=VALUE items of `params` ("keep=6,c=2") that `kind` takes and `given` lacks.
std::vector<std::pair<std::string, std::string>> usable_defaults(const std::string& kind, const std::string& params,
                                                                 const AgentSpec& given) {
  std::vector<std::pair<std::string, std::string>> out;
  std::string_view rest = params;
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const std::string item(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    const AgentSpec one = [&]() -> AgentSpec {
      try {
        return parse_agent_spec(kind + ":" + item);
      } catch (const HostError&) {
        return {};  // not a parameter of this kind: skipped
      }
    }();
    if (one.params.size() == 1 && !given.get(one.params[0].first)) out.push_back(one.params[0]);
  }
  return out;
}

}  // namespace

std::string with_game_defaults(const std::string& text, const pb::GameInfo& game) {
  AgentSpec spec = parse_agent_spec(text);
  const auto found = game.agent_defaults().find(spec.kind);
  if (found == game.agent_defaults().end()) return text;
  const auto extra = usable_defaults(spec.kind, found->second, spec);
  if (extra.empty()) return text;
  spec.params.insert(spec.params.end(), extra.begin(), extra.end());
  return spec_text(spec);
}

std::vector<std::string> game_agent_defaults(const pb::GameInfo& game) {
  std::vector<std::string> out;
  for (const auto& k : agent_kinds()) {
    const auto found = game.agent_defaults().find(k.name);
    if (found == game.agent_defaults().end()) continue;
    AgentSpec spec{k.name, usable_defaults(k.name, found->second, AgentSpec{})};
    if (!spec.params.empty()) out.push_back(spec_text(spec));
  }
  return out;
}

std::unique_ptr<Agent> make_agent(const std::string& text, const AgentContext& context) {
  const AgentSpec spec = parse_agent_spec(text);
  for (const auto& k : agent_kinds())
    if (k.name == spec.kind) return k.make(spec, context);
  throw HostError(fmt::format("agent '{}': unknown agent", text));  // unreachable: parse checked
}

std::string agents_help() {
  std::string out = "Agents (NAME or NAME:KEY=VALUE,...):\n";
  for (const auto& k : agent_kinds()) {
    out += fmt::format("  {:<8} {}\n", k.name, k.help);
    for (const auto& p : k.params) out += fmt::format("    {}=...  {}\n", p.name, p.help);
  }
  return out;
}

}  // namespace gamehost
