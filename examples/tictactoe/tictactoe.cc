// Tic-tac-toe: X and O take turns on a 3 x 3 board; three in a line wins,
// a full board without one is a draw. An example game written only against
// the plugin kit, following docs/writing-a-plugin.md: the calls every game
// answers, and a scene with clickable cells, so the viewer draws and plays
// it. `gamehost check-plugin tictactoe` (ctest: conformance.tictactoe) runs
// the conformance test on it.
//
// Cells are numbered 0..8 from a1 (bottom left) row by row to c3 (top
// right); action id = cell. The state bytes: a version byte, then the nine
// cells as '.', 'X' or 'O'; whose turn it is and the result follow from them.
#include <array>
#include <cstdint>
#include <string>

#include "gamehost/kit/entry.h"
#include "gamehost/kit/game_base.h"
#include "gamehost/kit/scene_shapes.h"

namespace tictactoe {

namespace pb = gamehost::v1;
using gamehost::kit::Outcome;
using gamehost::kit::refuse;

constexpr char kVersion = 1;
constexpr int kCells = 9;
constexpr std::array<std::array<int, 3>, 8> kLines = {{
    {0, 1, 2}, {3, 4, 5}, {6, 7, 8},  // rows 1, 2, 3
    {0, 3, 6}, {1, 4, 7}, {2, 5, 8},  // columns a, b, c
    {0, 4, 8}, {2, 4, 6},             // diagonals
}};

struct State {
  std::array<char, kCells> cells{'.', '.', '.', '.', '.', '.', '.', '.', '.'};

  int count(char mark) const {
    int n = 0;
    for (char c : cells) n += c == mark;
    return n;
  }
  char to_move() const { return count('X') == count('O') ? 'X' : 'O'; }
  // The first line of three of `mark`, or -1.
  int line_of(char mark) const {
    for (int i = 0; i < static_cast<int>(kLines.size()); ++i)
      if (cells[kLines[i][0]] == mark && cells[kLines[i][1]] == mark && cells[kLines[i][2]] == mark) return i;
    return -1;
  }
  char winner() const { return line_of('X') >= 0 ? 'X' : line_of('O') >= 0 ? 'O' : '.'; }
  bool over() const { return winner() != '.' || count('.') == 0; }
};

std::string cell_name(int cell) { return std::string(1, static_cast<char>('a' + cell % 3)) + std::to_string(cell / 3 + 1); }
int seat_of(char mark) { return mark == 'X' ? 0 : 1; }

struct Game {
  static constexpr const char* kId = "tictactoe";
  using State = tictactoe::State;

  // Only bytes this plugin could have written: the version, nine cells,
  // counts that alternate, at most the last mover with a line.
  static gamecore::Expected<State> decode(const std::string& bytes) {
    if (bytes.size() != 1 + kCells) return gamecore::Error{"T1", "not a tic-tac-toe state (10 bytes)"};
    if (bytes[0] != kVersion) return gamecore::Error{"T1", "byte 0: unknown state version"};
    State s;
    for (int i = 0; i < kCells; ++i) {
      const char c = bytes[1 + i];
      if (c != '.' && c != 'X' && c != 'O')
        return gamecore::Error{"T1", "byte " + std::to_string(1 + i) + ": not a cell ('.', 'X' or 'O')"};
      s.cells[i] = c;
    }
    const int x = s.count('X'), o = s.count('O');
    if (x != o && x != o + 1) return gamecore::Error{"T1", "X and O do not alternate"};
    if ((s.line_of('X') >= 0 && x != o + 1) || (s.line_of('O') >= 0 && x != o))
      return gamecore::Error{"T1", "a line of the player who did not move last"};
    return s;
  }
  static std::string encode(const State& s) { return kVersion + std::string(s.cells.begin(), s.cells.end()); }

  static void describe(pb::GameInfo& info) {
    gamehost::kit::set_identity(info, {kId, "Tic-tac-toe", "1.0.0", {"X", "O"}, kCells, kCells});
  }

  gamecore::Expected<State> start(const gamehost::kit::Options&, std::uint64_t, std::string& setup) {
    setup = "an empty 3 x 3 board";
    return State{};
  }

  void fill_info(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info) {
    const bool over = s.over();
    info.set_to_move(over ? -2 : seat_of(s.to_move()));
    info.set_phase(over ? "over" : "play");
    info.set_terminal(over);
    for (int cell = 0; cell < kCells && !over; ++cell) {
      if (s.cells[cell] != '.') continue;
      if (flags.legal_ids()) info.add_legal_ids(static_cast<std::uint32_t>(cell));
      if (flags.legal_details()) describe_move(cell, *info.add_legal());
    }
    if (over) {
      const char w = s.winner();
      const double x_return = w == 'X' ? 1 : w == 'O' ? -1 : 0;
      info.add_returns(x_return);
      info.add_returns(-x_return);
      info.set_result(w == '.' ? "Draw: the board is full" : std::string(1, w) + " wins: three in a line");
    }
    if (flags.text()) info.set_text(diagram(s));
  }

  Outcome apply(State& s, std::uint32_t id, pb::ActionInfo* described) {
    if (id >= kCells) return gamehost::kit::unknown_action(id, "a tic-tac-toe", kCells);
    if (auto refused = refusal(s, static_cast<int>(id))) return refused;
    s.cells[id] = s.to_move();
    if (described) describe_move(static_cast<int>(id), *described);
    return std::nullopt;
  }

  Outcome parse_action(const State& s, const std::string& text, pb::ActionInfo& out) {
    if (text.size() != 2 || text[0] < 'a' || text[0] > 'c' || text[1] < '1' || text[1] > '3')
      return refuse(pb::INVALID_ARGUMENT, "a move is a cell, a1 to c3", "T2");
    const int cell = (text[1] - '1') * 3 + (text[0] - 'a');
    if (auto refused = refusal(s, cell)) return refused;
    describe_move(cell, out);
    return std::nullopt;
  }

  // The board: a cell per square, the last move bracketed, three in a line
  // struck through; with ViewOptions.hit_actions each empty cell plays there
  // and a taken one says why not.
  void render(const State& s, const pb::ViewOptions& view, pb::Scene& scene) {
    using namespace gamehost::kit;
    constexpr Rgba kBackground = 0x23262dff, kGrid = 0xc9cdd6ff, kX = 0xd7263dff, kO = 0x3a86ffff;
    set_bounds(scene, 0, 0, 3, 3, kBackground);
    auto& grid = add_layer(scene, "grid");
    for (int i = 1; i < 3; ++i) {
      set_line(add(grid, "v" + std::to_string(i), 0, kGrid, 0.04f), i, 0.1f, i, 2.9f);
      set_line(add(grid, "h" + std::to_string(i), 0, kGrid, 0.04f), 0.1f, i, 2.9f, i);
    }
    auto& marks = add_layer(scene, "marks");
    for (int cell = 0; cell < kCells; ++cell) {
      const float x = cell % 3, y = 2 - cell / 3;  // row 3 at the top
      const std::string name = cell_name(cell);
      if (s.cells[cell] == 'X') {
        set_line(add(marks, "x:" + name + ":0", 0, kX, 0.12f), x + 0.2f, y + 0.2f, x + 0.8f, y + 0.8f);
        set_line(add(marks, "x:" + name + ":1", 0, kX, 0.12f), x + 0.8f, y + 0.2f, x + 0.2f, y + 0.8f);
      } else if (s.cells[cell] == 'O') {
        set_circle(add(marks, "o:" + name, 0, kO, 0.12f), x + 0.5f, y + 0.5f, 0.3f);
      }
      if (view.has_last_action_id() && view.last_action_id() == static_cast<std::uint32_t>(cell))
        corner_brackets(marks, "last", x + 0.05f, y + 0.05f, 0.9f, 0.9f, 0.25f, 0.05f);
      pb::HitArea& hit = add_hit(scene, x, y, 1, 1, name);
      if (!wants_hit_actions(view)) continue;
      if (auto refused = refusal(s, cell)) set_refusal(hit, refused->code, refused->message);
      else add_hit_action(hit, static_cast<std::uint32_t>(cell));
    }
    if (const int line = s.line_of(s.winner()); line >= 0) {
      const auto centre = [](int cell) { return point(cell % 3 + 0.5f, 2 - cell / 3 + 0.5f); };
      set_line(add(marks, "line", 0, kWhite, 0.08f), {centre(kLines[line][0]), centre(kLines[line][2])});
    }
    scene.set_status(s.over() ? result_line(s) : std::string(1, s.to_move()) + " to move");
  }

 private:
  // Why `cell` cannot be played now, or nothing.
  static Outcome refusal(const State& s, int cell) {
    if (s.over()) return refuse(pb::ILLEGAL_ACTION, "the game is over", "T3");
    if (s.cells[cell] != '.') return refuse(pb::ILLEGAL_ACTION, cell_name(cell) + " is taken", "T4");
    return std::nullopt;
  }
  static void describe_move(int cell, pb::ActionInfo& info) {
    info.set_id(static_cast<std::uint32_t>(cell));
    info.set_notation(cell_name(cell));
  }
  static std::string result_line(const State& s) {
    return s.winner() == '.' ? "Draw" : std::string(1, s.winner()) + " wins";
  }
  // Row 3 first, as the board is seen: "X.O\n.X.\n..O\n".
  static std::string diagram(const State& s) {
    std::string text;
    for (int row = 2; row >= 0; --row) text += std::string(&s.cells[row * 3], 3) + "\n";
    return text;
  }
};

}  // namespace tictactoe

GAMEHOST_PLUGIN_ENTRY(tictactoe::Game)
