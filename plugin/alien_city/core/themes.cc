// Puzzle themes from the score breakdown before and after a decision.
#include "alien_city/core/themes.h"

#include <algorithm>
#include <map>

#include "alien_city/core/scoring.h"

namespace alien_city {
namespace {

struct TowerFacts {
  Player owner;
  int customers;
  int competitor_distance;  // 0: no competitor
};

std::map<Lot, TowerFacts> claimed_towers(const ScoreBreakdown& b) {
  std::map<Lot, TowerFacts> out;
  for (const auto& t : b.towers)
    out[t.lot] = {t.owner, static_cast<int>(t.customers.size()), t.competitor_distance};
  return out;
}

// Each player's green bonus points (indexed by Player).
std::array<int, 2> bonus_points(const ScoreBreakdown& b) {
  std::array<int, 2> out{};
  for (const auto& g : b.bonuses)
    if (g.outcome == GreenBonus::Outcome::Paid && g.owner) out[index_of(*g.owner)] += g.points;
  return out;
}

// A nearer competitor: a distance that shrank, or one where there was none.
bool nearer(int before, int after) { return after > 0 && (before == 0 || after < before); }

void add(std::vector<std::string>& out, const char* theme) {
  if (std::find(out.begin(), out.end(), theme) == out.end()) out.emplace_back(theme);
}

void claim_themes(const State& s, const Action& a, std::vector<std::string>& out) {
  if (a.kind == Action::Kind::Decline) {
    if (s.unclaimed_towers().any()) add(out, kThemeDecline);
    return;
  }
  int most = 0;
  for (Lot lot : s.unclaimed_towers()) most = std::max(most, tower_points(s, lot));
  if (most > 0 && tower_points(s, a.lot) == most) add(out, kThemeClaimsBiggest);
}

void tower_themes(const ScoreBreakdown& before, const ScoreBreakdown& after, Player mover,
                  std::vector<std::string>& out) {
  const auto was = claimed_towers(before);
  for (const auto& [lot, now] : claimed_towers(after)) {
    const auto it = was.find(lot);
    if (it == was.end()) continue;  // claimed by this very decision
    const TowerFacts& old = it->second;
    if (now.owner == mover) {
      if (old.competitor_distance > 0 && now.competitor_distance > old.competitor_distance) add(out, kThemeCutsOff);
      if (now.customers > old.customers) add(out, kThemeAddsCustomers);
    } else {
      if (nearer(old.competitor_distance, now.competitor_distance)) add(out, kThemeBringsCompetitor);
      if (now.customers < old.customers) add(out, kThemeSplitsCustomers);
    }
  }
}

}  // namespace

std::vector<std::string> themes(const State& s, const Action& a) {
  std::vector<std::string> out;
  if (s.is_over()) return out;
  const Player mover = s.to_move();
  if (a.kind != Action::Kind::Build) claim_themes(s, a, out);
  State next = s;
  apply_unchecked(next, a);
  const ScoreBreakdown before = score_breakdown(s), after = score_breakdown(next);
  if (a.kind == Action::Kind::Build) tower_themes(before, after, mover, out);
  const auto bonus_before = bonus_points(before), bonus_after = bonus_points(after);
  const Player other = mover == Player::White ? Player::Black : Player::White;
  if (bonus_after[index_of(other)] < bonus_before[index_of(other)]) add(out, kThemeBlocksGreen);
  if (bonus_after[index_of(mover)] > bonus_before[index_of(mover)]) add(out, kThemeWinsGreen);
  // In themes.h's order.
  const std::vector<std::string> order = {kThemeClaimsBiggest, kThemeDecline,        kThemeCutsOff,
                                          kThemeBringsCompetitor, kThemeSplitsCustomers, kThemeAddsCustomers,
                                          kThemeBlocksGreen,   kThemeWinsGreen};
  std::vector<std::string> sorted;
  for (const auto& t : order)
    if (std::find(out.begin(), out.end(), t) != out.end()) sorted.push_back(t);
  return sorted;
}

}  // namespace alien_city
