// RenderScene for City Planning (proto/scene.proto): a simple but complete
// picture of a position for the generic replay viewer.
//
// Board coordinates: point (col, row) (0-based, A1 bottom-left) is drawn at
// x = col + 1, y = 19 - row, so A19 is top-left at (1, 1) and T1 bottom-right
// at (19, 19). Right of the board (x 20.5 .. 28) stand the face-up tiles with
// their waiting stones, the returned tiles, the hands and the scores.
//
// Hidden information: a hand is drawn face up only when its overlay
// ("hand-A", "hand-B") is on; otherwise as face-down coins ("?"). An empty
// overlay list (the default of ViewOptions) therefore shows public
// information only. ViewOptions.seat hides the other seat's hand even with
// its overlay on.
//
// Shape ids: "line:v:N", "line:h:N", "label:...", "zone:M3" (+ ":label"),
// "stone:K10", "coin:M4" (wherever it is: on a point, on a Zone, in a hand),
// "hidden:A:N" (a face-down coin), "faceup:N" (+ ":tile", ":stones"),
// "returned:N", "last", "ghost:ring" (+ "ghost:stone", "ghost:zone",
// "ghost:coin", each with ":label" where it has one).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <utility>

#include "city_planning/core/notation.h"
#include "city_planning/core/scoring.h"
#include "game_adapter.h"
#include "gamehost/kit/scene_shapes.h"

namespace city_planning::plugin {
namespace {

using namespace gamehost::kit;  // Rgba, add, set_rect, ...

constexpr Rgba kBackground = 0x2b2a28ff;
constexpr Rgba kBoard = 0xdcb35cff;
constexpr Rgba kLine = 0x3b2f1cff;
constexpr Rgba kLabel = 0xe8e2d0ff;
constexpr Rgba kBoardLabel = 0x5a4526ff;
constexpr Rgba kPopulation = 0xf7f7f2ff;
constexpr Rgba kResource = 0x1a1a1aff;
constexpr Rgba kHidden = 0x7a7468ff;
constexpr Rgba kLast = 0xff3b30ff;
constexpr Rgba kSlot = 0x44413cff;
constexpr Rgba kGhostRing = 0xf4f4f4ff;
constexpr std::uint8_t kGhostAlpha = 0x9c;

Rgba suit_colour(Suit s) {
  constexpr Rgba c[] = {0xe9b949ff, 0x6aa84fff, 0x4a86c8ff, 0xc8553dff};  // C S M A
  return c[static_cast<int>(s)];
}

float px(Point p) { return static_cast<float>(col_of(p) + 1); }
float py(Point p) { return static_cast<float>(kSize - row_of(p)); }

void circle(pb::Shape& s, float x, float y, float radius) { set_circle(s, point(x, y), radius); }

void text(pb::Shape& s, float x, float y, std::string content, float size,
          pb::Text::Align align = pb::Text::CENTER, bool bold = false) {
  set_text(s, point(x, y), std::move(content), size, align, bold);
}

void line(pb::Shape& s, float x1, float y1, float x2, float y2) { set_line(s, {point(x1, y1), point(x2, y2)}); }

std::string zone_tooltip(const State& s, Tile t) {
  std::string out = "Zone " + piece_name(t) + " (" + std::string(type_name(suit_of(t))) + " " +
                    std::to_string(value_of(t)) + ") on " + point_name(s.zone_center(t));
  std::string devs;
  for (PieceMask d = s.developments_on(t); d; d &= d - 1) devs += " " + piece_name(std::countr_zero(d));
  out += devs.empty() ? ", no Development" : ", Developments" + devs;
  out += ", capacity left " + std::to_string(std::max(0, value_of(t) - s.developed_value(t)));
  return out;
}

// A coin: a disc of its suit's colour with its value.
void coin(pb::Layer& layer, Coin c, float x, float y, float r, const std::string& tooltip,
          pb::Motion motion = pb::SCALE) {
  auto& d = add(layer, "coin:" + piece_name(c), suit_colour(suit_of(c)), 0x000000ff, r * 0.12f);
  circle(d, x, y, r);
  d.set_tooltip(tooltip);
  d.set_motion(motion);
  *d.mutable_pivot() = point(x, y);
  auto& v = add(layer, "coin:" + piece_name(c) + ":label", 0x000000ff);
  text(v, x, y, piece_name(c), r * 0.95f, pb::Text::CENTER, true);
  v.set_motion(motion);
  *v.mutable_pivot() = point(x, y);
}

void stone_disc(pb::Layer& layer, const std::string& id, Stone st, float x, float y, float r,
                const std::string& tooltip) {
  const bool pop = st == Stone::Population;
  auto& d = add(layer, id, pop ? kPopulation : kResource, pop ? 0x555555ff : 0x000000ff, r * 0.12f);
  circle(d, x, y, r);
  d.set_tooltip(tooltip);
  d.set_motion(pb::DROP);
}

// Where action `id` lands on the board and how far around it to ring: its
// point (radius 0.55), a Zone's centre (1.6), a Development on a Zone on
// the board: that Zone's centre; nothing for a pass or chance.
std::optional<std::pair<Point, float>> action_spot(const State& s, std::uint32_t id) {
  const auto a = action_from_id(static_cast<int>(std::min<std::uint32_t>(id, kActionIds)));
  if (!a) return std::nullopt;
  if (a->kind == Action::Kind::Stone || (a->kind == Action::Kind::Develop && a->zone == kNone))
    return std::pair{a->point, 0.55f};
  if (a->kind == Action::Kind::Zone) return std::pair{a->point, 1.6f};
  if (a->kind == Action::Kind::Develop && s.zone_on_board(a->zone)) return std::pair{s.zone_center(a->zone), 1.6f};
  return std::nullopt;
}

// The ghost move (ViewOptions.ghost_action_id): a move that could have been
// played instead of the last one (the better move a review found), drawn
// where it would have gone, translucent inside a bright ring, above the
// pieces, as Alien City draws its ghost.
void add_ghost(const State& s, std::uint32_t id, pb::Scene& scene) {
  const auto spot = action_spot(s, id);
  if (!spot) return;
  const Action a = *action_from_id(static_cast<int>(id));
  const std::string tip = "a better move: " + to_notation(a);
  const float x = px(spot->first), y = py(spot->first);
  auto& layer = add_layer(scene, "ghost");
  auto& ring = add(layer, "ghost:ring", 0, kGhostRing, 0.1f);
  circle(ring, x, y, spot->second);
  ring.set_tooltip(tip);
  const int first = layer.shapes_size();
  if (a.kind == Action::Kind::Stone) {
    stone_disc(layer, "ghost:stone", a.stone, x, y, 0.42f, tip);
  } else if (a.kind == Action::Kind::Zone) {
    const Rgba col = suit_colour(suit_of(a.piece));
    set_rect(add(layer, "ghost:zone", col, col, 0.08f), x - 1.45f, y - 1.45f, 2.9f, 2.9f, 0.2f);
    text(add(layer, "ghost:zone:label", 0x000000ff), x, y - 0.95f, piece_name(a.piece), 0.38f, pb::Text::CENTER, true);
  } else {
    circle(add(layer, "ghost:coin", suit_colour(suit_of(a.piece)), 0x000000ff, 0.05f), x, y, 0.42f);
    text(add(layer, "ghost:coin:label", 0x000000ff), x, y, piece_name(a.piece), 0.4f, pb::Text::CENTER, true);
  }
  for (int i = first; i < layer.shapes_size(); ++i) {
    pb::Shape& sh = *layer.mutable_shapes(i);
    if (sh.fill()) sh.set_fill(with_alpha(sh.fill(), kGhostAlpha));
    if (sh.outline()) sh.set_outline(with_alpha(sh.outline(), kGhostAlpha));
    sh.set_tooltip(tip);
    sh.set_motion(pb::FADE);
  }
}

std::string status_line(const State& s) {
  if (s.is_over()) return result_line(s);
  if (is_chance(s)) {
    switch (s.phase()) {
      case Phase::DrawTile: return "Chance: a tile is turned up";
      case Phase::DrawCoin: return std::string("Chance: ") + player_letter(s.to_move()) + " draws a coin";
      default: return "Chance: setup";
    }
  }
  const std::string who(1, player_letter(*player_to_decide(s)));
  if (s.phase() == Phase::Stones) return who + " to place a stone";
  return who + " to place a Zone or a Development, or pass";
}

}  // namespace

void render_scene(const State& s, const pb::ViewOptions& view, pb::Scene& scene) {
  set_bounds(scene, 0, 0, 28.5f, 20, kBackground);
  scene.set_status(status_line(s));
  // A view for one seat never shows the other hand, whatever the overlays.
  const bool show_hand[2] = {overlay_on(view, "hand-A") && (!view.has_seat() || view.seat() == 0),
                             overlay_on(view, "hand-B") && (!view.has_seat() || view.seat() == 1)};
  for (Player p : {Player::A, Player::B})
    add_overlay(scene, std::string("hand-") + player_letter(p), std::string(1, player_letter(p)) + "'s hand",
                p == Player::A ? "A" : "B", false);

  // The board: wood, 19 x 19 lines, coordinates.
  auto& board = add_layer(scene, "board");
  set_rect(add(board, "wood", kBoard), 0.35f, 0.35f, 19.3f, 19.3f, 0.2f);
  for (int i = 0; i < kSize; ++i) {
    const float v = static_cast<float>(i + 1);
    line(add(board, "line:v:" + std::to_string(i), 0, kLine, 0.03f), v, 1, v, 19);
    line(add(board, "line:h:" + std::to_string(i), 0, kLine, 0.03f), 1, v, 19, v);
    text(add(board, "label:col:" + std::to_string(i), kBoardLabel), v, 0.55f, std::string(1, column_letter(i)), 0.32f);
    text(add(board, "label:row:" + std::to_string(i), kBoardLabel), 0.55f, v, std::to_string(kSize - i), 0.3f);
  }

  // Zones under the pieces: a translucent tile over its 3 x 3 points.
  auto& zones = add_layer(scene, "zones");
  for (PieceMask z = s.zones(); z; z &= z - 1) {
    const Tile t = std::countr_zero(z);
    const Point c = s.zone_center(t);
    const Rgba col = suit_colour(suit_of(t));
    auto& tile = add(zones, "zone:" + piece_name(t), with_alpha(col, 0xb0), col, 0.08f);
    set_rect(tile, px(c) - 1.45f, py(c) - 1.45f, 2.9f, 2.9f, 0.2f);
    tile.set_tooltip(zone_tooltip(s, t));
    tile.set_motion(pb::DROP);
    auto& label = add(zones, "zone:" + piece_name(t) + ":label", 0x000000ff, 0xffffffa0, 0.04f);
    text(label, px(c), py(c) - 0.95f, piece_name(t) + " " + std::string(type_name(suit_of(t))), 0.38f,
         pb::Text::CENTER, true);
    label.set_motion(pb::DROP);
  }

  // Stones, Developments on points and on Zones.
  auto& pieces = add_layer(scene, "pieces");
  for (Point p : s.stones()) {
    const Stone st = *s.stone_at(p);
    stone_disc(pieces, "stone:" + point_name(p), st, px(p), py(p), 0.42f,
               std::string(st == Stone::Population ? "Population" : "Resource") + " stone on " + point_name(p));
  }
  for (Coin c = 0; c < kCoins; ++c) {
    if (s.coin_place(c) == CoinPlace::Point) {
      const Point p = s.coin_where(c);
      coin(pieces, c, px(p), py(p), 0.42f,
           "unincorporated " + std::string(type_name(suit_of(c))) + " Development " + piece_name(c) + " on " +
               point_name(p));
    } else if (s.coin_place(c) == CoinPlace::Zone) {
      const Tile t = s.coin_where(c);
      const Point ctr = s.zone_center(t);
      // Lined up along the Zone's lower half, in coin order.
      int index = 0;
      for (PieceMask d = s.developments_on(t); d && std::countr_zero(d) != c; d &= d - 1) ++index;
      coin(pieces, c, px(ctr) - 0.9f + 0.6f * static_cast<float>(index % 4),
           py(ctr) + 0.25f + 0.6f * static_cast<float>(index / 4), 0.27f,
           "Development " + piece_name(c) + " on Zone " + piece_name(t));
    }
  }
  if (view.has_last_action_id()) {
    if (const auto spot = action_spot(s, view.last_action_id())) {
      auto& ring = add(pieces, "last", 0, kLast, 0.08f);
      circle(ring, px(spot->first), py(spot->first), spot->second);
      ring.set_motion(pb::NONE);
    }
  }
  if (view.has_ghost_action_id()) add_ghost(s, view.ghost_action_id(), scene);

  // Beside the board: face-up tiles with waiting stones, returned tiles,
  // hands, scores.
  auto& side = add_layer(scene, "side");
  const float x0 = 20.6f;
  text(add(side, "label:faceup", kLabel), x0, 0.8f, "Face up", 0.45f, pb::Text::LEFT, true);
  for (int i = 0; i < kFaceUpSlots; ++i) {
    const FaceUp& f = s.face_up()[i];
    const float x = x0 + 2.5f * static_cast<float>(i), y = 1.4f;
    set_rect(add(side, "faceup:" + std::to_string(i), kSlot), x, y, 2.2f, 2.2f, 0.15f);
    if (f.tile == kNone) continue;
    const Rgba col = suit_colour(suit_of(f.tile));
    auto& tile = add(side, "faceup:" + std::to_string(i) + ":tile", col, 0x000000ff, 0.05f);
    set_rect(tile, x + 0.1f, y + 0.1f, 2.0f, 2.0f, 0.15f);
    tile.set_tooltip("face-up tile " + piece_name(f.tile) + " (" + std::string(type_name(suit_of(f.tile))) + " " +
                     std::to_string(value_of(f.tile)) + "), " + std::to_string(f.stones) + " stones waiting");
    tile.set_motion(pb::SCALE);
    text(add(side, "faceup:" + std::to_string(i) + ":label", 0x000000ff), x + 1.1f, y + 0.55f, piece_name(f.tile),
         0.55f, pb::Text::CENTER, true);
    for (int k = 0; k < std::min<int>(f.stones, 8); ++k)
      stone_disc(side, "faceup:" + std::to_string(i) + ":stone:" + std::to_string(k), Stone::Resource,
                 x + 0.35f + 0.45f * static_cast<float>(k % 4), y + 1.25f + 0.45f * static_cast<float>(k / 4), 0.18f,
                 std::to_string(f.stones) + " stones waiting");
    if (f.stones > 8)
      text(add(side, "faceup:" + std::to_string(i) + ":more", 0x000000ff), x + 1.1f, y + 2.0f,
           "+" + std::to_string(f.stones - 8), 0.3f);
  }
  std::string returned;
  for (int i = 0; i < s.returned_count(); ++i) returned += (i ? " " : "") + piece_name(s.returned(i));
  text(add(side, "label:stack", kLabel), x0, 4.2f,
       "Stack: " + std::to_string(std::popcount(s.unseen_tiles())) + " unseen" +
           (returned.empty() ? "" : ", then " + returned) + "; bag: " + std::to_string(s.bag_size()),
       0.36f, pb::Text::LEFT);

  for (Player p : {Player::A, Player::B}) {
    const int i = index_of(p);
    const float y = 5.4f + 2.4f * static_cast<float>(i);
    const std::string who(1, player_letter(p));
    text(add(side, "label:hand:" + who, kLabel), x0, y,
         "Hand " + who + (show_hand[i] ? "" : " (hidden)"), 0.42f, pb::Text::LEFT, true);
    int k = 0;
    if (show_hand[i]) {
      for (PieceMask h = s.hand(p); h; h &= h - 1, ++k)
        coin(side, std::countr_zero(h), x0 + 0.5f + 1.1f * static_cast<float>(k), y + 1.0f, 0.45f,
             "in " + who + "'s hand");
    } else {
      for (; k < s.hand_size(p); ++k) {
        const float cx = x0 + 0.5f + 1.1f * static_cast<float>(k), cy = y + 1.0f;
        auto& d = add(side, "hidden:" + who + ":" + std::to_string(k), kHidden, 0x000000ff, 0.05f);
        circle(d, cx, cy, 0.45f);
        d.set_tooltip("a coin in " + who + "'s hand");
        text(add(side, "hidden:" + who + ":" + std::to_string(k) + ":label", 0x000000ff), cx, cy, "?", 0.45f,
             pb::Text::CENTER, true);
      }
    }
  }
  for (Player p : {Player::A, Player::B}) {
    const std::string who(1, player_letter(p));
    text(add(side, "score:" + who, kLabel), x0, 10.6f + 0.7f * static_cast<float>(index_of(p)),
         who + ": " + std::to_string(s.score(p)) + " points", 0.5f, pb::Text::LEFT, true);
  }
  text(add(side, "label:turn", kLabel), x0, 12.2f,
       "Turn " + std::to_string(s.turn()) + ", phase " + phase_name(s), 0.36f, pb::Text::LEFT);

  // The side panel: scores, Zones, the status of the stack and the bag.
  auto& score = *scene.add_panel();
  score.set_title("Score");
  for (Player p : {Player::A, Player::B}) {
    const std::string who(1, player_letter(p));
    panel_line(score, who + ": " + std::to_string(s.score(p)), "total." + who, std::to_string(s.score(p)), true);
  }
  auto& zl = *scene.add_panel();
  zl.set_title("Zones");
  for (PieceMask z = s.zones(); z; z &= z - 1) {
    const Tile t = std::countr_zero(z);
    panel_line(zl, zone_tooltip(s, t), "zone." + piece_name(t),
               std::to_string(std::max(0, value_of(t) - s.developed_value(t))));
  }
  auto& hands = *scene.add_panel();
  hands.set_title("Hands");
  for (Player p : {Player::A, Player::B}) {
    const std::string who(1, player_letter(p));
    std::string content = who + ": ";
    if (show_hand[index_of(p)]) {
      std::string list;
      for (PieceMask h = s.hand(p); h; h &= h - 1) list += (list.empty() ? "" : " ") + piece_name(std::countr_zero(h));
      content += list.empty() ? "-" : list;
    } else {
      content += std::to_string(s.hand_size(p)) + " coins (hidden)";
    }
    panel_line(hands, content, "hand." + who, std::to_string(s.hand_size(p)));
  }
}

}  // namespace city_planning::plugin
