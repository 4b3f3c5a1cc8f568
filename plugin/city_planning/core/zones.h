// Placing a Zone (rules 4.1-4.5, rulings C7-C12).
//
// A Zone is a face-up tile put on a 3x3 block of points (named by its centre
// point). Every Zone after the first touches an existing one (C7); its area
// meets the tile's requirements (C8); it leaves a stone uncovered (C9). The
// player scores the stones waiting on the tile (C10); unincorporated
// Developments under it join it or leave the game at -2 (C11); the Zones it
// overlaps go under the stack in the order the player chose, their
// Developments leave the game, and the player loses all their values (C12).
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "expected.h"
#include "scoring.h"
#include "state.h"

namespace city_planning {

// What the 9 points of an area supply towards a requirement (C8).
struct ZoneCounts {
  int population = 0;  // Population stones
  int resource = 0;    // Resource stones
  int empty = 0;       // empty points and points of Zones that would be overlapped
  std::array<int, kSuits> developments{};  // unincorporated Developments by suit
  int stones = 0;      // population + resource
};
ZoneCounts zone_counts(const State& s, Point center);

// C8 for a tile of suit `suit` and value n: at least n+1 points meet the
// Primary requirement and floor(n/2) the Secondary, each point counted once,
// each unincorporated Development as its own type's Primary or Secondary,
// whichever helps. Also used by C13 with thresholds 2 and 1.
bool requirements_met(Suit suit, int primary_needed, int secondary_needed, int population, int resource,
                      int empty, const std::array<int, kSuits>& developments);
bool zone_requirements_met(Tile tile, const ZoneCounts& c);

// C7: true when the board has no Zone yet or some Zone touches this area.
bool touches_a_zone(const State& s, Point center);
// The Zones a new Zone centred on `center` would overlap (C12).
PieceMask overlapped_zones(const State& s, Point center);

// C12's return order: the overlapped Zones sorted by centre point are listed
// by a permutation index (Lehmer code; 0 = ascending centres). The first
// tile of the order goes under the stack first, so the last one ends at the
// very bottom.
int return_order_count(PieceMask overlapped);  // k! for k overlapped Zones
std::vector<Tile> return_order(const State& s, PieceMask overlapped, int order);
// The index of a given order (a permutation of the overlapped tiles), or -1.
int return_order_index(const State& s, PieceMask overlapped, const std::vector<Tile>& tiles);

// Why the mover cannot place face-up `tile` centred on `center` returning
// overlapped Zones in order `order`; nullopt when legal. Codes: C6 (not the
// main decision), C4 (tile not face up), C7 (off the board / touches no
// Zone), C8 (requirements), C9 (last stone), C12 (no such return order).
std::optional<Error> why_not_zone(const State& s, Tile tile, Point center, int order);

// Applies a legal Zone placement's effects (C9-C12), not the end of turn.
void place_zone(State& s, Tile tile, Point center, int order, ScoreEvents* events);

}  // namespace city_planning
