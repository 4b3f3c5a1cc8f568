#include "scoring.h"

#include <algorithm>

#include "distance.h"
#include "position_check.h"
#include "streets.h"

namespace alien_city {
namespace {

// The least street distance from `origin` to a structure of `targets`, and
// which of them lie at that distance; searching no farther than max_distance.
struct Nearest {
  int distance = 0;  // 0: none found
  LotSet lots;
};

Nearest nearest_of(const State& s, Lot origin, LotSet targets, int max_distance = kLots) {
  const LotSet streets = s.streets();
  LotSet frontier = neighbours_of(origin) & streets;
  LotSet visited = frontier;
  for (int d = 1; frontier.any() && d <= max_distance; ++d) {
    const LotSet around = frontier.neighbours();
    const LotSet hit = around & targets;
    if (hit.any()) return {d, hit};
    frontier = (around & streets) - visited;
    visited |= frontier;
  }
  return {};
}

// Structures within two streets of `origin` (origin excluded).
LotSet within_two(const State& s, Lot origin) {
  const LotSet streets = s.streets();
  const LotSet ring1 = neighbours_of(origin) & streets;
  const LotSet ring2 = ring1.neighbours() & streets;
  return (ring1.neighbours() | ring2.neighbours()) & (s.built() - LotSet::single(origin));
}

int tower_points_of(const State& s, Lot lot, Colour colour) {
  const int customers = (within_two(s, lot) - s.structures_of(colour)).count();
  if (!customers) return 0;
  return customers * nearest_of(s, lot, s.towers_of(colour) - LotSet::single(lot)).distance;
}

std::string lots_text(const std::vector<Lot>& lots) {
  std::string out;
  for (Lot l : lots) out += (out.empty() ? "" : " ") + lot_name(l);
  return out;
}

constexpr int bonus_points(int distance) { return 10 - 2 * distance; }
constexpr int kBonusReach = 4;

}  // namespace

int tower_points(const State& s, Lot lot) {
  const auto piece = s.piece_at(lot);
  if (!piece || !is_tower(*piece)) return 0;
  return tower_points_of(s, lot, piece_colour(*piece));
}

std::array<int, 2> score_totals(const State& s) {
  std::array<int, 2> totals{};
  for (int p = 0; p < 2; ++p)
    for (Lot lot : s.claimed_by(static_cast<Player>(p)))
      totals[p] += tower_points_of(s, lot, piece_colour(*s.piece_at(lot)));
  const LotSet white = s.claimed_by(Player::White), black = s.claimed_by(Player::Black);
  for (Lot green : s.towers_of(Colour::Green) - s.claimed()) {
    for (Colour c : {Colour::Red, Colour::Blue}) {
      const Nearest n = nearest_of(s, green, s.towers_of(c), kBonusReach);
      if (!n.distance) continue;
      if ((n.lots - white).empty()) totals[0] += bonus_points(n.distance);
      else if ((n.lots - black).empty()) totals[1] += bonus_points(n.distance);
    }
  }
  return totals;
}

ScoreBreakdown score_breakdown(const State& s) {
  ScoreBreakdown out;
  out.final = s.is_over();
  out.warnings = rule_warnings(s);
  for (Player p : {Player::White, Player::Black}) {
    for (Lot lot : s.claimed_by(p)) {
      const StreetRings rings(s, lot);
      TowerScore t;
      t.lot = lot;
      t.piece = *s.piece_at(lot);
      t.owner = p;
      const Colour colour = piece_colour(t.piece);
      for (int d = 1; d <= 2 && d <= rings.depth(); ++d) {
        for (Lot c : rings.structures_at(d) - s.structures_of(colour))
          t.customers.push_back({c, *s.piece_at(c), d, rings.path_to(c)});
      }
      std::sort(t.customers.begin(), t.customers.end(),
                [](const Customer& a, const Customer& b) { return a.lot < b.lot; });
      for (int d = 1; d <= rings.depth(); ++d) {
        const LotSet rivals = rings.structures_at(d) & s.towers_of(colour);
        if (rivals.any()) {
          t.competitor = rivals.first();
          t.competitor_distance = d;
          t.competitor_path = rings.path_to(t.competitor);
          break;
        }
      }
      if (t.competitor == kNoLot)
        for (Lot r : s.towers_of(colour) - LotSet::single(lot)) t.unreachable_rivals.push_back(r);
      t.points = static_cast<int>(t.customers.size()) * t.competitor_distance;
      out.totals[index_of(p)] += t.points;
      out.towers.push_back(std::move(t));
    }
  }
  for (Lot green : s.towers_of(Colour::Green) - s.claimed()) {
    const StreetRings rings(s, green);
    for (Colour c : {Colour::Red, Colour::Blue}) {
      GreenBonus b;
      b.green = green;
      b.colour = c;
      const std::string what = std::string(colour_name(c)) + " tower";
      for (int d = 1; d <= rings.depth() && b.nearest.empty(); ++d) {
        for (Lot t : rings.structures_at(d) & s.towers_of(c)) {
          b.nearest.push_back(t);
          b.paths.push_back(rings.path_to(t));
          b.distance = d;
        }
      }
      std::string nearest_names;
      for (Lot t : b.nearest) nearest_names += (nearest_names.empty() ? "" : " and ") + lot_name(t);
      std::optional<Player> owner;
      bool same_owner = !b.nearest.empty();
      for (Lot t : b.nearest) {
        const auto o = s.claimed_by(t);
        if (!o || (owner && *owner != *o)) same_owner = false;
        owner = o;
      }
      if (b.nearest.empty()) {
        b.outcome = GreenBonus::Outcome::NoTower;
        b.explanation = s.towers_of(c).any() ? "no bonus: no " + what + " its streets reach (ruling R17)"
                                             : "no bonus: no " + what + " in the city";
      } else if (b.distance > kBonusReach) {
        b.outcome = GreenBonus::Outcome::TooFar;
        b.explanation = "no bonus: the nearest " + what + " (" + nearest_names + ") is " +
                        std::to_string(b.distance) + " away, farther than 4";
      } else if (same_owner) {
        b.outcome = GreenBonus::Outcome::Paid;
        b.owner = owner;
        b.points = bonus_points(b.distance);
        out.totals[index_of(*owner)] += b.points;
        b.explanation = std::string(player_name(*owner)) + " owns the nearest " + what + " (" +
                        nearest_names + "), " + std::to_string(b.distance) + " away: 10 - 2 x " +
                        std::to_string(b.distance) + " = " + std::to_string(b.points);
      } else if (b.nearest.size() > 1) {
        b.outcome = GreenBonus::Outcome::Tie;
        b.explanation = "no bonus: " + nearest_names + " are equally near (" +
                        std::to_string(b.distance) + ") and not all claimed by one player";
      } else {
        b.outcome = GreenBonus::Outcome::Unowned;
        b.explanation = "no bonus: the nearest " + what + " (" + nearest_names + ", " +
                        std::to_string(b.distance) + " away) is unclaimed";
      }
      out.bonuses.push_back(std::move(b));
    }
  }
  if (out.final && out.totals[0] != out.totals[1])
    out.winner = out.totals[0] > out.totals[1] ? Player::White : Player::Black;
  return out;
}

std::string breakdown_to_text(const ScoreBreakdown& b) {
  std::string out;
  for (const std::string& w : b.warnings) out += "Warning: " + w + "\n";
  for (Player p : {Player::White, Player::Black}) {
    out += std::string(player_name(p)) + ":\n";
    for (const TowerScore& t : b.towers) {
      if (t.owner != p) continue;
      std::string names;
      for (const Customer& c : t.customers) names += (names.empty() ? "" : " ") + lot_name(c.lot);
      out += "  " + piece_name(t.piece) + " " + lot_name(t.lot) + ": " +
             std::to_string(t.customers.size()) + (t.customers.size() == 1 ? " customer x " : " customers x ") +
             std::to_string(t.competitor_distance) + " = " + std::to_string(t.points);
      out += t.competitor != kNoLot        ? " (competitor " + lot_name(t.competitor) + ")"
             : t.unreachable_rivals.empty() ? " (no competitor)"
                                            : " (no competitor it can reach: " + lots_text(t.unreachable_rivals) +
                                                  ", ruling R17)";
      out += names.empty() ? "\n" : "; customers " + names + "\n";
    }
    for (const GreenBonus& g : b.bonuses)
      if (g.owner == p) out += "  bonus at " + lot_name(g.green) + ": " + g.explanation + "\n";
    out += "  total " + std::to_string(b.totals[index_of(p)]) + "\n";
  }
  for (const GreenBonus& g : b.bonuses)
    if (!g.owner) out += "Green " + lot_name(g.green) + ", " + std::string(colour_name(g.colour)) + ": " + g.explanation + "\n";
  if (b.final) {
    // The winner's score first, as in the game's result ("Black wins 109 - 30").
    const int high = std::max(b.totals[0], b.totals[1]), low = std::min(b.totals[0], b.totals[1]);
    out += b.winner ? std::string(player_name(*b.winner)) + " wins " : std::string("Draw ");
    out += std::to_string(high) + " - " + std::to_string(low) + "\n";
  } else {
    out += "Provisional: White " + std::to_string(b.totals[0]) + ", Black " + std::to_string(b.totals[1]) + "\n";
  }
  return out;
}

}  // namespace alien_city
