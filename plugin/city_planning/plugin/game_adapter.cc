#include "game_adapter.h"

#include <algorithm>
#include <array>
#include <bit>

#include "city_planning.pb.h"
#include "city_planning/core/chance.h"
#include "city_planning/core/diagram.h"
#include "city_planning/core/notation.h"
#include "city_planning/core/observation.h"
#include "city_planning/core/playout.h"
#include "city_planning/core/rng.h"
#include "city_planning/core/scoring.h"
#include "city_planning/core/serialize.h"
#include "city_planning/core/zones.h"

namespace city_planning::plugin {
namespace {

Refusal refuse(pb::Status status, std::string message, std::string code = "") {
  return Refusal{status, std::move(code), std::move(message)};
}

Refusal refuse(pb::Status status, const Error& e) { return Refusal{status, e.code, e.message}; }

std::string letter(Player p) { return std::string(1, player_letter(p)); }

const char* reason_name(ScoreEvent::Reason r) {
  using R = ScoreEvent::Reason;
  switch (r) {
    case R::WaitingStones: return "waiting-stones";
    case R::Unincorporated: return "unincorporated";
    case R::ZonedValue: return "zoned-value";
    case R::NeighbourBonus: return "neighbour-bonus";
    case R::NeighbourPenalty: return "neighbour-penalty";
    case R::OtherTypeRemoved: return "other-type-removed";
    case R::ZoneRemoved: return "zone-removed";
    default: return "development-removed";
  }
}

// The action's structured form; `before` is the state it is taken in (for
// a Zone's return order).
void fill_payload(const State& before, const Action& a, const ScoreEvents* events, v1::Action& msg) {
  using K = Action::Kind;
  switch (a.kind) {
    case K::Stone:
      msg.set_kind(v1::Action::STONE);
      msg.set_stone(std::string(1, stone_letter(a.stone)));
      msg.set_point(point_name(a.point));
      break;
    case K::Zone: {
      msg.set_kind(v1::Action::ZONE);
      msg.set_piece(piece_name(a.piece));
      msg.set_point(point_name(a.point));
      const PieceMask over = overlapped_zones(before, a.point);
      if (over != 0 && a.order < return_order_count(over))
        for (Tile t : return_order(before, over, a.order)) msg.add_returned(piece_name(t));
      break;
    }
    case K::Develop:
      msg.set_kind(v1::Action::DEVELOP);
      msg.set_piece(piece_name(a.piece));
      if (a.zone != kNone) msg.set_zone(piece_name(a.zone));
      else msg.set_point(point_name(a.point));
      break;
    case K::Pass: msg.set_kind(v1::Action::PASS); break;
    case K::RevealTile:
      msg.set_kind(v1::Action::REVEAL_TILE);
      msg.set_piece(piece_name(a.piece));
      break;
    case K::DrawCoin:
      msg.set_kind(v1::Action::DRAW_COIN);
      msg.set_piece(piece_name(a.piece));
      break;
    case K::FirstPlayer:
      msg.set_kind(v1::Action::FIRST_PLAYER);
      msg.set_player(letter(a.player));
      break;
  }
  if (events) {
    for (const ScoreEvent& e : *events) {
      auto& m = *msg.add_events();
      m.set_player(letter(e.player));
      m.set_points(e.points);
      m.set_reason(reason_name(e.reason));
      if (e.piece != kNone) m.set_piece(piece_name(e.piece));
      m.set_text(event_text(e));
    }
  }
}

void fill_action(const State& before, const Action& a, bool with_payload, const ScoreEvents* events,
                 pb::ActionInfo& info) {
  info.set_id(static_cast<std::uint32_t>(action_id(a)));
  info.set_notation(to_notation(before, a));
  if (!with_payload) return;
  v1::Action msg;
  fill_payload(before, a, events, msg);
  pack(msg, *info.mutable_payload());
}

const char* end_text(EndReason r) {
  switch (r) {
    case EndReason::NoTiles: return "no tile face up or in the stack (C17)";
    case EndReason::EmptyBag: return "a coin had to come from an empty bag (C17)";
    case EndReason::BothPassed: return "both players passed (C17)";
    case EndReason::TurnLimit: return "the 200-turn bound (C17)";
    default: return "not over";
  }
}

int sign_of_margin(const State& s) {
  const int a = s.score(Player::A), b = s.score(Player::B);
  return (a > b) - (a < b);
}

}  // namespace

const char* phase_name(const State& s) {
  switch (s.phase()) {
    case Phase::Setup: return "setup";
    case Phase::Stones: return "stones";
    case Phase::Main: return "main";
    case Phase::DrawTile: return "draw-tile";
    case Phase::DrawCoin: return "draw-coin";
    default: return "over";
  }
}

std::string result_line(const State& s) {
  const int a = s.score(Player::A), b = s.score(Player::B);
  // The winner's score first, as in every game's result line; "to" rather
  // than a dash, since scores may be negative ("A wins 4 to -5").
  const std::string score = std::to_string(std::max(a, b)) + " to " + std::to_string(std::min(a, b));
  const auto lead = leader(s);
  return (lead ? letter(*lead) + " wins " : std::string("Draw ")) + score + ": " + end_text(end_reason(s));
}

void fill_info(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info) {
  const bool over = s.is_over();
  const bool chance = !over && is_chance(s);
  info.set_to_move(over ? -2 : chance ? -1 : seat_of(*player_to_decide(s)));
  info.set_phase(phase_name(s));
  info.set_terminal(over);
  if (chance) {
    // The outcomes are the legal ids, in id order, with their probabilities.
    for (const ChanceOutcome& o : chance_outcomes(s)) {
      if (flags.legal_ids()) info.add_legal_ids(static_cast<std::uint32_t>(action_id(o.action)));
      if (flags.legal_details()) fill_action(s, o.action, flags.legal_payloads(), nullptr, *info.add_legal());
      info.add_chance_probabilities(o.probability);
    }
  } else if ((flags.legal_ids() || flags.legal_details()) && !over) {
    for (const Action& a : legal_actions(s)) {
      if (flags.legal_ids()) info.add_legal_ids(static_cast<std::uint32_t>(action_id(a)));
      if (flags.legal_details()) fill_action(s, a, flags.legal_payloads(), nullptr, *info.add_legal());
    }
  }
  if (flags.scores()) {
    info.add_scores(s.score(Player::A));
    info.add_scores(s.score(Player::B));
  }
  if (over) {
    const int sign = sign_of_margin(s);
    info.add_returns(sign);
    info.add_returns(-sign);
    info.set_result(result_line(s));
  }
  if (flags.text()) info.set_text(to_diagram(s));
}

void GameAdapter::describe(const pb::DescribeRequest&, pb::DescribeResponse& resp) {
  auto& info = *resp.mutable_info();
  info.set_interface_version(pb::INTERFACE_VERSION);
  info.set_id(kGameId);
  info.set_name("City Planning");
  info.set_version(kGameVersion);
  info.add_player_names("A");
  info.add_player_names("B");
  info.set_action_id_bound(kActionIds);
  info.set_has_chance(true);
  info.set_has_hidden_information(true);
  auto* o = info.add_options();
  o->set_name("position");
  o->set_type(pb::OptionSpec::STRING);
  o->set_default_value("");
  o->set_help("a position diagram (docs/city-planning.md, \"Diagrams\") to start from instead of the "
              "setup; empty: the starting cross, with the tiles, the coins and the first player drawn "
              "as chance plies");
  info.add_optional_methods(pb::METHOD_EVALUATE);
  info.add_optional_methods(pb::METHOD_ROLLOUT);
  info.add_optional_methods(pb::METHOD_RENDER_SCENE);
  info.add_optional_methods(pb::METHOD_SAMPLE_HIDDEN);
  (*info.mutable_analysis_topics())["score"] = "both scores and what every Zone holds (public information)";
  info.set_payload_descriptors(std::string(payload_descriptors()));
}

Outcome GameAdapter::new_game(const pb::NewGameRequest& req, pb::NewGameResponse& resp) {
  std::string position;
  bool seen = false;
  for (const auto& o : req.options()) {
    if (o.name() != "position")
      return refuse(pb::INVALID_ARGUMENT, "unknown option '" + o.name() + "' (options: position)");
    if (seen) return refuse(pb::INVALID_ARGUMENT, "option 'position' given twice");
    seen = true;
    position = o.value();
  }
  State start;
  if (!position.empty()) {
    auto parsed = parse_diagram(position);
    if (!parsed) return refuse(pb::INVALID_ARGUMENT, "option position: " + parsed.error().message);
    start = *parsed;
    resp.set_setup("from a position diagram");
  } else {
    resp.set_setup("the starting cross (C3); the three face-up tiles, three coins to A, three to B and "
                   "the first player are drawn as chance plies (C4)");
  }
  auto* o = resp.add_options();
  o->set_name("position");
  o->set_value(position);
  std::string bytes = serialize(start);
  fill_info(start, req.flags(), *resp.mutable_info());
  remember(bytes, start);
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
  const State before = *loaded;
  State s = before;
  const auto action = req.action_id() < static_cast<std::uint32_t>(kActionIds)
                          ? action_from_id(static_cast<int>(req.action_id()))
                          : std::nullopt;
  if (!action)
    return refuse(pb::ILLEGAL_ACTION, "action id " + std::to_string(req.action_id()) +
                                          " is not a City Planning action (ids are 0.." +
                                          std::to_string(kActionIds - 1) + ")");
  ScoreEvents events;
  if (auto e = apply_action(s, *action, &events)) return refuse(pb::ILLEGAL_ACTION, *e);
  if (req.describe_action()) fill_action(before, *action, true, &events, *resp.mutable_action());
  std::string bytes = serialize(s);
  fill_info(s, req.flags(), *resp.mutable_info());
  remember(bytes, s);
  resp.set_state(std::move(bytes));
  return std::nullopt;
}

Outcome GameAdapter::parse_action(const pb::ParseActionRequest& req, pb::ParseActionResponse& resp) {
  auto s = load(req.state());
  if (!s) return refuse(pb::BAD_STATE, s.error());
  const State before = *s;
  auto a = city_planning::parse_action(before, req.text());
  if (!a) return refuse(pb::INVALID_ARGUMENT, a.error());
  if (auto e = check_action(before, *a)) return refuse(pb::ILLEGAL_ACTION, *e);
  fill_action(before, *a, true, nullptr, *resp.mutable_action());
  return std::nullopt;
}

Outcome GameAdapter::observe(const pb::ObserveRequest& req, pb::ObserveResponse& resp) {
  auto loaded = load(req.state());
  if (!loaded) return refuse(pb::BAD_STATE, loaded.error());
  if (req.player() < 0 || req.player() > 1)
    return refuse(pb::INVALID_ARGUMENT, "player " + std::to_string(req.player()) + " is not a seat (0 or 1)");
  const State& s = *loaded;
  const Player viewer = player_of_seat(req.player());
  resp.set_text(observation_text(s, viewer));
  v1::Observation m;
  m.set_viewer(letter(viewer));
  m.set_phase(phase_name(s));
  if (const auto p = player_to_decide(s)) m.set_to_move(letter(*p));
  for (PieceMask h = s.hand(viewer); h; h &= h - 1) m.add_hand(piece_name(std::countr_zero(h)));
  m.set_other_hand_size(s.hand_size(other(viewer)));
  m.set_bag_size(s.bag_size());
  m.set_unseen_tiles(std::popcount(s.unseen_tiles()));
  for (int i = 0; i < s.returned_count(); ++i) m.add_returned(piece_name(s.returned(i)));
  for (const FaceUp& f : s.face_up()) {
    auto& fm = *m.add_face_up();
    if (f.tile != kNone) fm.set_tile(piece_name(f.tile));
    fm.set_stones(f.stones);
  }
  for (PieceMask z = s.zones(); z; z &= z - 1) {
    const Tile t = std::countr_zero(z);
    auto& zm = *m.add_zones();
    zm.set_tile(piece_name(t));
    zm.set_type(std::string(type_name(suit_of(t))));
    zm.set_center(point_name(s.zone_center(t)));
    for (PieceMask d = s.developments_on(t); d; d &= d - 1) zm.add_developments(piece_name(std::countr_zero(d)));
    zm.set_developed(s.developed_value(t));
    zm.set_capacity(std::max(0, value_of(t) - s.developed_value(t)));
  }
  m.set_score_a(s.score(Player::A));
  m.set_score_b(s.score(Player::B));
  m.set_turn(s.turn());
  m.set_bytes(observation_bytes(s, viewer));
  pack(m, *resp.mutable_observation());
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
  if (s->is_over()) {
    const int sign = sign_of_margin(*s);
    resp.add_values(sign);
    resp.add_values(-sign);
  } else {
    // The score difference, squashed into (-1, 1) like the returns.
    const double m = (s->score(Player::A) - s->score(Player::B)) / 20.0;
    const double v = m / (1.0 + (m < 0 ? -m : m));
    resp.add_values(v);
    resp.add_values(-v);
  }
  return std::nullopt;
}

Outcome GameAdapter::sample_hidden(const pb::SampleHiddenRequest& req, pb::SampleHiddenResponse& resp) {
  auto s = load(req.state());
  if (!s) return refuse(pb::BAD_STATE, s.error());
  if (req.seat() < 0 || req.seat() > 1)
    return refuse(pb::INVALID_ARGUMENT, "seat " + std::to_string(req.seat()) + " is not a seat (0 or 1)");
  Rng rng(req.seed());
  resp.set_state(serialize(city_planning::sample_hidden(*s, player_of_seat(req.seat()), rng)));
  return std::nullopt;
}

Outcome GameAdapter::rollout(const pb::RolloutRequest& req, pb::RolloutResponse& resp) {
  auto s = load(req.state());
  if (!s) return refuse(pb::BAD_STATE, s.error());
  if (req.count() == 0 || req.count() > 1'000'000)
    return refuse(pb::INVALID_ARGUMENT, "count " + std::to_string(req.count()) + " is not in 1..1000000");
  Rng rng(req.seed());  // chance is sampled from the same generator
  // Guided playouts (playout.h): greedy on the points of each main decision.
  std::array<double, 2> sum{};
  std::uint64_t plies = 0;
  for (std::uint32_t k = 0; k < req.count(); ++k) {
    State c = *s;
    plies += static_cast<std::uint64_t>(guided_playout(c, rng));
    const int sign = sign_of_margin(c);
    sum[0] += sign;
    sum[1] -= sign;
  }
  resp.add_returns_sum(sum[0]);
  resp.add_returns_sum(sum[1]);
  resp.set_plies(plies);
  return std::nullopt;
}

Outcome GameAdapter::render_scene(const pb::RenderSceneRequest& req, pb::RenderSceneResponse& resp) {
  auto s = load(req.state());
  if (!s) return refuse(pb::BAD_STATE, s.error());
  plugin::render_scene(*s, req.view(), *resp.mutable_scene());
  return std::nullopt;
}

}  // namespace city_planning::plugin
