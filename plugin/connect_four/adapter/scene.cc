// RenderScene for Connect Four (proto/scene.proto): the upright board with
// its holes, the discs (each falls into place when it first appears), the
// last disc dropped and the winning four marked, column letters and row
// numbers, one hover
// area per column (with ViewOptions.hit_actions: the drop it stands for,
// marked at the cell the disc lands on).
//
// Board coordinates: one cell is 1 x 1; cell (col, row) covers
// [col, col+1] x [5-row, 6-row] (a6 top-left, g1 bottom-right). Shape ids:
// "board", "hole:d1", "disc:d1", "last:0".."last:3", "win:d1", "label:d",
// "label:1" (row 1, the bottom one).
#include <bit>

#include "connect_four/core/notation.h"
#include "game_adapter.h"
#include "gamehost/kit/scene_shapes.h"

namespace connect_four::plugin {
namespace {

using namespace gamehost::kit;  // Rgba, point, add, set_rect, ...

// The palette; marks are white (kit::kWhite).
constexpr Rgba kBackground = 0x23262dff, kBoard = 0x1f4fb8ff, kHole = 0x101522ff, kLabel = 0xc9cdd6ff;
constexpr Rgba kDiscColour[] = {0xd7263dff, 0xf4c430ff};  // by seat: Red, Yellow
constexpr float kDisc = 0.4f;                            // radius

std::string cell_name(int col, int row) { return column_name(col) + std::to_string(row + 1); }
pb::Point cell_center(int col, int row) { return point(col + 0.5f, kRows - 1 - row + 0.5f); }
Rgba disc_colour(Player p) { return kDiscColour[index_of(p)]; }

void add_board(pb::Layer& layer) {
  set_rect(add(layer, "board", kBoard), -0.15f, -0.15f, kCols + 0.3f, kRows + 0.3f, 0.25f);
  for (int col = 0; col < kCols; ++col) {
    for (int row = 0; row < kRows; ++row)
      set_circle(add(layer, "hole:" + cell_name(col, row), kHole), cell_center(col, row), kDisc);
    set_text(add(layer, "label:" + column_name(col), kLabel), point(col + 0.5f, kRows + 0.45f), column_name(col),
             0.4f);
  }
  // Row numbers on the left, as cells are named (e5: column e, row 5).
  for (int row = 0; row < kRows; ++row)
    set_text(add(layer, "label:" + std::to_string(row + 1), kLabel), point(-0.4f, kRows - 1 - row + 0.5f),
             std::to_string(row + 1), 0.36f);
}

void add_discs(const State& s, pb::Layer& layer) {
  for (int col = 0; col < kCols; ++col)
    for (int row = 0; row < s.height(col); ++row) {
      const Player p = *s.at(col, row);
      pb::Shape& d = add(layer, "disc:" + cell_name(col, row), disc_colour(p), mix(disc_colour(p), kBlack, 0.35f),
                         0.05f);
      set_circle(d, cell_center(col, row), kDisc);
      d.set_motion(pb::DROP);
      d.set_solid(true);  // labels stay off it
      d.set_tooltip(std::string(player_name(p)) + " disc on " + cell_name(col, row));
    }
}

// The last disc dropped (corner brackets) and the winning four (white rings).
void add_marks(const State& s, const pb::ViewOptions& view, pb::Layer& layer) {
  if (view.has_last_action_id() && view.last_action_id() < static_cast<std::uint32_t>(kCols)) {
    const int col = static_cast<int>(view.last_action_id());
    if (s.height(col) > 0) {
      // Corner brackets round its cell, as every game marks its last move.
      const pb::Point c = cell_center(col, s.height(col) - 1);
      const int first = layer.shapes_size();
      corner_brackets(layer, "last", c.x() - 0.47f, c.y() - 0.47f, 0.94f, 0.94f, 0.28f, 0.06f);
      for (int i = first; i < layer.shapes_size(); ++i) layer.mutable_shapes(i)->set_motion(pb::NONE);
    }
  }
  for (Bitboard w = s.winning_cells(); w; w &= w - 1) {
    const int bit = std::countr_zero(w), col = bit / (kRows + 1), row = bit % (kRows + 1);
    pb::Shape& ring = add(layer, "win:" + cell_name(col, row), 0, kWhite, 0.1f);
    set_circle(ring, cell_center(col, row), kDisc * 0.55f);
    ring.set_tooltip("four in a line");
  }
}

std::string status_line(const State& s) {
  if (s.is_over()) return result_line(s);
  return std::string(player_name(s.to_move())) + " to drop a disc";
}

// What a Connect Four player watches for: the cells where either player
// would complete four, the playable ones first ("wins now" for the mover,
// "must be blocked" against the other). A finished game shows no panel:
// the status line says the result.
void add_threats(const State& s, pb::PanelSection& panel) {
  const Player mover = s.to_move();
  for (Player p : {mover, other(mover)}) {
    std::string now, later;
    const Bitboard threats = threat_cells(s, p);
    for (int col = 0; col < kCols; ++col)
      for (int row = s.height(col); row < kRows; ++row)
        if (threats & cell_bit(col, row)) {
          std::string& list = row == s.height(col) ? now : later;
          list += (list.empty() ? "" : " ") + cell_name(col, row);
        }
    const std::string name = player_name(p);
    const std::string all = now.empty() ? later : later.empty() ? now : now + " " + later;
    std::string text = name + ": ";
    if (all.empty()) text += "no threat";
    if (!now.empty()) text += (p == mover ? "wins now at " : "must be blocked at ") + now;
    if (!later.empty()) text += (now.empty() ? "threatens " : "; threatens ") + later;
    panel_line(panel, text, "threats." + name, all.empty() ? "-" : all).set_highlight(!now.empty());
  }
}

}  // namespace

void render_scene(const State& s, const pb::ViewOptions& view, pb::Scene& scene) {
  set_bounds(scene, -0.6f, -0.6f, kCols + 1.2f, kRows + 1.6f, kBackground);
  scene.set_status(status_line(s));
  add_board(add_layer(scene, "board"));
  add_discs(s, add_layer(scene, "discs"));
  add_marks(s, view, add_layer(scene, "marks"));
  // One area per column; with hit_actions it carries the drop there, or
  // why not (full, game over).
  for (int col = 0; col < kCols; ++col) {
    pb::HitArea& hit = add_hit(scene, static_cast<float>(col), 0, 1, kRows, column_name(col));
    if (!wants_hit_actions(view)) continue;
    if (const auto why = s.check_drop(col)) set_refusal(hit, why->code, why->message);
    else {
      add_hit_action(hit, static_cast<std::uint32_t>(col));
      // The viewer's marks for this drop (the engine's discs) go on the
      // empty cell it fills, not mid-column over the discs below.
      *hit.mutable_mark_at() = cell_center(col, s.height(col));
    }
  }
  auto& panel = add_section(scene, "Game");
  panel_line(panel, status_line(s), "status", s.is_over() ? "over" : player_name(s.to_move()), true);
  for (Player p : {Player::Red, Player::Yellow}) {
    const int n = std::popcount(s.discs(p));
    panel_line(panel, std::string(player_name(p)) + ": " + std::to_string(n) + " discs",
               std::string("discs.") + player_name(p), std::to_string(n));
  }
  if (!s.is_over()) add_threats(s, add_section(scene, "Threats"));
}

}  // namespace connect_four::plugin
