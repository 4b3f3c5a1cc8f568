// Connect Four's `Game` for the plugin kit (gamehost/kit/adapter.h says what
// each call must do; the kit does the rest of every call) and the plugin's
// two entry points.
#include <utility>

#include "connect_four/core/notation.h"
#include "connect_four/core/playout.h"
#include "connect_four/core/serialize.h"
#include "connect_four/core/solver.h"
#include "game_adapter.h"
#include "gamehost/kit/entry.h"
#include "gamehost/kit/game_base.h"

namespace connect_four::plugin {
namespace {

void fill_action(int col, pb::ActionInfo& info) {
  info.set_id(static_cast<std::uint32_t>(col));
  info.set_notation(column_name(col));
}

// Lines of four still open to one player (no disc of the other in them),
// counted once per disc of that player in them: a cheap sense of who has
// more chances left.
int open_line_weight(const State& s, Player p) {
  const Bitboard theirs = s.discs(other(p)), mine = s.discs(p);
  int weight = 0;
  for (int col = 0; col < kCols; ++col)
    for (int row = 0; row < kRows; ++row)
      for (auto [dc, dr] : {std::pair{1, 0}, {0, 1}, {1, 1}, {1, -1}}) {
        const int end_col = col + 3 * dc, end_row = row + 3 * dr;
        if (end_col >= kCols || end_row < 0 || end_row >= kRows) continue;
        int count = 0;
        bool open = true;
        for (int k = 0; k < 4 && open; ++k) {
          const Bitboard bit = cell_bit(col + k * dc, row + k * dr);
          open = !(theirs & bit);
          count += (mine & bit) != 0;
        }
        if (open) weight += count;
      }
  return weight;
}

}  // namespace

struct Game : gamehost::kit::GameBase<State, deserialize, serialize> {
  static constexpr const char* kId = "connect_four";

  static void describe(pb::GameInfo& info) {
    // One disc a ply: at most 42 plies.
    gamehost::kit::set_identity(info, {kId, "Connect Four", "1.0.0", {"Red", "Yellow"}, kCols, kCols * kRows});
    (*info.mutable_analysis_topics())["score"] = "the discs each player has on the board";
  }

  Expected<State> start(const gamehost::kit::Options&, std::uint64_t, std::string& setup) {
    setup = "an empty board of 7 columns and 6 rows; Red moves first";
    return State{};
  }

  void fill_info(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info) {
    info.set_to_move(s.is_over() ? -2 : index_of(s.to_move()));
    info.set_phase(s.is_over() ? "over" : "play");
    info.set_terminal(s.is_over());
    for (int col = 0; col < kCols; ++col) {
      if (!s.can_drop(col)) continue;
      if (flags.legal_ids()) info.add_legal_ids(static_cast<std::uint32_t>(col));
      if (flags.legal_details()) fill_action(col, *info.add_legal());
    }
    // No StateInfo.scores: Connect Four keeps no points (win, draw or loss
    // only), so reviews and tables value its games by the returns.
    if (s.is_over()) {
      for (double r : returns(s)) info.add_returns(r);
      info.set_result(result_line(s));
    }
    if (flags.text()) info.set_text(to_diagram(s));
  }

  Outcome apply(State& s, std::uint32_t id, pb::ActionInfo* described) {
    if (id >= static_cast<std::uint32_t>(kCols)) return gamehost::kit::unknown_action(id, "a Connect Four", kCols);
    const int col = static_cast<int>(id);
    if (auto e = s.drop(col)) return refuse(pb::ILLEGAL_ACTION, *e);
    if (described) fill_action(col, *described);
    return std::nullopt;
  }

  Outcome parse_action(const State& s, const std::string& text, pb::ActionInfo& out) {
    const auto col = parse_column(text);
    if (!col) return refuse(pb::INVALID_ARGUMENT, col.error());
    if (auto e = s.check_drop(*col)) return refuse(pb::ILLEGAL_ACTION, *e);
    fill_action(*col, out);
    return std::nullopt;
  }

  Outcome analyze(const State& s, const std::string& topic, pb::AnalyzeResponse& resp) {
    return analyze_position(s, topic, resp);
  }

  // The difference in open lines, squashed like the returns.
  Values evaluate(const State& s) {
    if (s.is_over()) return returns(s);
    return gamehost::kit::squashed_margin(open_line_weight(s, Player::Red) - open_line_weight(s, Player::Yellow), 20);
  }

  std::uint64_t playout(State& s, Rng& rng) { return static_cast<std::uint64_t>(random_playout(s, rng)); }

  Values returns(const State& s) {
    const auto w = s.winner();
    return gamehost::kit::zero_sum(!w ? 0 : *w == Player::Red ? 1 : -1);
  }

  void render(const State& s, const pb::ViewOptions& view, pb::Scene& scene) { render_scene(s, view, scene); }

  void observation_tensor(const State& s, int seat, pb::ObservationTensorResponse& out) {
    plugin::observation_tensor(s, seat, out);
  }
  // Solve: the bitboard solver (core/solver.h); no points, so the value is
  // Red's return. The guess does not help a search of three values.
  gamehost::kit::Solution solve(const State& s, std::uint64_t budget, std::optional<double>) {
    const SolveResult r = solver_.solve(s, budget);
    gamehost::kit::Solution out;
    out.exact = r.proved;
    out.value = r.value;
    out.nodes = r.nodes;
    for (const int col : r.line) out.line.push_back(static_cast<std::uint32_t>(col));
    return out;
  }

  void board(const State& s, const State* before, std::optional<int>, pb::TerminalBoard& out) {
    draw_board(s, before, out);
  }

 private:
  Solver solver_;  // its table is allocated at the first Solve
};

}  // namespace connect_four::plugin

GAMEHOST_PLUGIN_ENTRY(connect_four::plugin::Game)
