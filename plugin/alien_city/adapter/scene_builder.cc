// The board part of the Alien City scene: tiles, the lot grid and its
// coordinates, the street network, icons, structures, caps, the last action,
// the legality overlay and the hit areas. The selection, routes and panel
// are in scene_teaching.cc.
#include "scene_builder.h"

#include "alien_city/core/notation.h"
#include "scene_shapes.h"

namespace alien_city::plugin {

namespace detail {
// scene_teaching.cc
void add_teaching(const State& s, const SceneView& view, pb::Scene& out);
void add_panel(const State& s, const SceneView& view, pb::Scene& out);
std::string status_line(const State& s);
// scene_ghost.cc
void add_ghost(const Action& a, pb::Scene& out);
// scene_editor.cc
void add_editor(const State& s, pb::Scene& out);
}  // namespace detail

namespace {

using namespace draw;

// A street lot is a small square of paving in its centre, joined to each
// neighbouring street by a narrower road: the network reads at a glance, and
// most of every empty lot still shows its tile's colour (its zoning).
constexpr float kPlaza = 0.46f;  // side of a street lot's paving
constexpr float kRoadWidth = 0.3f;

void add_board(const State& s, pb::Layer& tiles, pb::Layer& grid) {
  // A ring around the tiles (a filled frame under them would cost a whole
  // board of pixels in every frame on a software renderer).
  pb::Shape& frame = add(tiles, "frame", 0, kTileBorder, 0.1f);
  set_rect(frame, -0.08f, -0.08f, kCols + 0.16f, kRows + 0.16f, 0.12f);
  for (int t = 0; t < kTiles; ++t) {
    const Lot top_left = tile_lot(t, Corner::NorthWest);
    pb::Shape& tile = add(tiles, "tile:" + std::to_string(t), tile_colour(s.layout().colour[t]));
    set_rect(tile, lot_x(top_left), lot_y(top_left), 2, 2);
  }
  // Lot lines inside the tiles, then the tiles' borders over them.
  for (int x = 1; x < kCols; x += 2) set_line(add(grid, "vl:" + std::to_string(x), 0, kLotLine, 0.025f), {point(x, 0), point(x, kRows)});
  for (int y = 1; y < kRows; y += 2) set_line(add(grid, "hl:" + std::to_string(y), 0, kLotLine, 0.025f), {point(0, y), point(kCols, y)});
  for (int x = 0; x <= kCols; x += 2) set_line(add(grid, "vt:" + std::to_string(x), 0, kTileBorder, 0.05f), {point(x, -0.02f), point(x, kRows + 0.02f)});
  for (int y = 0; y <= kRows; y += 2) set_line(add(grid, "ht:" + std::to_string(y), 0, kTileBorder, 0.05f), {point(-0.02f, y), point(kCols + 0.02f, y)});
  for (int c = 0; c < kCols; ++c) {
    const std::string letter(1, static_cast<char>('A' + c));
    set_text(add(grid, "colb:" + letter, kLabel), point(c + 0.5f, kRows + 0.36f), letter, 0.34f);
    set_text(add(grid, "colt:" + letter, kLabel), point(c + 0.5f, -0.36f), letter, 0.34f);
  }
  for (int r = 0; r < kRows; ++r) {
    const std::string number = std::to_string(r + 1);
    const float y = kRows - 1 - r + 0.5f;
    set_text(add(grid, "rowl:" + number, kLabel), point(-0.36f, y), number, 0.34f);
    set_text(add(grid, "rowr:" + number, kLabel), point(kCols + 0.36f, y), number, 0.34f);
  }
}

void add_streets(const State& s, pb::Layer& layer) {
  const LotSet streets = s.streets();
  const float road_inset = (1 - kRoadWidth) / 2;
  for (Lot l : streets) {
    const int c = col_of(l), r = row_of(l);
    if (c + 1 < kCols && streets.contains(lot_at(c + 1, r))) {
      pb::Shape& j = add(layer, "road:" + lot_name(l) + "-" + lot_name(lot_at(c + 1, r)), kRoad);
      set_rect(j, lot_x(l) + 0.5f, lot_y(l) + road_inset, 1, kRoadWidth);
      j.set_motion(pb::FADE);
    }
    if (r + 1 < kRows && streets.contains(lot_at(c, r + 1))) {
      pb::Shape& j = add(layer, "road:" + lot_name(l) + "-" + lot_name(lot_at(c, r + 1)), kRoad);
      set_rect(j, lot_x(l) + road_inset, lot_y(l) - 0.5f, kRoadWidth, 1);
      j.set_motion(pb::FADE);
    }
  }
  for (Lot l : streets) lot_square(layer, "street:" + lot_name(l), l, kPlaza, 0.08f, kRoad).set_motion(pb::FADE);
}

std::string piece_words(Piece p) { return piece_name(p); }

// In the board editor a click edits the lot: the tooltip says so, not that
// a click explains the tower's score.
std::string structure_tooltip(const State& s, Lot l, bool editing) {
  const Piece p = *s.piece_at(l);
  std::string t = piece_words(p) + " on " + lot_name(l);
  if (is_tower(p)) {
    if (const auto owner = s.claimed_by(l)) t += ", claimed by " + std::string(player_name(*owner));
    else t += ", unclaimed";
    if (!editing) t += " (click to see how it scores)";
  }
  if (editing) t += " (click to edit this lot)";
  return t;
}

void add_structures(const State& s, const SceneView& view, pb::Layer& pieces, pb::Layer& caps) {
  if (view.last && view.last->lot != kNoLot) {
    // Invisible: it carries the tooltip; the corner brackets show the lot.
    pb::Shape& last = lot_square(pieces, "last", view.last->lot, 0.98f, 0.1f, 0, 0, 0);
    last.set_tooltip("the last move: " + to_notation(*view.last));
    corner_marks(pieces, "last", view.last->lot, kLastAction, 0.08f);
  }
  for (Lot l : s.built()) {
    const Piece p = *s.piece_at(l);
    const Colour c = piece_colour(p);
    const pb::Point at = center(l);
    const std::string id = "piece:" + lot_name(l);
    const std::string tip = structure_tooltip(s, l, view.edit);
    if (is_tower(p)) {
      pyramid(pieces, id, at, 0.74f, guild_colour(c), mix(guild_colour(c), 0x000000ff, 0.55f), pb::SCALE, tip);
      // The guild's glyph on the south face (below the cap), so the colour
      // never has to be told by hue alone.
      guild_icon(pieces, id + ":g", c, point(at.x(), at.y() + kTowerGlyphDy), kTowerGlyph, pb::SCALE, glyph_colour(c));
      *pieces.mutable_shapes(pieces.shapes_size() - 1)->mutable_pivot() = at;
      if (const auto owner = s.claimed_by(l)) {
        const Rgba edge = *owner == Player::White ? 0x3a3a3aff : 0xd8d8d8ff;
        pyramid(caps, "cap:" + lot_name(l), at, 0.3f, player_colour(*owner), edge, pb::DROP,
                tip);
      }
    } else {
      const Rgba base = guild_colour(c);
      pb::Shape& dome = add(pieces, id + ":d", base, mix(base, c == Colour::Black ? 0x909090ff : 0x000000ff, 0.5f), 0.04f);
      set_circle(dome, at, 0.33f);
      pb::Shape& shine = add(pieces, id + ":h", mix(base, 0xffffffff, c == Colour::Black ? 0.28f : 0.4f));
      set_circle(shine, point(at.x() - 0.1f, at.y() - 0.1f), 0.12f);
      guild_icon(pieces, id + ":g", c, at, kDomeGlyph, pb::SCALE, glyph_colour(c));
      pb::Shape& glyph = *pieces.mutable_shapes(pieces.shapes_size() - 1);
      for (pb::Shape* sh : {&dome, &shine, &glyph}) {
        sh->set_motion(pb::SCALE);
        *sh->mutable_pivot() = at;
        sh->set_tooltip(tip);
      }
    }
  }
}

void add_icons(const State& s, pb::Layer& layer) {
  for (Lot l : s.icon_lots()) {
    const Colour c = s.tile_colour_of(l);
    if (s.piece_at(l)) guild_icon(layer, "icon:" + lot_name(l), c, point(lot_x(l) + 0.15f, lot_y(l) + 0.15f), 0.22f, pb::FADE);
    else guild_icon(layer, "icon:" + lot_name(l), c, center(l), 0.56f, pb::FADE);
    layer.mutable_shapes(layer.shapes_size() - 1)->set_tooltip(
        lot_name(l) + ": the " + std::string(colour_name(c)) + " tile's icon lot (built last on its tile)");
  }
}

// For the player who builds next: lots where a build is legal (what may go
// there), and why not on every other empty lot.
void add_legal(const State& s, const SceneView& view, pb::Layer& layer) {
  if (s.is_over()) return;
  const Player p = s.phase() == Phase::Build ? s.to_move() : s.next_builder();
  State builder = s;
  builder.set_turn(p, Phase::Build, p);
  const BuildLots lots = legal_builds(builder, p);
  for (Lot l : s.streets()) {
    std::string what;
    for (int k = 0; k < kPieceKinds; ++k)
      if (lots.lots[k].contains(l)) what += std::string(what.empty() ? "" : ", ") + std::string(piece_code(static_cast<Piece>(k)));
    const bool hovered = view.hovered == l;
    if (!what.empty()) {
      // Inside the paving, so the tile's colour stays visible around it.
      pb::Shape& m = lot_square(layer, "legal:" + lot_name(l), l, 0.62f, 0.1f, with_alpha(kLegal, 0x48), kLegal,
                                hovered ? 0.08f : 0.045f);
      m.set_tooltip(lot_name(l) + ": " + std::string(player_name(p)) + " may build " + what);
    } else {
      const auto why = why_not_lot(builder, l);
      pb::Shape& area = lot_square(layer, "legal:" + lot_name(l), l, 0.9f, 0.12f, 0,
                                   hovered ? with_alpha(kIllegal, 0xc0) : 0, 0.05f);
      area.set_tooltip(why ? why->message : lot_name(l) + ": nothing can be built here");
      const pb::Point c = center(l);
      pb::Shape& cross = add(layer, "illegal:" + lot_name(l), with_alpha(kIllegal, 0xe0));
      set_polygon(cross, {{-0.5f, -0.3f}, {-0.3f, -0.5f}, {0, -0.2f}, {0.3f, -0.5f}, {0.5f, -0.3f}, {0.2f, 0},
                          {0.5f, 0.3f}, {0.3f, 0.5f}, {0, 0.2f}, {-0.3f, 0.5f}, {-0.5f, 0.3f}, {-0.2f, 0}},
                  point(c.x() + 0.26f, c.y() - 0.26f), 0.2f);
      cross.set_tooltip(area.tooltip());
    }
  }
}

// What a click on `lot` plays (docs/interface.md, "Clickable moves"): in a
// build, the pieces the mover may build there (a picker when several); in a
// claim decision, the claim of an unclaimed tower there (decline is not on
// the board: the viewer offers it as a button). Else the ruling that
// forbids it.
void add_lot_actions(const State& s, const BuildLots& builds, Lot l, pb::HitArea& h) {
  if (s.phase() == Phase::Build && !s.is_over()) {
    for (int k = 0; k < kPieceKinds; ++k)
      if (builds.lots[k].contains(l))
        add_hit_action(h, static_cast<std::uint32_t>(action_id(Action::build(static_cast<Piece>(k), l))),
                       piece_name(static_cast<Piece>(k)));
    if (h.actions_size() == 0)
      if (const auto why = why_not_lot(s, l)) set_refusal(h, why->code, why->message);
    return;
  }
  const Action claim = Action::claim(l);
  if (const auto why = check_action(s, claim)) set_refusal(h, why->code, why->message);
  else add_hit_action(h, static_cast<std::uint32_t>(action_id(claim)), "claim the tower on " + lot_name(l));
}

void add_hits(const State& s, const SceneView& view, pb::Scene& out) {
  BuildLots builds;
  if (view.hit_actions && s.phase() == Phase::Build && !s.is_over()) builds = legal_builds(s, s.to_move());
  for (Lot l = 0; l < kLots; ++l) {
    pb::HitArea& h = add_hit(out, lot_x(l), lot_y(l), 1, 1, lot_name(l));
    if (s.towers().contains(l)) h.set_select(lot_name(l));
    if (view.hit_actions && !view.edit) add_lot_actions(s, builds, l, h);
  }
}

}  // namespace

pb::Point lot_center(Lot lot) { return center(lot); }

SceneView decode_view(const pb::ViewOptions& view) {
  SceneView v;
  if (auto l = parse_lot(view.selected())) v.selected = *l;
  if (auto l = parse_lot(view.hovered())) v.hovered = *l;
  v.streets = v.legal = v.paths = false;
  for (const std::string& o : view.overlays()) {
    if (o == "streets") v.streets = true;
    else if (o == "legal") v.legal = true;
    else if (o == "paths") v.paths = true;
  }
  if (view.has_last_action_id() && view.last_action_id() < static_cast<std::uint32_t>(kActionIds))
    v.last = action_from_id(static_cast<int>(view.last_action_id()));
  if (view.has_ghost_action_id() && view.ghost_action_id() < static_cast<std::uint32_t>(kActionIds))
    v.ghost = action_from_id(static_cast<int>(view.ghost_action_id()));
  v.hit_actions = wants_hit_actions(view);
  v.edit = view.edit();
  return v;
}

void build_scene(const State& s, const SceneView& view, pb::Scene& out) {
  out.Clear();
  set_bounds(out, -0.75f, -0.75f, kCols + 1.5f, kRows + 1.5f, kBackground);
  out.set_status(detail::status_line(s));
  auto layer = [&](const char* id) -> pb::Layer& { return add_layer(out, id); };
  pb::Layer& tiles = layer("tiles");
  pb::Layer& grid = layer("grid");
  add_board(s, tiles, grid);
  if (view.streets) add_streets(s, layer("streets"));
  pb::Layer& pieces = layer("structures");
  pb::Layer& icons = layer("icons");
  pb::Layer& caps = layer("caps");
  add_structures(s, view, pieces, caps);
  // The pieces (structures with their glyphs, caps) are what labels must
  // never cover.
  for (pb::Layer* l : {&pieces, &caps})
    for (pb::Shape& sh : *l->mutable_shapes())
      if (sh.id().starts_with("piece:") || sh.id().starts_with("cap:")) sh.set_solid(true);
  add_icons(s, icons);
  // A tile's icon mark tells which lot is built last: captions and
  // tooltips stay off it as off a piece (route numbers, pinned to their
  // lots, may stand on an empty icon lot).
  for (pb::Shape& sh : *icons.mutable_shapes()) sh.set_solid(true);
  if (view.legal) add_legal(s, view, layer("legal"));
  if (view.ghost) detail::add_ghost(*view.ghost, out);
  add_hits(s, view, out);
  if (view.edit) detail::add_editor(s, out);
  add_overlay(out, "streets", "street network", "S", true);
  add_overlay(out, "legal", "legal builds and why not", "L", false);
  add_overlay(out, "paths", "scoring paths of the selected tower", "P", true);
  detail::add_teaching(s, view, out);
  detail::add_panel(s, view, out);
}

}  // namespace alien_city::plugin
