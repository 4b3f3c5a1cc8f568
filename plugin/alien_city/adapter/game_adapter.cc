// Alien City's `Game` for the plugin kit (gamehost/kit/adapter.h says what
// each call must do) and the plugin's two entry points.
#include "game_adapter.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "alien_city.pb.h"
#include "alien_city/core/diagram.h"
#include "alien_city/core/endgame.h"
#include "alien_city/core/notation.h"
#include "alien_city/core/guided_playout.h"
#include "alien_city/core/playout.h"
#include "alien_city/core/position_edit.h"
#include "alien_city/core/rng.h"
#include "alien_city/core/rules.h"
#include "alien_city/core/scoring.h"
#include "alien_city/core/serialize.h"
#include "alien_city/core/setup.h"
#include "alien_city/records/records.h"
#include "gamehost/kit/entry.h"
#include "gamehost/kit/game_base.h"
#include "gamehost/kit/options.h"
#include "scene_builder.h"

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

// Query's status fields of `s` and what `flags` ask for.
void describe_state(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info) {
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
      for (double r : gamehost::kit::zero_sum(black_sign(sc))) info.add_returns(r);
      info.set_result(result_line(sc));
    }
  }
  if (flags.text()) info.set_text(to_diagram(s));
}

}  // namespace

struct Game : gamehost::kit::GameBase<State, deserialize, serialize> {
  static constexpr const char* kId = "alien_city";

  static void describe(pb::GameInfo& info) {
    using gamehost::kit::add_option;
    // Each build fills one of the 80 lots and is followed by at most one
    // claim decision, so no game is longer than 160 plies.
    gamehost::kit::set_identity(info, {kId, "Alien City", "1.0.0", {"Black", "White"}, kActionIds, 2 * kLots});
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
    // The viewer's board editor (docs/interface.md, "Position editor"):
    // edits come as an "edits:" line of the position (no option of their
    // own, so that logs written before them still replay).
    info.set_position_option("position");
    info.set_edits_line(std::string(kEditsLine));
    // The codes of the rulings a move is refused by (core/rules.cc).
    for (const char* code : {"R1", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11"}) info.add_ruling_codes(code);
    (*info.mutable_analysis_topics())["score"] = "the score breakdown with every route";
    (*info.mutable_analysis_topics())["why LOT"] = "why nothing from the mover's supply can be built on LOT";
    (*info.mutable_analysis_topics())["themes MOVE"] = "what the mover's decision MOVE does, for puzzles";
    info.set_payload_descriptors(std::string(payload_descriptors()));
    for (const char* format : records::kFormats) info.add_record_formats(format);
  }

  // Table records (records/records.h): PPN and Abstract Play.
  Outcome read_record(const pb::ReadRecordRequest& req, pb::ReadRecordResponse& resp) {
    return records::read_record(req, resp);
  }
  Outcome write_record(const pb::WriteRecordRequest& req, pb::WriteRecordResponse& resp) {
    return records::write_record(req, resp);
  }

  Expected<State> start(const gamehost::kit::Options& options, std::uint64_t seed, std::string& setup) {
    std::optional<State> start;
    if (const std::string& position = options["position"]; !position.empty()) {
      std::string edits;
      const std::string diagram = without_edits_lines(position, edits);
      auto parsed = parse_diagram(diagram);
      if (!parsed) return Error{"", "option position: " + parsed.error().message};
      start = *parsed;
      if (!edits.empty()) {
        auto edited = apply_edits(*start, edits);
        if (!edited) return Error{"", "option position: " + edited.error().message};
        start = *edited;
      }
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

  void fill_info(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info) { describe_state(s, flags, info); }

  Outcome apply(State& s, std::uint32_t id, pb::ActionInfo* described) {
    const auto action = action_from_id(static_cast<int>(std::min<std::uint32_t>(id, kActionIds)));
    if (!action) return gamehost::kit::unknown_action(id, "an Alien City", kActionIds);
    if (auto e = apply_action(s, *action)) return refuse(pb::ILLEGAL_ACTION, *e);
    if (described) fill_action(*action, true, *described);
    return std::nullopt;
  }

  Outcome parse_action(const State& s, const std::string& text, pb::ActionInfo& out) {
    auto a = alien_city::parse_action(text);
    if (!a) return refuse(pb::INVALID_ARGUMENT, a.error());
    if (auto e = check_action(s, *a)) return refuse(pb::ILLEGAL_ACTION, *e);
    fill_action(*a, true, out);
    return std::nullopt;
  }

  Outcome analyze(const State& s, const std::string& topic, pb::AnalyzeResponse& resp) {
    return analyze_state(s, topic, resp);
  }

  // The provisional margin, squashed like the returns.
  Values evaluate(const State& s) {
    if (s.is_over()) return returns(s);
    const auto sc = seat_scores(s);
    return gamehost::kit::squashed_margin(sc[0] - sc[1], 100);
  }

  // Uniform (RolloutRequest.uniform), and Rollout's default: claims chosen
  // by the provisional margin (core/guided_playout.h).
  std::uint64_t playout(State& s, Rng& rng) { return static_cast<std::uint64_t>(random_playout(s, rng)); }
  std::uint64_t guided_playout(State& s, Rng& rng) {
    return static_cast<std::uint64_t>(alien_city::guided_playout(s, rng));
  }

  Values returns(const State& s) { return gamehost::kit::zero_sum(black_sign(seat_scores(s))); }

  // Each seat's points, for Rollout.
  Values points(const State& s) {
    const auto sc = seat_scores(s);
    return {static_cast<double>(sc[0]), static_cast<double>(sc[1])};
  }

  void render(const State& s, const pb::ViewOptions& view, pb::Scene& scene) {
    build_scene(s, decode_view(view), scene);
  }

  void observation_tensor(const State& s, int seat, pb::ObservationTensorResponse& out) {
    plugin::observation_tensor(s, seat, out);
  }

  // Every seat sees all of it.
  void board(const State& s, const State* before, std::optional<int> seat, pb::TerminalBoard& out) {
    draw_board(s, before, seat, out);
  }

  // Solve: the core's endgame solver (core/endgame.h). Seat 0 is Black,
  // so its margin is the value. A guess off the whole points is rounded.
  gamehost::kit::Solution solve(const State& s, std::uint64_t budget, std::optional<double> guess) {
    std::optional<int> around;
    if (guess && *guess > -1e6 && *guess < 1e6) around = static_cast<int>(std::lround(*guess));
    const EndgameResult r = solver_.solve(s, budget, around);
    gamehost::kit::Solution out;
    out.exact = r.proved;
    out.value = r.margin;
    out.nodes = r.nodes;
    for (const Action& a : r.line) out.line.push_back(static_cast<std::uint32_t>(action_id(a)));
    return out;
  }

 private:
  EndgameSolver solver_;  // its table is allocated at the first Solve
};

}  // namespace alien_city::plugin

GAMEHOST_PLUGIN_ENTRY(alien_city::plugin::Game)
