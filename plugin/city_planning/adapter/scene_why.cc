// "Why it scores" for City Planning's side panel: what each Zone and each
// Development is worth in the shown position (C13, C14). Points are won move
// by move, so the panel explains what the pieces on the board give: a
// Zone's remaining capacity and what its neighbours add to or take from the
// next Development placed on it, the best Development of each Zone (the
// one its neighbours count), and what an unincorporated Development gave.
// Keys: "zone.M3" (capacity left), "why.zone.M3" (the neighbours' net
// points for the next Development there), "why.best.M3" (the coin counted
// by M3's neighbours), "why.unincorporated" (how many Developments stand
// unincorporated on points).
#include <algorithm>
#include <bit>

#include "city_planning/core/developments.h"
#include "city_planning/core/scoring.h"
#include "game_adapter.h"
#include "gamehost/kit/scene_shapes.h"

namespace city_planning::plugin {

gamehost::kit::Rgba suit_colour(Suit s);  // scene.cc

namespace {

using namespace gamehost::kit;

std::string signed_points(int v) { return (v >= 0 ? "+" : "−") + std::to_string(v >= 0 ? v : -v); }

// The highest-valued Development on Zone `t` (ties: the lowest id), as C14
// counts it, or kNone.
Coin best_on(const State& s, Tile t) {
  Coin best = kNone;
  for (PieceMask d = s.developments_on(t); d; d &= d - 1) {
    const Coin c = std::countr_zero(d);
    if (best == kNone || value_of(c) > value_of(best)) best = c;
  }
  return best;
}

std::string zone_words(Tile t) { return piece_name(t) + " " + std::string(type_name(suit_of(t))); }

// The zone's line, its next Development's neighbours and its best coin.
void explain_zone(const State& s, Tile t, pb::PanelSection& sec) {
  const int left = std::max(0, value_of(t) - s.developed_value(t));
  std::string devs;
  for (PieceMask d = s.developments_on(t); d; d &= d - 1) devs += " " + piece_name(std::countr_zero(d));
  pb::PanelLine& head = panel_line(sec, "", "zone." + piece_name(t), std::to_string(left));
  pb::Span& name = *head.mutable_spans(0);
  name.set_text(zone_words(t) + " " + std::to_string(value_of(t)) + " on " + point_name(s.zone_center(t)) + ": ");
  name.set_bold(true);
  name.set_glyph(pb::Span::SQUARE);
  name.set_colour(mix(suit_colour(suit_of(t)), 0xffffffff, 0.25f));
  head.add_spans()->set_text((devs.empty() ? "no Development" : "built" + devs) + ", " + std::to_string(left) +
                             " of " + std::to_string(value_of(t)) + " left");
  // What a Development placed here now would get from its neighbours: the
  // core's own events for the suit's 0-valued coin (its value adds nothing).
  const Coin probe = static_cast<Coin>(static_cast<int>(suit_of(t)) * kValues);
  std::string terms;
  int net = 0;
  for (const ScoreEvent& e : zoned_development_events(s, probe, t)) {
    if (e.reason != ScoreEvent::Reason::NeighbourBonus && e.reason != ScoreEvent::Reason::NeighbourPenalty) continue;
    net += e.points;
    terms += ", " + signed_points(e.points) + " from " + piece_name(e.piece) + " (" +
             std::string(type_name(suit_of(e.piece))) + ")";
  }
  if (left > 0) {
    panel_line(sec, "next Development here: its value up to " + std::to_string(left) +
                        (terms.empty() ? ", no neighbour counts" : terms) + " (C14)",
               "why.zone." + piece_name(t), std::to_string(net))
        .set_indent(1);
  } else {
    panel_line(sec, "built out: no more Developments (C14)", "why.zone." + piece_name(t), "0").set_indent(1);
  }
  const Coin best = best_on(s, t);
  if (best == kNone || value_of(best) == 0) return;
  std::string effects;
  for (PieceMask m = s.zones(); m; m &= m - 1) {
    const Tile u = std::countr_zero(m);
    if (u == t || !zones_touch(s.zone_center(u), s.zone_center(t))) continue;
    const Effect e = neighbour_effect(suit_of(u), suit_of(t));
    if (e == Effect::Neutral) continue;
    effects += ", " + signed_points(e == Effect::Beneficial ? value_of(best) : -value_of(best)) + " on " +
               piece_name(u);
  }
  panel_line(sec, piece_name(best) + " is its best: it counts for the next Development on each neighbour" +
                      (effects.empty() ? " (none is affected)" : effects),
             "why.best." + piece_name(t), piece_name(best))
      .set_indent(1);
}

}  // namespace

void add_why_it_scores(const State& s, pb::Scene& scene) {
  auto& sec = add_section(scene, "Why it scores");
  if (!s.zones() && !s.coins_in(CoinPlace::Point)) {
    panel_line(sec, "no Zone and no Development yet: points come from placing Zones (the stones waiting on "
                    "them, C10) and Developments (C13, C14)");
    return;
  }
  for (PieceMask z = s.zones(); z; z &= z - 1) explain_zone(s, std::countr_zero(z), sec);
  // Unincorporated Developments in one line: each gave the same.
  std::string list;
  const PieceMask loose = s.coins_in(CoinPlace::Point);
  for (PieceMask m = loose; m; m &= m - 1)
    list += (list.empty() ? "" : ", ") + piece_name(std::countr_zero(m)) + " on " +
            point_name(s.coin_where(std::countr_zero(m)));
  if (loose)
    panel_line(sec, "unincorporated, +1 each when placed (C13), −2 if a Zone of another type covers one (C11): " + list,
               "why.unincorporated", std::to_string(std::popcount(loose)));
}

}  // namespace city_planning::plugin
