// RenderScene for City Planning (proto/scene.proto): a simple but complete
// picture of a position for the generic replay viewer.
//
// Board coordinates: point (col, row) (0-based, A1 bottom-left) is drawn at
// x = col + 1, y = 19 - row, so A19 is top-left at (1, 1) and T1 bottom-right
// at (19, 19); the coordinates stand left of and above the lines. Below the
// board (y 20 .. 23.3) stand the face-up tiles with their waiting stones,
// the hands, the scores and the stack, so the board gets the whole width of
// the viewer's board area (one point is about 33 px at 1280x800, and no
// text is under 0.37 units, about 12 px).
//
// Pieces (stones, coins, face-up tiles, hidden coins, their labels) are
// Shape.solid: the viewer keeps its labels off them.
//
// Hidden information: a hand is drawn face up only when its overlay
// ("hand-A", "hand-B") is on; otherwise as face-down coins ("?"). An empty
// overlay list (the default of ViewOptions) therefore shows public
// information only. With ViewOptions.seat the seat's own hand is always
// shown and the other seat's never, whatever the overlays.
//
// Shape ids: "line:v:N", "line:h:N", "label:...", "zone:M3" (+ ":label"),
// "stone:K10", "coin:M4" (wherever it is: on a point, on a Zone, in a hand),
// "hidden:A:N" (a face-down coin), "faceup:N" (+ ":tile", ":stones"),
// "last:0".."last:3" (the last move's corner brackets), "ghost:ring" (+
// "ghost:stone", "ghost:zone", "ghost:coin", each with ":label" where it
// has one), "legal:K10" (the "legal" overlay's dots). "Why it scores" (the panel) is
// scene_why.cc.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "city_planning/core/notation.h"
#include "city_planning/core/scoring.h"
#include "game_adapter.h"
#include "gamehost/kit/scene_shapes.h"

namespace city_planning::plugin {

gamehost::kit::Rgba suit_colour(Suit s) {
  constexpr gamehost::kit::Rgba c[] = {0xe9b949ff, 0x6aa84fff, 0x4a86c8ff, 0xc8553dff};  // C S M A
  return c[static_cast<int>(s)];
}

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
constexpr Rgba kSlot = 0x44413cff;
constexpr float kSmallest = 0.37f;  // the smallest text, about 12 px
constexpr Rgba kGhostRing = 0xf4f4f4ff;
constexpr std::uint8_t kGhostAlpha = 0x9c;
constexpr Rgba kLegalDot = 0x35d07fe0;  // the "legal" overlay's dots, green on the wood

float px(Point p) { return static_cast<float>(col_of(p) + 1); }
float py(Point p) { return static_cast<float>(kSize - row_of(p)); }

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
  auto& d = add(layer, "coin:" + piece_name(c), suit_colour(suit_of(c)), kBlack, r * 0.12f);
  set_circle(d, x, y, r);
  d.set_tooltip(tooltip);
  d.set_motion(motion);
  d.set_solid(true);
  *d.mutable_pivot() = point(x, y);
  auto& v = add(layer, "coin:" + piece_name(c) + ":label", kBlack);
  set_text(v, x, y, piece_name(c), std::max(kSmallest, r * 0.95f), pb::Text::CENTER, true);
  v.set_motion(motion);
  v.set_solid(true);
  *v.mutable_pivot() = point(x, y);
}

void stone_disc(pb::Layer& layer, const std::string& id, Stone st, float x, float y, float r,
                const std::string& tooltip) {
  const bool pop = st == Stone::Population;
  auto& d = add(layer, id, pop ? kPopulation : kResource, pop ? 0x555555ff : kBlack, r * 0.12f);
  set_circle(d, x, y, r);
  d.set_tooltip(tooltip);
  d.set_motion(pb::DROP);
  d.set_solid(true);
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
  set_circle(ring, x, y, spot->second);
  ring.set_tooltip(tip);
  const int first = layer.shapes_size();
  if (a.kind == Action::Kind::Stone) {
    stone_disc(layer, "ghost:stone", a.stone, x, y, 0.42f, tip);
  } else if (a.kind == Action::Kind::Zone) {
    const Rgba col = suit_colour(suit_of(a.piece));
    set_rect(add(layer, "ghost:zone", col, col, 0.08f), x - 1.45f, y - 1.45f, 2.9f, 2.9f, 0.2f);
    set_text(add(layer, "ghost:zone:label", kBlack), x, y - 1.02f, piece_name(a.piece), 0.42f, pb::Text::CENTER, true);
  } else {
    set_circle(add(layer, "ghost:coin", suit_colour(suit_of(a.piece)), kBlack, 0.05f), x, y, 0.42f);
    set_text(add(layer, "ghost:coin:label", kBlack), x, y, piece_name(a.piece), 0.4f, pb::Text::CENTER, true);
  }
  for (int i = first; i < layer.shapes_size(); ++i) {
    pb::Shape& sh = *layer.mutable_shapes(i);
    if (sh.fill()) sh.set_fill(with_alpha(sh.fill(), kGhostAlpha));
    if (sh.outline()) sh.set_outline(with_alpha(sh.outline(), kGhostAlpha));
    sh.set_tooltip(tip);
    sh.set_motion(pb::FADE);
  }
}

// Clickable moves (ViewOptions.hit_actions, docs/interface.md): one area
// per point, carrying every legal decision that lands there (a stone, a
// Zone centred there, a Development there or on the Zone centred there),
// named by its notation; a pass and chance outcomes are not on the board
// (the viewer offers them as buttons). A point with none says why, as the
// ruling of the decision a click there would most likely mean. A view for
// one seat offers nothing while the other seat decides: its Developments
// would show that seat's hidden hand.
void add_point_hits(const State& s, const pb::ViewOptions& view, pb::Scene& scene) {
  const auto mover = player_to_decide(s);
  const bool hidden = view.has_seat() && mover && view.seat() != index_of(*mover);
  std::vector<std::vector<std::pair<std::uint32_t, std::string>>> at(kPoints);
  if (!hidden)
    for (const Action& a : legal_actions(s))
      if (const auto spot = action_spot(s, static_cast<std::uint32_t>(action_id(a))))
        at[spot->first].push_back({static_cast<std::uint32_t>(action_id(a)), to_notation(s, a)});
  for (Point p = 0; p < kPoints; ++p) {
    pb::HitArea& hit = add_hit(scene, px(p) - 0.5f, py(p) - 0.5f, 1, 1, point_name(p));
    for (auto& [id, label] : at[p]) add_hit_action(hit, id, std::move(label));
    if (!at[p].empty()) continue;
    if (hidden) {
      set_refusal(hit, "C5", std::string("ruling C5: it is ") + player_letter(*mover) + "'s decision");
      continue;
    }
    const bool coin = mover && s.phase() != Phase::Stones && s.hand(*mover);
    const Action meant = coin ? Action::develop_at(static_cast<Coin>(std::countr_zero(s.hand(*mover))), p)
                              : Action::place_stone(Stone::Population, p);
    if (const auto why = check_action(s, meant)) set_refusal(hit, why->code, why->message);
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

// The "legal" overlay (L): a dot on each point where the player to decide
// may place something now (a stone, a Zone's centre, a Development), so a
// click on the analysis board is not a guess. A Development's points are
// marked only where that player's hand is shown: they would tell a hidden
// hand's coins.
void add_legal_points(const State& s, const bool show_hand[2], pb::Scene& scene) {
  const auto mover = player_to_decide(s);
  if (!mover || (s.phase() != Phase::Stones && !show_hand[index_of(*mover)])) return;
  std::vector<int> moves_at(kPoints, 0);
  for (const Action& a : legal_actions(s))
    if (const auto spot = action_spot(s, static_cast<std::uint32_t>(action_id(a)))) ++moves_at[spot->first];
  auto& layer = add_layer(scene, "legal");
  for (Point p = 0; p < kPoints; ++p) {
    if (moves_at[p] == 0) continue;
    auto& dot = add(layer, "legal:" + point_name(p), kLegalDot, kBlack, 0.03f);
    set_circle(dot, px(p), py(p), 0.17f);
    dot.set_motion(pb::NONE);
    dot.set_tooltip(point_name(p) + ": " + std::to_string(moves_at[p]) + (moves_at[p] == 1 ? " legal move" : " legal moves") +
                    " for " + player_letter(*mover));
  }
}

// scene_why.cc
void add_why_it_scores(const State& s, pb::Scene& scene);

void render_scene(const State& s, const pb::ViewOptions& view, pb::Scene& scene) {
  set_bounds(scene, -0.45f, -0.45f, 20.2f, 23.75f, kBackground);
  scene.set_status(status_line(s));
  // A view for one seat always shows its own hand and never the other,
  // whatever the overlays; without a seat, the overlays decide.
  const auto hand_shown = [&view](int seat, const char* overlay) {
    return view.has_seat() ? view.seat() == seat : overlay_on(view, overlay);
  };
  const bool show_hand[2] = {hand_shown(0, "hand-A"), hand_shown(1, "hand-B")};
  for (Player p : {Player::A, Player::B})
    add_overlay(scene, std::string("hand-") + player_letter(p), std::string(1, player_letter(p)) + "'s hand",
                p == Player::A ? "A" : "B", false);
  add_overlay(scene, "legal", "legal points of the player to decide", "L", false);

  // The board: wood, 19 x 19 lines, coordinates.
  auto& board = add_layer(scene, "board");
  set_rect(add(board, "wood", kBoard), -0.35f, -0.35f, 20, 20, 0.2f);
  for (int i = 0; i < kSize; ++i) {
    const float v = static_cast<float>(i + 1);
    set_line(add(board, "line:v:" + std::to_string(i), 0, kLine, 0.03f), v, 1, v, 19);
    set_line(add(board, "line:h:" + std::to_string(i), 0, kLine, 0.03f), 1, v, 19, v);
    set_text(add(board, "label:col:" + std::to_string(i), kBoardLabel), v, 0.12f, std::string(1, column_letter(i)), 0.42f);
    set_text(add(board, "label:row:" + std::to_string(i), kBoardLabel), 0.12f, v, std::to_string(kSize - i), 0.42f);
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
    // The name inside the Zone's upper half, in two lines (one would run
    // into the neighbours); Developments line up in the lower half.
    auto& label = add(zones, "zone:" + piece_name(t) + ":label", kBlack, 0xffffffa0, 0.04f);
    set_text(label, px(c), py(c) - 1.02f, piece_name(t), 0.42f, pb::Text::CENTER, true);
    label.set_motion(pb::DROP);
    auto& type = add(zones, "zone:" + piece_name(t) + ":type", kBlack, 0xffffffa0, 0.04f);
    set_text(type, px(c), py(c) - 0.52f, std::string(type_name(suit_of(t))), kSmallest);
    type.set_motion(pb::DROP);
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
      coin(pieces, c, px(ctr) - 0.8f + 0.8f * static_cast<float>(index % 3),
           py(ctr) + 0.46f + 0.76f * static_cast<float>(index / 3), 0.36f,
           "Development " + piece_name(c) + " on Zone " + piece_name(t));
    }
  }
  if (view.has_last_action_id()) {
    if (const auto spot = action_spot(s, view.last_action_id())) {
      // Corner brackets, as Alien City marks its last move (kit::kLastMove).
      const float r = spot->second;
      const int first = pieces.shapes_size();
      corner_brackets(pieces, "last", px(spot->first) - r, py(spot->first) - r, 2 * r, 2 * r, 0.64f * r, 0.08f);
      for (int i = first; i < pieces.shapes_size(); ++i) pieces.mutable_shapes(i)->set_motion(pb::NONE);
    }
  }
  if (view.has_ghost_action_id()) add_ghost(s, view.ghost_action_id(), scene);
  if (overlay_on(view, "legal")) add_legal_points(s, show_hand, scene);

  // Below the board: face-up tiles with waiting stones, hands, scores and
  // the stack.
  auto& side = add_layer(scene, "side");
  const float top = 20.0f;
  set_text(add(side, "label:faceup", kLabel), -0.3f, top + 0.25f, "Face up", 0.42f, pb::Text::LEFT, true);
  for (int i = 0; i < kFaceUpSlots; ++i) {
    const FaceUp& f = s.face_up()[i];
    const float x = -0.3f + 2.45f * static_cast<float>(i), y = top + 0.6f;
    set_rect(add(side, "faceup:" + std::to_string(i), kSlot), x, y, 2.2f, 2.2f, 0.15f);
    if (f.tile == kNone) continue;
    const Rgba col = suit_colour(suit_of(f.tile));
    auto& tile = add(side, "faceup:" + std::to_string(i) + ":tile", col, kBlack, 0.05f);
    set_rect(tile, x + 0.1f, y + 0.1f, 2.0f, 2.0f, 0.15f);
    tile.set_tooltip("face-up tile " + piece_name(f.tile) + " (" + std::string(type_name(suit_of(f.tile))) + " " +
                     std::to_string(value_of(f.tile)) + "), " + std::to_string(f.stones) + " stones waiting");
    tile.set_motion(pb::SCALE);
    tile.set_solid(true);
    auto& name = add(side, "faceup:" + std::to_string(i) + ":label", kBlack);
    set_text(name, x + 1.1f, y + 0.55f, piece_name(f.tile), 0.55f, pb::Text::CENTER, true);
    name.set_solid(true);
    // Up to 8 waiting stones in two rows; more: one row and "+N" below.
    const int shown = f.stones > 8 ? 4 : f.stones;
    for (int k = 0; k < shown; ++k)
      stone_disc(side, "faceup:" + std::to_string(i) + ":stone:" + std::to_string(k), Stone::Resource,
                 x + 0.35f + 0.45f * static_cast<float>(k % 4), y + 1.25f + 0.45f * static_cast<float>(k / 4), 0.18f,
                 std::to_string(f.stones) + " stones waiting");
    if (shown < f.stones) {
      auto& more = add(side, "faceup:" + std::to_string(i) + ":more", kBlack);
      set_text(more, x + 1.1f, y + 1.72f, "+" + std::to_string(f.stones - shown), kSmallest, pb::Text::CENTER, true);
      more.set_solid(true);
    }
  }
  for (Player p : {Player::A, Player::B}) {
    const int i = index_of(p);
    const float x0 = 7.4f + 6.2f * static_cast<float>(i);
    const std::string who(1, player_letter(p));
    set_text(add(side, "label:hand:" + who, kLabel), x0, top + 0.25f,
         "Hand " + who + (show_hand[i] ? "" : " (hidden)"), 0.42f, pb::Text::LEFT, true);
    // Up to six coins side by side; more share the same width.
    const int n = show_hand[i] ? std::popcount(s.hand(p)) : s.hand_size(p);
    const float step = std::min(1.0f, 5.4f / static_cast<float>(std::max(1, n - 1)));
    int k = 0;
    if (show_hand[i]) {
      for (PieceMask h = s.hand(p); h; h &= h - 1, ++k)
        coin(side, std::countr_zero(h), x0 + 0.45f + step * static_cast<float>(k), top + 1.2f, 0.45f,
             "in " + who + "'s hand");
    } else {
      for (; k < s.hand_size(p); ++k) {
        const float cx = x0 + 0.45f + step * static_cast<float>(k), cy = top + 1.2f;
        auto& d = add(side, "hidden:" + who + ":" + std::to_string(k), kHidden, kBlack, 0.05f);
        set_circle(d, cx, cy, 0.45f);
        d.set_tooltip("a coin in " + who + "'s hand");
        d.set_solid(true);
        auto& q = add(side, "hidden:" + who + ":" + std::to_string(k) + ":label", kBlack);
        set_text(q, cx, cy, "?", 0.45f, pb::Text::CENTER, true);
        q.set_solid(true);
      }
    }
    set_text(add(side, "score:" + who, kLabel), x0, top + 2.3f, who + ": " + std::to_string(s.score(p)) + " points",
         0.5f, pb::Text::LEFT, true);
  }
  // The stack in short (the returned tiles are listed in the panel).
  set_text(add(side, "label:stack", kLabel), 7.4f, top + 3.0f,
       "Stack " + std::to_string(std::popcount(s.unseen_tiles())) + " unseen + " +
           std::to_string(s.returned_count()) + " returned  ·  bag " + std::to_string(s.bag_size()) +
           "  ·  turn " + std::to_string(s.turn()) + ", " + phase_name(s),
       kSmallest, pb::Text::LEFT);

  // The side panel: scores, hands, the stack and the bag, why it scores.
  auto& score = add_section(scene, "Score");
  for (Player p : {Player::A, Player::B}) {
    const std::string who(1, player_letter(p));
    panel_line(score, who + ": " + std::to_string(s.score(p)), "total." + who, std::to_string(s.score(p)), true);
  }
  auto& hands = add_section(scene, "Hands");
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
  std::string returned;
  for (int i = 0; i < s.returned_count(); ++i) returned += (i ? " " : "") + piece_name(s.returned(i));
  auto& stack = add_section(scene, "Stack");
  panel_line(stack,
             std::to_string(std::popcount(s.unseen_tiles())) + " tiles unseen" +
                 (returned.empty() ? "" : ", then the returned " + returned) + "; " +
                 std::to_string(s.bag_size()) + " coins in the bag; turn " + std::to_string(s.turn()) + ", phase " +
                 phase_name(s),
             "stack", std::to_string(std::popcount(s.unseen_tiles()) + s.returned_count()));
  add_why_it_scores(s, scene);
  if (wants_hit_actions(view)) add_point_hits(s, view, scene);
}

}  // namespace city_planning::plugin
