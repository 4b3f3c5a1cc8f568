// Scoring (seed "Game End and Scoring", rulings R13-R16), as totals for
// search and as a full breakdown with every route for people. Works on any
// position: mid-game it is the provisional score.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "board.h"
#include "state.h"

namespace alien_city {

struct Customer {
  Lot lot = kNoLot;
  Piece piece = Piece::RedTower;
  int distance = 0;        // 1 or 2
  std::vector<Lot> path;   // the street lots between, tower side first
};

// One claimed tower: customer base x distance to the competition (R13, R14).
struct TowerScore {
  Lot lot = kNoLot;
  Piece piece = Piece::RedTower;
  Player owner = Player::White;
  std::vector<Customer> customers;       // by lot
  Lot competitor = kNoLot;               // nearest other tower of its colour
  int competitor_distance = 0;           // 0 when there is none (R14)
  std::vector<Lot> competitor_path;
  // Towers of its colour no street route reaches (ruling R17): no competitors.
  std::vector<Lot> unreachable_rivals;
  int points = 0;
};

// One green-tower bonus question: an unclaimed green tower and a colour (R15).
struct GreenBonus {
  enum class Outcome { Paid, NoTower, TooFar, Unowned, Tie };
  Lot green = kNoLot;
  Colour colour = Colour::Red;       // red or blue
  std::vector<Lot> nearest;          // towers of that colour at the least distance
  std::vector<std::vector<Lot>> paths;  // one route per nearest tower
  int distance = 0;                  // 0 when there is no such tower
  Outcome outcome = Outcome::NoTower;
  std::optional<Player> owner;       // who is paid (Paid only)
  int points = 0;
  std::string explanation;           // e.g. "no bonus: tie between A5 and E5"
};

struct ScoreBreakdown {
  std::vector<TowerScore> towers;    // claimed towers, White's first, by lot
  std::vector<GreenBonus> bonuses;   // per unclaimed green tower: red, then blue
  std::array<int, 2> totals{};       // indexed by Player
  bool final = false;                // the game is over
  // The rules the position breaks (position_check.h), e.g. split streets.
  std::vector<std::string> warnings;
  // With final: the winner, or nullopt for a draw (R16).
  std::optional<Player> winner;
};

// Points of the tower on `lot` if it were claimed (0 if it is no tower).
int tower_points(const State& s, Lot lot);

// Both players' scores without building a breakdown (for search).
std::array<int, 2> score_totals(const State& s);

ScoreBreakdown score_breakdown(const State& s);

// "customers x distance = points" lines, bonuses and totals, for terminals.
std::string breakdown_to_text(const ScoreBreakdown& b);

}  // namespace alien_city
