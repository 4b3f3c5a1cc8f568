// Position diagrams (docs/city-planning.md, "Diagrams"): a readable text
// form of a whole position that tests and people write by hand and the tools
// print; to_diagram() then parse_diagram() gives back the same State.
//
//   phase: A main              setup | A stones | A main | A draw-tile |
//                              A draw-coin | A over (A = the turn's player)
//   placed: P R                this turn's stones, in order (if any)
//   turn: 12                   turns completed
//   passes: 0                  consecutive passing turns
//   score: A 5 B -3
//   hand A: M4 C0 S2
//   hand B: A1                 ("-" for an empty hand)
//   face-up: M3+2 S1+0 -       the three slots: tile + stones waiting, - empty
//   returned: S2 A0            the stack below its unseen part, top first
//   removed: C3 A5             coins out of the game
//   on M3: M0 M5               Developments on Zone M3
//   stack: 14 unseen           (checked if present; the unseen tiles are the
//   bag: 9                      ones not shown, the bag the coins not shown)
//      A  B  C  D  E  F  G  H  J  K  L  M  N  O  P  Q  R  S  T
//   19 .  .  .  ...
//   10 .  .  M3 M3 M3 O  X  m4 ...
//
// Board cells: '.' empty, 'O' Population, 'X' Resource, a lower-case piece
// ("m4") an unincorporated Development, an upper-case piece ("M3") a point
// of that Zone (all 9 points of a Zone show it). Lines starting with '#' are
// comments. Every header line is optional: by default A is to place stones
// at turn 0 with 0 points, hands are empty and nothing is face up.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "expected.h"
#include "state.h"

namespace city_planning {

// "setup", "stones", "main", "draw-tile", "draw-coin" or "over": the
// phase's word in diagrams and in the plugin's StateInfo.phase.
const char* phase_word(Phase p);

std::string to_diagram(const State& s);
// As `viewer` may see it (C19): the other hand as '?' per coin; nullopt =
// from above (everything, the same as to_diagram). Not readable back.
std::string to_diagram(const State& s, std::optional<Player> viewer);
// What every player sees (spectators, Observe of seat -1): both hands as '?'.
std::string public_diagram(const State& s);

// The diagram's header lines alone (through "bag:"), and one point's cell
// ("." "O" "X" "m4" "M3"): the terminal board draws its own grid of them.
// `spectator`: both hands hidden, whatever `viewer` says.
std::string diagram_header(const State& s, std::optional<Player> viewer, bool spectator = false);
std::string diagram_cell(const State& s, Point p);

// Reads a diagram; the position must be consistent (each piece once, whole
// 3x3 Zones inside the board, Developments on Zones of their own type, at
// least one stone, hands of at most three coins, a stone phase with a legal
// stone). Errors name the line.
Expected<State> parse_diagram(std::string_view text);

}  // namespace city_planning
