#include "game_adapter.h"

#include <algorithm>

#include <array>
#include <exception>

#include "alien_city.pb.h"
#include "alien_city/core/diagram.h"
#include "alien_city/core/notation.h"
#include "alien_city/core/playout.h"
#include "alien_city/core/rng.h"
#include "alien_city/core/rules.h"
#include "alien_city/core/scoring.h"
#include "alien_city/core/serialize.h"
#include "alien_city/core/setup.h"

namespace alien_city::plugin {
namespace {

Refusal refuse(pb::Status status, std::string message, std::string code = "") {
  return Refusal{status, std::move(code), std::move(message)};
}

Refusal refuse(pb::Status status, const Error& e) { return Refusal{status, e.code, e.message}; }

const char* phase_name(const State& s) {
  switch (s.phase()) {
    case Phase::Build: return "build";
    case Phase::Claim: return "claim";
    default: return "over";
  }
}

// Scores indexed by seat (Black first) from the core's White-first array.
std::array<int, 2> seat_scores(const State& s) {
  const auto t = score_totals(s);
  return {t[index_of(Player::Black)], t[index_of(Player::White)]};
}

// "White wins 89 - 66", the winner's score first; "Draw 50 - 50".
std::string result_line(const std::array<int, 2>& sc) {
  const int high = std::max(sc[0], sc[1]), low = std::min(sc[0], sc[1]);
  const std::string score = std::to_string(high) + " - " + std::to_string(low);
  if (sc[0] == sc[1]) return "Draw " + score;
  return std::string(sc[0] > sc[1] ? "Black" : "White") + " wins " + score;
}

void fill_action(const Action& a, bool with_payload, pb::ActionInfo& info) {
  info.set_id(static_cast<std::uint32_t>(action_id(a)));
  info.set_notation(to_notation(a));  // moved in: no copy
  if (!with_payload) return;
  v1::Action msg;
  switch (a.kind) {
    case Action::Kind::Build:
      msg.set_kind(v1::Action::BUILD);
      msg.set_piece(std::string(piece_code(a.piece)));
      msg.set_lot(lot_name(a.lot));
      break;
    case Action::Kind::Claim:
      msg.set_kind(v1::Action::CLAIM);
      msg.set_lot(lot_name(a.lot));
      break;
    default: msg.set_kind(v1::Action::DECLINE);
  }
  pack(msg, *info.mutable_payload());
}

void add_option(pb::GameInfo& info, const char* name, pb::OptionSpec::Type type,
                const char* def, const char* help) {
  auto* o = info.add_options();
  o->set_name(name);
  o->set_type(type);
  o->set_default_value(def);
  o->set_help(help);
}

}  // namespace

void fill_info(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info) {
  info.set_to_move(s.is_over() ? -2 : seat_of(s.to_move()));
  info.set_phase(phase_name(s));
  info.set_terminal(s.is_over());
  if ((flags.legal_ids() || flags.legal_details()) && !s.is_over()) {
    // Visited in increasing id order, as the interface promises.
    visit_legal_actions(s, [&](const Action& a) {
      if (flags.legal_ids()) info.add_legal_ids(static_cast<std::uint32_t>(action_id(a)));
      if (flags.legal_details()) fill_action(a, flags.legal_payloads(), *info.add_legal());
    });
  }
  if (s.is_over() || flags.scores()) {
    const auto sc = seat_scores(s);
    if (flags.scores())
      for (int v : sc) info.add_scores(v);
    if (s.is_over()) {
      const int sign = (sc[0] > sc[1]) - (sc[0] < sc[1]);
      info.add_returns(sign);
      info.add_returns(-sign);
      info.set_result(result_line(sc));
    }
  }
  if (flags.text()) info.set_text(to_diagram(s));
}

void GameAdapter::describe(const pb::DescribeRequest&, pb::DescribeResponse& resp) {
  auto& info = *resp.mutable_info();
  info.set_interface_version(pb::INTERFACE_VERSION);
  info.set_id(kGameId);
  info.set_name("Alien City");
  info.set_version(kGameVersion);
  info.add_player_names("Black");
  info.add_player_names("White");
  info.set_action_id_bound(kActionIds);
  // Each build fills one of the 80 lots and is followed by at most one
  // claim decision, so no game is longer than 160 plies.
  info.set_max_plies(2 * alien_city::kLots);
  add_option(info, "setup", pb::OptionSpec::CHOICE, "balanced",
             "how the 20 tiles are drawn from the seed (ruling R3): balanced = five of each "
             "colour, piecepack = 20 of a piecepack's 24");
  info.mutable_options(0)->add_choices("balanced");
  info.mutable_options(0)->add_choices("piecepack");
  add_option(info, "layout", pb::OptionSpec::STRING, "",
             "an explicit tile layout (docs/notation.md), e.g. from a physical game; "
             "overrides setup");
  add_option(info, "position", pb::OptionSpec::STRING, "",
             "a position diagram (docs/diagram.md) to start from; overrides setup and layout");
  info.add_optional_methods(pb::METHOD_EVALUATE);
  info.add_optional_methods(pb::METHOD_ROLLOUT);
  info.add_optional_methods(pb::METHOD_RENDER_SCENE);  // scene_builder.h
  (*info.mutable_analysis_topics())["score"] = "the score breakdown with every route";
  (*info.mutable_analysis_topics())["why LOT"] = "why nothing from the mover's supply can be built on LOT";
  info.set_payload_descriptors(std::string(payload_descriptors()));
}

Outcome GameAdapter::new_game(const pb::NewGameRequest& req, pb::NewGameResponse& resp) {
  pb::DescribeResponse d;
  describe({}, d);
  std::array<std::string, 3> value;  // setup, layout, position in spec order
  std::array<bool, 3> seen{};
  for (int i = 0; i < 3; ++i) value[i] = d.info().options(i).default_value();
  for (const auto& o : req.options()) {
    int i = 0;
    while (i < 3 && d.info().options(i).name() != o.name()) ++i;
    if (i == 3)
      return refuse(pb::INVALID_ARGUMENT,
                    "unknown option '" + o.name() + "' (options: setup, layout, position)");
    if (seen[i]) return refuse(pb::INVALID_ARGUMENT, "option '" + o.name() + "' given twice");
    seen[i] = true;
    value[i] = o.value();
  }
  if (value[0] != "balanced" && value[0] != "piecepack")
    return refuse(pb::INVALID_ARGUMENT,
                  "option setup: '" + value[0] + "' is not one of balanced, piecepack");
  std::optional<State> start;
  if (!value[2].empty()) {
    auto parsed = parse_diagram(value[2]);
    if (!parsed) return refuse(pb::INVALID_ARGUMENT, "option position: " + parsed.error().message);
    start = *parsed;
  } else if (!value[1].empty()) {
    auto layout = parse_layout(value[1]);
    if (!layout) return refuse(pb::INVALID_ARGUMENT, "option layout: " + layout.error().message);
    start.emplace(*layout);
  } else {
    start.emplace(value[0] == "balanced" ? balanced_layout(req.seed()) : piecepack_layout(req.seed()));
  }
  for (int i = 0; i < 3; ++i) {
    auto* o = resp.add_options();
    o->set_name(d.info().options(i).name());
    o->set_value(value[i]);
  }
  std::string bytes = serialize(*start);
  resp.set_setup(layout_to_string(start->layout()));
  fill_info(*start, req.flags(), *resp.mutable_info());
  remember(bytes, *start);
  resp.set_state(std::move(bytes));
  return std::nullopt;
}

Expected<State> GameAdapter::load(const std::string& bytes) {
  if (cached_state_ && bytes == cached_bytes_) return *cached_state_;
  auto s = deserialize(bytes);
  if (s) remember(bytes, *s);
  return s;
}

void GameAdapter::remember(const std::string& bytes, const State& s) {
  cached_bytes_ = bytes;
  cached_state_ = s;
}

Outcome GameAdapter::query(const pb::QueryRequest& req, pb::QueryResponse& resp) {
  auto s = load(req.state());
  if (!s) return refuse(pb::BAD_STATE, s.error());
  fill_info(*s, req.flags(), *resp.mutable_info());
  return std::nullopt;
}

Outcome GameAdapter::apply(const pb::ApplyRequest& req, pb::ApplyResponse& resp) {
  auto loaded = load(req.state());
  if (!loaded) return refuse(pb::BAD_STATE, loaded.error());
  State s = *loaded;
  const auto action = action_from_id(static_cast<int>(std::min<std::uint32_t>(req.action_id(), kActionIds)));
  if (!action)
    return refuse(pb::ILLEGAL_ACTION, "action id " + std::to_string(req.action_id()) +
                                          " is not an Alien City action (ids are 0.." +
                                          std::to_string(kActionIds - 1) + ")");
  if (auto e = apply_action(s, *action)) return refuse(pb::ILLEGAL_ACTION, *e);
  if (req.describe_action()) fill_action(*action, true, *resp.mutable_action());
  std::string bytes = serialize(s);
  fill_info(s, req.flags(), *resp.mutable_info());
  remember(bytes, s);
  resp.set_state(std::move(bytes));
  return std::nullopt;
}

Outcome GameAdapter::parse_action(const pb::ParseActionRequest& req, pb::ParseActionResponse& resp) {
  auto s = load(req.state());
  if (!s) return refuse(pb::BAD_STATE, s.error());
  auto a = alien_city::parse_action(req.text());
  if (!a) return refuse(pb::INVALID_ARGUMENT, a.error());
  if (auto e = check_action(*s, *a)) return refuse(pb::ILLEGAL_ACTION, *e);
  fill_action(*a, true, *resp.mutable_action());
  return std::nullopt;
}

Outcome GameAdapter::observe(const pb::ObserveRequest& req, pb::ObserveResponse& resp) {
  auto s = load(req.state());
  if (!s) return refuse(pb::BAD_STATE, s.error());
  if (req.player() < 0 || req.player() > 1)
    return refuse(pb::INVALID_ARGUMENT, "player " + std::to_string(req.player()) + " is not a seat (0 or 1)");
  resp.set_text(to_diagram(*s));  // perfect information: everyone sees everything
  return std::nullopt;
}

Outcome GameAdapter::analyze(const pb::AnalyzeRequest& req, pb::AnalyzeResponse& resp) {
  auto s = load(req.state());
  if (!s) return refuse(pb::BAD_STATE, s.error());
  return analyze_state(*s, req.topic(), resp);
}

Outcome GameAdapter::evaluate(const pb::EvaluateRequest& req, pb::EvaluateResponse& resp) {
  auto s = load(req.state());
  if (!s) return refuse(pb::BAD_STATE, s.error());
  const auto sc = seat_scores(*s);
  if (s->is_over()) {
    const int sign = (sc[0] > sc[1]) - (sc[0] < sc[1]);
    resp.add_values(sign);
    resp.add_values(-sign);
  } else {
    // The provisional margin, squashed into (-1, 1) like the returns.
    const double m = (sc[0] - sc[1]) / 100.0;
    const double v = m / (1.0 + (m < 0 ? -m : m));
    resp.add_values(v);
    resp.add_values(-v);
  }
  return std::nullopt;
}

Outcome GameAdapter::rollout(const pb::RolloutRequest& req, pb::RolloutResponse& resp) {
  auto s = load(req.state());
  if (!s) return refuse(pb::BAD_STATE, s.error());
  if (req.count() == 0 || req.count() > 1'000'000)
    return refuse(pb::INVALID_ARGUMENT, "count " + std::to_string(req.count()) + " is not in 1..1000000");
  Rng rng(req.seed());
  std::array<double, 2> sum{};
  std::uint64_t plies = 0;
  for (std::uint32_t k = 0; k < req.count(); ++k) {
    State c = *s;
    plies += static_cast<std::uint64_t>(random_playout(c, rng));
    const auto sc = seat_scores(c);
    const int sign = (sc[0] > sc[1]) - (sc[0] < sc[1]);
    sum[0] += sign;
    sum[1] -= sign;
  }
  resp.add_returns_sum(sum[0]);
  resp.add_returns_sum(sum[1]);
  resp.set_plies(plies);
  return std::nullopt;
}

}  // namespace alien_city::plugin
