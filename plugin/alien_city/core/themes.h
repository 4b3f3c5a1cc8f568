// Puzzle themes: what one decision does, in words a teacher uses ("cuts off
// a competitor"), computed from the rules and the score breakdown before
// and after it, never guessed from the notation. `gamehost puzzles` tags
// its puzzles with them through the plugin's "themes MOVE" analysis
// (docs/teaching.md, "Puzzles").
#pragma once

#include <string>
#include <vector>

#include "alien_city/core/rules.h"

namespace alien_city {

// The theme names, in the order themes() lists them.
inline constexpr const char* kThemeClaimsBiggest = "claims the biggest tower";
inline constexpr const char* kThemeDecline = "decline the claim";
inline constexpr const char* kThemeCutsOff = "cuts off a competitor";
inline constexpr const char* kThemeBringsCompetitor = "brings a competitor";
inline constexpr const char* kThemeSplitsCustomers = "splits customers";
inline constexpr const char* kThemeAddsCustomers = "adds customers";
inline constexpr const char* kThemeBlocksGreen = "blocks a green bonus";
inline constexpr const char* kThemeWinsGreen = "wins a green bonus";

// The themes of the mover's legal decision `a` at `s`, each at most once:
// - claims the biggest tower: a claim of the unclaimed tower that would
//   score the most (tower_points, more than 0; ties count);
// - decline the claim: a decline when a claim was possible;
// - cuts off a competitor: a build after which one of the mover's claimed
//   towers has its nearest competitor farther away;
// - brings a competitor: one of the other player's claimed towers has its
//   nearest competitor closer (or gets one);
// - splits customers: one of the other player's claimed towers has fewer
//   customers (a street to them built over);
// - adds customers: one of the mover's claimed towers has more customers;
// - blocks a green bonus: the other player's green bonuses are worth less;
// - wins a green bonus: the mover's green bonuses are worth more.
std::vector<std::string> themes(const State& s, const Action& a);

}  // namespace alien_city
