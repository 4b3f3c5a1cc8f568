// The teaching part of the Alien City scene: the selected tower with its
// customers and the route to its nearest competitor counted step by step,
// an unclaimed green tower's routes to its nearest red and blue towers with
// the bonus or why none, and the side panel (turn, supplies, provisional
// score tower by tower, the selection explained, the hovered lot).
#include <algorithm>
#include <string>

#include "alien_city/core/scoring.h"
#include "scene_builder.h"
#include "scene_shapes.h"

namespace alien_city::plugin::detail {

using namespace draw;

namespace {

std::string plural(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// How the tower on `lot` scores (or would score if claimed): the core's own
// breakdown, for a hypothetical claim when nobody holds it.
TowerScore tower_story(const State& s, const ScoreBreakdown& b, Lot lot) {
  for (const TowerScore& t : b.towers)
    if (t.lot == lot) return t;
  State claimed = s;
  claimed.cap(lot, Player::White);
  for (TowerScore& t : score_breakdown(claimed).towers)
    if (t.lot == lot) return std::move(t);
  return {};
}

std::string product(const TowerScore& t) {
  return plural(static_cast<int>(t.customers.size()), "customer", "customers") + " × " +
         std::to_string(t.competitor_distance) + " = " + std::to_string(t.points);
}

// Where a route's caption goes: near `lot`, over as few of the lots that
// matter (the route, the towers, the customers) and structures as possible;
// failing that, in the margin above or below the board (over the
// coordinates, never over the route).
pb::Point caption_at(const State& s, Lot lot, const std::string& text, LotSet important) {
  const pb::Point c = center(lot);
  const float w = 0.19f * static_cast<float>(text.size()) + 0.3f, h = 0.62f;
  float best_cost = 1e9f;
  pb::Point best = point(c.x(), c.y() - 0.8f);
  auto consider = [&](float x, float y, float base) {
    const float x0 = x - w / 2, x1 = x + w / 2, y0 = y - h / 2, y1 = y + h / 2;
    if (x0 < 0 || x1 > kCols) return;
    float cost = base;
    for (Lot l = 0; l < kLots; ++l) {
      const float lx = lot_x(l), ly = lot_y(l);
      if (lx + 0.9f < x0 || lx + 0.1f > x1 || ly + 0.9f < y0 || ly + 0.1f > y1) continue;
      if (important.contains(l)) cost += 10;
      else if (s.built().contains(l)) cost += 1;
    }
    if (cost < best_cost) {
      best_cost = cost;
      best = point(x, y);
    }
  };
  for (float dy = -3.f; dy <= 3.f; dy += 0.5f)
    for (float dx = -3.f; dx <= 3.f; dx += 0.5f) {
      const float y = c.y() + dy;
      if (y - h / 2 < 0 || y + h / 2 > kRows) continue;
      if (std::abs(dy) < 0.8f && std::abs(dx) < w / 2 + 0.5f) continue;  // not over the tower
      consider(c.x() + dx, y, std::abs(dx) * 0.3f + std::abs(dy) * 0.4f);
    }
  for (float x = w / 2; x <= kCols - w / 2; x += 0.5f) {
    consider(x, -0.4f, 4 + std::abs(x - c.x()) * 0.1f);
    consider(x, kRows + 0.4f, 4 + std::abs(x - c.x()) * 0.1f);
  }
  return best;
}

pb::Path& route(pb::Scene& out, std::string id, Lot from, const std::vector<Lot>& lots, Lot to,
                Rgba colour, bool counted) {
  pb::Path& p = *out.add_paths();
  p.set_id(std::move(id));
  p.set_colour(colour);
  p.set_progressive(true);
  *p.add_points() = center(from);
  p.add_step_labels("");
  for (std::size_t i = 0; i < lots.size(); ++i) {
    *p.add_points() = center(lots[i]);
    p.add_step_labels(counted ? std::to_string(i + 1) : "");
  }
  *p.add_points() = center(to);
  p.add_step_labels("");
  return p;
}

void explain_tower(const State& s, const TowerScore& t, bool claimed, bool paths, pb::Layer& sel,
                   pb::Scene& out, pb::PanelSection& panel) {
  auto line = [&](std::string text, std::string key = "", std::string value = "") {
    pb::PanelLine& l = *panel.add_lines();
    l.add_spans()->set_text(std::move(text));
    l.set_key(std::move(key));
    l.set_value(std::move(value));
    return &l;
  };
  const Colour colour = piece_colour(t.piece);
  line(piece_name(t.piece) + " on " + lot_name(t.lot) +
           (claimed ? ", " + std::string(player_name(t.owner)) + "'s: " : ", unclaimed; if claimed: ") + product(t),
       "selected.points", std::to_string(t.points))
      ->mutable_spans(0)->set_bold(true);
  std::string names;
  for (const Customer& c : t.customers) {
    names += (names.empty() ? "" : ", ") + piece_name(c.piece) + " " + lot_name(c.lot) + " (" +
             std::to_string(c.distance) + ")";
    // A ring (the competitor gets a square, the selection a thicker one).
    pb::Shape& ring = add(sel, "cust:" + lot_name(c.lot), 0, kCustomer, 0.07f);
    set_circle(ring, center(c.lot), 0.47f);
    ring.set_tooltip("customer of " + lot_name(t.lot) + ": " + piece_name(c.piece) + ", " +
                     plural(c.distance, "street", "streets") + " away");
    if (paths) {
      pb::Path& p = route(out, "custpath:" + lot_name(c.lot), t.lot, c.path, c.lot, kCustomer, false);
      p.set_width(0.07f);
      p.set_step_ms(90);
    }
  }
  pb::PanelLine* customers = line(plural(static_cast<int>(t.customers.size()), "customer", "customers") +
                                      " (other colours, 1 or 2 streets away)" + (names.empty() ? "" : ": " + names),
                                  "selected.customers", std::to_string(t.customers.size()));
  customers->mutable_spans(0)->set_colour(kCustomer);
  std::string competitor_line;
  if (t.competitor == kNoLot) {
    std::string beyond;
    for (Lot r : t.unreachable_rivals) beyond += (beyond.empty() ? "" : " ") + lot_name(r);
    competitor_line = beyond.empty()
                          ? "no other " + std::string(colour_name(colour)) + " tower: distance 0 (ruling R14)"
                          : "no " + std::string(colour_name(colour)) + " tower its streets reach (" + beyond +
                                " cut off): distance 0 (ruling R17)";
  } else {
    competitor_line = "nearest competitor: " + piece_name(*s.piece_at(t.competitor)) + " " +
                      lot_name(t.competitor) + ", " + plural(t.competitor_distance, "street", "streets") + " away";
    lot_square(sel, "comp:" + lot_name(t.competitor), t.competitor, 0.98f, 0.12f, 0, kCompetitor, 0.08f)
        .set_tooltip("nearest competitor of " + lot_name(t.lot) + ", " +
                     plural(t.competitor_distance, "street", "streets") + " away");
    if (paths) {
      pb::Path& p = route(out, "comp:" + lot_name(t.lot) + ">" + lot_name(t.competitor), t.lot,
                          t.competitor_path, t.competitor, kCompetitor, true);
      p.set_width(0.1f);
      p.set_marker_size(0.72f);
      p.set_marker_fill(kCompetitorMarker);
      p.set_step_ms(110);
      p.set_label(lot_name(t.lot) + ": " + std::to_string(t.customers.size()) + " × " + std::to_string(t.competitor_distance) + " = " +
                  std::to_string(t.points));
      LotSet important = LotSet::single(t.lot) | LotSet::single(t.competitor);
      for (Lot l : t.competitor_path) important.insert(l);
      for (const Customer& c : t.customers) {
        important.insert(c.lot);
        for (Lot l : c.path) important.insert(l);
      }
      *p.mutable_label_position() = caption_at(s, t.lot, p.label(), important);
      p.set_label_size(0.34f);
    }
  }
  line(competitor_line, "selected.distance", std::to_string(t.competitor_distance))
      ->mutable_spans(0)->set_colour(kCompetitor);
  std::string path_text;
  for (Lot l : t.competitor_path) path_text += (path_text.empty() ? "" : " ") + lot_name(l);
  if (!path_text.empty()) line("route: " + path_text, "selected.path", path_text);
}

void explain_green(const State& s, const ScoreBreakdown& b, Lot green, bool paths, pb::Layer& sel,
                   pb::Scene& out, pb::PanelSection& panel) {
  LotSet important = LotSet::single(green);
  for (const GreenBonus& g : b.bonuses) {
    if (g.green != green) continue;
    for (Lot t : g.nearest) important.insert(t);
    for (const auto& path : g.paths)
      for (Lot l : path) important.insert(l);
  }
  pb::PanelLine& head = *panel.add_lines();
  head.add_spans()->set_text("unclaimed green tower on " + lot_name(green) +
                             ": bonuses for the owners of its nearest red and blue towers");
  for (const GreenBonus& g : b.bonuses) {
    if (g.green != green) continue;
    const std::string colour(colour_name(g.colour));
    pb::PanelLine& l = *panel.add_lines();
    pb::Span& sp = *l.add_spans();
    sp.set_text(colour + ": " + g.explanation);
    sp.set_colour(mix(guild_colour(g.colour), 0xffffffff, 0.35f));
    l.set_key("selected.bonus." + colour);
    l.set_value(std::to_string(g.points));
    for (std::size_t i = 0; i < g.nearest.size(); ++i) {
      const Lot t = g.nearest[i];
      lot_square(sel, "comp:" + lot_name(t), t, 0.98f, 0.12f, 0, guild_colour(g.colour), 0.08f);
      if (!paths) continue;
      const Rgba c = mix(guild_colour(g.colour), 0xffffffff, 0.25f);
      pb::Path& p = route(out, "bonus:" + lot_name(green) + ">" + lot_name(t), green, g.paths[i], t, c, true);
      p.set_width(0.09f);
      p.set_marker_size(0.56f);
      p.set_marker_fill(with_alpha(mix(guild_colour(g.colour), 0xffffffff, 0.55f), 0xff));
      p.set_step_ms(130);
      std::string caption = colour + " " + lot_name(t) + ": ";
      if (g.outcome == GreenBonus::Outcome::Paid) caption += "+" + std::to_string(g.points) + " " + std::string(player_name(*g.owner));
      else if (g.outcome == GreenBonus::Outcome::Tie) caption += "tie, no bonus";
      else if (g.outcome == GreenBonus::Outcome::TooFar) caption += std::to_string(g.distance) + " > 4, no bonus";
      else caption += "unclaimed, no bonus";
      p.set_label(caption);
      *p.mutable_label_position() = caption_at(s, t, caption, important);
      p.set_label_size(0.3f);
    }
  }
}

void supply_line(const State& s, Player p, pb::PanelSection& sec) {
  const Supply& sup = s.supply(p);
  pb::PanelLine& l = *sec.add_lines();
  pb::Span& who = *l.add_spans();
  who.set_text(std::string(player_name(p)) + (s.to_move() == p && !s.is_over() ? " (to move)" : ""));
  who.set_bold(true);
  l.set_key(std::string("supply.") + std::string(player_name(p)));
  std::string value;
  for (int k = 0; k < kPieceKinds; ++k)
    value += std::string(piece_code(static_cast<Piece>(k))) + std::to_string(sup.pieces[k]) + " ";
  l.set_value(value + "caps" + std::to_string(sup.caps));
  pb::PanelLine& pieces = l;
  pieces.add_spans()->set_text("  towers");
  for (int k = 0; k < kPieceKinds; ++k) {
    const Piece piece = static_cast<Piece>(k);
    if (k == 3) pieces.add_spans()->set_text("  domes");
    pb::Span& sp = *pieces.add_spans();
    sp.set_glyph(is_tower(piece) ? pb::Span::TRIANGLE : pb::Span::DISC);
    const Rgba c = guild_colour(piece_colour(piece));
    sp.set_colour(piece_colour(piece) == Colour::Black ? 0x8a8a8aff : mix(c, 0xffffffff, 0.2f));
    sp.set_text(std::to_string(sup.pieces[k]));
  }
  pieces.add_spans()->set_text("  caps");
  pb::Span& caps = *pieces.add_spans();
  caps.set_glyph(pb::Span::SQUARE);
  caps.set_colour(p == Player::White ? kWhitePlayer : 0x8a8a8aff);
  caps.set_text(std::to_string(sup.caps));
}

}  // namespace

std::string status_line(const State& s) {
  if (s.is_over()) {
    const auto t = score_totals(s);
    const int w = t[index_of(Player::White)], k = t[index_of(Player::Black)];
    const std::string score = "White " + std::to_string(w) + ", Black " + std::to_string(k);
    if (w == k) return "Game over: a draw, " + score;
    return std::string("Game over: ") + (w > k ? "White" : "Black") + " wins, " + score;
  }
  const std::string who(player_name(s.to_move()));
  if (s.phase() == Phase::Claim) return who + ": claim a tower or decline";
  return who + " to build";
}

void add_teaching(const State& s, const SceneView& view, pb::Scene& out) {
  if (!view.selected || !s.towers().contains(*view.selected)) return;
  const Lot lot = *view.selected;
  const ScoreBreakdown b = score_breakdown(s);
  pb::Layer& sel = *out.add_layers();
  sel.set_id("selection");
  // A double frame: no other marker has two.
  lot_square(sel, "sel:" + lot_name(lot), lot, 1.04f, 0.14f, 0, kSelection, 0.09f);
  lot_square(sel, "sel2:" + lot_name(lot), lot, 0.8f, 0.1f, 0, kSelection, 0.04f);
  pb::PanelSection& panel = add_section(out, "Why it scores: " + lot_name(lot));
  const Piece piece = *s.piece_at(lot);
  if (piece == Piece::GreenTower && !s.claimed_by(lot)) {
    out.set_selection_name("green tower " + lot_name(lot));
    explain_green(s, b, lot, view.paths, sel, out, panel);
  } else {
    out.set_selection_name(piece_name(piece) + " " + lot_name(lot));
    explain_tower(s, tower_story(s, b, lot), s.claimed_by(lot).has_value(), view.paths, sel, out, panel);
  }
}

void add_panel(const State& s, const SceneView& view, pb::Scene& out) {
  const ScoreBreakdown b = score_breakdown(s);
  for (const TowerScore& t : b.towers) out.add_cycle(lot_name(t.lot));
  for (Lot g : s.towers_of(Colour::Green) - s.claimed()) out.add_cycle(lot_name(g));

  // The selection's explanation was added first; supplies and score go
  // before it.
  pb::Scene tail;
  tail.mutable_panel()->Swap(out.mutable_panel());

  // A set-up or imported position that breaks a rule still scores (ruling
  // R17); the panel names the rule first.
  if (!b.warnings.empty()) {
    pb::PanelSection& warn = add_section(out, "Warning: the position breaks a rule");
    for (std::size_t i = 0; i < b.warnings.size(); ++i) {
      pb::PanelLine& l = *warn.add_lines();
      pb::Span& sp = *l.add_spans();
      sp.set_text(b.warnings[i]);
      sp.set_colour(0xffb347ff);
      l.set_key("warning." + std::to_string(i + 1));
      l.set_value(b.warnings[i].substr(0, b.warnings[i].find(':')));
    }
  }

  pb::PanelSection& sup = add_section(out, "Supplies");
  for (Player p : {Player::Black, Player::White}) supply_line(s, p, sup);

  pb::PanelSection& score = add_section(out, b.final ? "Score (final)" : "Score (provisional)");
  for (Player p : {Player::White, Player::Black}) {
    for (const TowerScore& t : b.towers) {
      if (t.owner != p) continue;
      pb::PanelLine& l = *score.add_lines();
      pb::Span& who = *l.add_spans();
      who.set_text(std::string(player_name(p)) + " ");
      who.set_bold(true);
      pb::Span& what = *l.add_spans();
      what.set_glyph(pb::Span::TRIANGLE);
      what.set_colour(mix(guild_colour(piece_colour(t.piece)), 0xffffffff, 0.2f));
      what.set_text(lot_name(t.lot) + ": " + product(t));
      l.set_key("tower." + lot_name(t.lot));
      l.set_value(std::to_string(t.points));
      l.set_select(lot_name(t.lot));
      l.set_highlight(view.selected == t.lot);
    }
  }
  // One line per unclaimed green tower: each colour's outcome in short (the
  // full explanation shows when the green tower is selected).
  for (Lot green : s.towers_of(Colour::Green) - s.claimed()) {
    pb::PanelLine& l = *score.add_lines();
    int points = 0;
    std::string text = "green " + lot_name(green) + " bonus:";
    for (const GreenBonus& g : b.bonuses) {
      if (g.green != green) continue;
      const std::string c(colour_name(g.colour));
      std::string names;
      for (Lot t : g.nearest) names += (names.empty() ? "" : "/") + lot_name(t);
      points += g.points;
      switch (g.outcome) {
        case GreenBonus::Outcome::Paid:
          text += " " + c + " +" + std::to_string(g.points) + " " + std::string(player_name(*g.owner)) + " (" + names + ", " + std::to_string(g.distance) + ");";
          break;
        case GreenBonus::Outcome::NoTower: text += " no " + c + " tower;"; break;
        case GreenBonus::Outcome::TooFar: text += " " + c + " too far (" + std::to_string(g.distance) + ");"; break;
        case GreenBonus::Outcome::Unowned: text += " " + c + " " + names + " unclaimed;"; break;
        default: text += " " + c + " tie " + names + ";"; break;
      }
    }
    if (!text.empty() && text.back() == ';') text.pop_back();
    pb::Span& sp = *l.add_spans();
    sp.set_text(text);
    sp.set_colour(points ? 0xffffffff : 0x9aa0abff);
    l.set_key("bonus." + lot_name(green));
    l.set_value(std::to_string(points));
    l.set_select(lot_name(green));
    l.set_highlight(view.selected == green);
  }
  if (b.towers.empty() && b.bonuses.empty()) score.add_lines()->add_spans()->set_text("no tower claimed yet");
  for (Player p : {Player::White, Player::Black}) {
    pb::PanelLine& l = *score.add_lines();
    pb::Span& sp = *l.add_spans();
    const std::string total = std::to_string(b.totals[index_of(p)]);
    sp.set_text(std::string(player_name(p)) + " total: " + total +
                (b.final && b.winner == p ? "  (wins)" : ""));
    sp.set_bold(true);
    l.set_key("total." + std::string(player_name(p)));
    l.set_value(total);
  }

  for (auto& sec : *tail.mutable_panel()) out.add_panel()->Swap(&sec);
  if (!view.selected) {
    pb::PanelSection& hint = add_section(out, "Why it scores");
    hint.add_lines()->add_spans()->set_text("click a tower (or press Tab) to see its customers and route");
  }
  if (view.hovered) {
    const Lot l = *view.hovered;
    pb::PanelSection& lot = add_section(out, "Lot " + lot_name(l));
    std::string text = std::string(colour_name(s.tile_colour_of(l))) + " tile" + (s.is_icon_lot(l) ? ", icon lot" : "");
    if (const auto p = s.piece_at(l)) {
      text += ": " + piece_name(*p);
      if (const auto o = s.claimed_by(l)) text += ", claimed by " + std::string(player_name(*o));
    } else if (!s.is_over() && view.legal) {
      const Player p = s.phase() == Phase::Build ? s.to_move() : s.next_builder();
      State builder = s;
      builder.set_turn(p, Phase::Build, p);
      const auto why = why_not_lot(builder, l);
      text += why ? ": " + why->message : ": " + std::string(player_name(p)) + " may build here";
    } else {
      text += ": street";
    }
    pb::PanelLine& line = *lot.add_lines();
    line.add_spans()->set_text(text);
    line.set_key("hovered");
    line.set_value(lot_name(l));
  }
}

}  // namespace alien_city::plugin::detail
