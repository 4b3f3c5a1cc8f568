// Decisions, their stable ids, legal decisions and applying them: the turn
// (C5, C6), the end of turn (C15, C16) and the end of the game (C17).
//
// Chance is explicit: while is_chance(s) the next decision belongs to chance
// (chance.h lists the outcomes and their probabilities) and is applied with
// apply_action() like any other, so a log of actions replays exactly.
//
// External input is checked and refused with an Error whose code names the
// ruling broken; apply_unchecked() is for decisions already known legal.
#pragma once

#include <optional>
#include <vector>

#include "board.h"
#include "expected.h"
#include "scoring.h"
#include "state.h"

namespace city_planning {

struct Action {
  enum class Kind : std::uint8_t { Stone, Zone, Develop, Pass, RevealTile, DrawCoin, FirstPlayer };
  Kind kind = Kind::Pass;
  Stone stone = Stone::Population;  // Stone
  Point point = kNoPoint;           // Stone: its point; Zone: the centre; Develop: the point if unincorporated
  std::int8_t piece = kNone;        // Zone, RevealTile: the tile; Develop, DrawCoin: the coin
  std::int8_t zone = kNone;         // Develop onto a Zone: that Zone's tile
  std::uint8_t order = 0;           // Zone: the return order index (C12, zones.h)
  Player player = Player::A;        // FirstPlayer

  static constexpr Action place_stone(Stone s, Point p) { return {Kind::Stone, s, p}; }
  static constexpr Action place_zone(Tile t, Point center, int order = 0) {
    return {Kind::Zone, Stone::Population, center, static_cast<std::int8_t>(t), kNone,
            static_cast<std::uint8_t>(order)};
  }
  static constexpr Action develop_at(Coin c, Point p) {
    return {Kind::Develop, Stone::Population, p, static_cast<std::int8_t>(c)};
  }
  static constexpr Action develop_on(Coin c, Tile zone) {
    return {Kind::Develop, Stone::Population, kNoPoint, static_cast<std::int8_t>(c),
            static_cast<std::int8_t>(zone)};
  }
  static constexpr Action pass() { return {}; }
  static constexpr Action reveal_tile(Tile t) {
    return {Kind::RevealTile, Stone::Population, kNoPoint, static_cast<std::int8_t>(t)};
  }
  static constexpr Action draw_coin(Coin c) {
    return {Kind::DrawCoin, Stone::Population, kNoPoint, static_cast<std::int8_t>(c)};
  }
  static constexpr Action first_player(Player p) {
    return {Kind::FirstPlayer, Stone::Population, kNoPoint, kNone, kNone, 0, p};
  }
  bool is_chance() const { return kind >= Kind::RevealTile; }
  friend constexpr bool operator==(const Action&, const Action&) = default;
};

// Stable action ids (they never change between versions):
//   Population stone on point p          p                       0 ..    360
//   Resource stone on point p            361 + p               361 ..    721
//   pass                                 722
//   Zone: tile t centred on spot s,      723 + (t*289 + s)*24 + order
//         return order index o (< 24)                          723 .. 167186
//   Development coin c on point p        167187 + c*361 + p
//   Development coin c on Zone tile z    175851 + c*24 + z
//   chance: turn up tile t               176427 + t
//   chance: draw coin c                  176451 + c
//   chance: player p starts              176475 + p (A = 0, B = 1)
// Spots: zone centre (col, row) from 0 -> (row-1)*17 + (col-1) (board.h).
inline constexpr int kPassId = 2 * kPoints;
inline constexpr int kZoneBase = kPassId + 1;
inline constexpr int kMaxReturnOrders = 24;  // 4! : a Zone overlaps at most four
inline constexpr int kDevelopPointBase = kZoneBase + kTiles * kSpots * kMaxReturnOrders;
inline constexpr int kDevelopZoneBase = kDevelopPointBase + kCoins * kPoints;
inline constexpr int kRevealBase = kDevelopZoneBase + kCoins * kTiles;
inline constexpr int kDrawBase = kRevealBase + kTiles;
inline constexpr int kFirstBase = kDrawBase + kCoins;
inline constexpr int kActionIds = kFirstBase + 2;
int action_id(const Action& a);
std::optional<Action> action_from_id(int id);

// Whether the next decision belongs to chance (Setup, DrawTile, DrawCoin).
bool is_chance(const State& s);
// The player to decide (Stones or Main), nullopt for chance or game over.
std::optional<Player> player_to_decide(const State& s);

// Every legal decision (or chance outcome, see chance.h), in id order.
// Empty when the game is over.
std::vector<Action> legal_actions(const State& s);
int count_legal_actions(const State& s);

// Whether `a` is legal now; the error names the ruling.
std::optional<Error> check_action(const State& s, const Action& a);

// Checks, then applies and advances (end of turn and end of game included);
// score changes are appended to `events`. On error the state is unchanged.
std::optional<Error> apply_action(State& s, const Action& a, ScoreEvents* events = nullptr);
// Applies a decision known to be legal (asserted in debug builds).
void apply_unchecked(State& s, const Action& a, ScoreEvents* events = nullptr);

// C17's safety bound.
inline constexpr int kMaxTurns = 200;

// Why the game ended (C17), for over states.
enum class EndReason : std::uint8_t { NotOver, NoTiles, EmptyBag, BothPassed, TurnLimit };
EndReason end_reason(const State& s);

}  // namespace city_planning
