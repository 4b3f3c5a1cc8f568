#include "game_adapter.h"

#include <algorithm>

#include <array>
#include <exception>

#include "alien_city.pb.h"
#include "alien_city/core/diagram.h"
#include "alien_city/core/notation.h"
#include "alien_city/core/guided_playout.h"
#include "alien_city/core/playout.h"
#include "alien_city/core/rng.h"
#include "alien_city/core/rules.h"
#include "alien_city/core/scoring.h"
#include "alien_city/core/serialize.h"
#include "alien_city/core/setup.h"

namespace alien_city::plugin {
namespace {

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

// +1 for a Black win, -1 for a White win, 0 for a draw.
int black_sign(const std::array<int, 2>& sc) { return (sc[0] > sc[1]) - (sc[0] < sc[1]); }

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
      const int sign = black_sign(sc);
      info.add_returns(sign);
      info.add_returns(-sign);
      info.set_result(result_line(sc));
    }
  }
  if (flags.text()) info.set_text(to_diagram(s));
}

void Game::describe(pb::GameInfo& info) {
  using gamehost::kit::add_option;
  info.set_id(kGameId);
  info.set_name("Alien City");
  info.set_version(kGameVersion);
  info.add_player_names("Black");
  info.add_player_names("White");
  info.set_action_id_bound(kActionIds);
  // Each build fills one of the 80 lots and is followed by at most one
  // claim decision, so no game is longer than 160 plies.
  info.set_max_plies(2 * alien_city::kLots);
  auto& setup = add_option(info, "setup", pb::OptionSpec::CHOICE, "balanced",
                           "how the 20 tiles are drawn from the seed (ruling R3): balanced = five of each "
                           "colour, piecepack = 20 of a piecepack's 24");
  setup.add_choices("balanced");
  setup.add_choices("piecepack");
  add_option(info, "layout", pb::OptionSpec::STRING, "",
             "an explicit tile layout (docs/notation.md), e.g. from a physical game; "
             "overrides setup");
  add_option(info, "position", pb::OptionSpec::STRING, "",
             "a position diagram (docs/diagram.md) to start from; overrides setup and layout");
  (*info.mutable_analysis_topics())["score"] = "the score breakdown with every route";
  (*info.mutable_analysis_topics())["why LOT"] = "why nothing from the mover's supply can be built on LOT";
  info.set_payload_descriptors(std::string(payload_descriptors()));
}

Expected<State> Game::start(const gamehost::kit::Options& options, std::uint64_t seed, std::string& setup) {
  std::optional<State> start;
  if (const std::string& position = options["position"]; !position.empty()) {
    auto parsed = parse_diagram(position);
    if (!parsed) return Error{"", "option position: " + parsed.error().message};
    start = *parsed;
  } else if (const std::string& text = options["layout"]; !text.empty()) {
    auto layout = parse_layout(text);
    if (!layout) return Error{"", "option layout: " + layout.error().message};
    start.emplace(*layout);
  } else {
    start.emplace(options["setup"] == "balanced" ? balanced_layout(seed) : piecepack_layout(seed));
  }
  setup = layout_to_string(start->layout());
  return *start;
}

void Game::fill_info(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info) {
  plugin::fill_info(s, flags, info);
}

Outcome Game::apply(State& s, std::uint32_t id, pb::ActionInfo* described) {
  const auto action = action_from_id(static_cast<int>(std::min<std::uint32_t>(id, kActionIds)));
  if (!action) return gamehost::kit::unknown_action(id, "an Alien City", kActionIds);
  if (auto e = apply_action(s, *action)) return refuse(pb::ILLEGAL_ACTION, *e);
  if (described) fill_action(*action, true, *described);
  return std::nullopt;
}

Outcome Game::parse_action(const State& s, const std::string& text, pb::ActionInfo& out) {
  auto a = alien_city::parse_action(text);
  if (!a) return refuse(pb::INVALID_ARGUMENT, a.error());
  if (auto e = check_action(s, *a)) return refuse(pb::ILLEGAL_ACTION, *e);
  fill_action(*a, true, out);
  return std::nullopt;
}

Outcome Game::analyze(const State& s, const std::string& topic, pb::AnalyzeResponse& resp) {
  return analyze_state(s, topic, resp);
}

std::array<double, 2> Game::evaluate(const State& s) {
  if (s.is_over()) return returns(s);
  // The provisional margin, squashed into (-1, 1) like the returns.
  const auto sc = seat_scores(s);
  const double m = (sc[0] - sc[1]) / 100.0;
  const double v = m / (1.0 + (m < 0 ? -m : m));
  return {v, -v};
}

std::uint64_t Game::playout(State& s, Rng& rng) { return static_cast<std::uint64_t>(random_playout(s, rng)); }
std::uint64_t Game::guided_playout(State& s, Rng& rng) {
  return static_cast<std::uint64_t>(alien_city::guided_playout(s, rng));
}

std::array<double, 2> Game::points(const State& s) {
  const auto sc = seat_scores(s);
  return {static_cast<double>(sc[0]), static_cast<double>(sc[1])};
}

std::array<double, 2> Game::returns(const State& s) {
  const int sign = black_sign(seat_scores(s));
  return {static_cast<double>(sign), static_cast<double>(-sign)};
}

}  // namespace alien_city::plugin
