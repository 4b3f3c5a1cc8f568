// Alien City as table records write it (PPN, Abstract Play): a turn is a
// build and, maybe, a claim, by one player. The record formats read into a
// CityGame; this file plays it through the game's rules (every decision
// checked by the plugin, as if entered at the table) or, for records that
// break the rules, lays out its final position as a diagram.
#pragma once

#include <string>
#include <vector>

#include "gamehost/formats/game_builder.h"

namespace gamehost::formats {

inline constexpr int kBlack = 0;  // seats of the plugin, in turn order
inline constexpr int kWhite = 1;

struct CityTurn {
  int seat = kBlack;
  bool pass = false;      // the record says the player could not build
  std::string piece;      // our notation: RT BT GT RD BD GD KD
  std::string lot;        // "E3"
  std::string claim;      // the lot claimed, or empty
  std::string where;      // "move 5..." for messages
  std::string written;    // the turn as the record wrote it
  std::string problem;    // a turn the record's notation cannot express as ours (refused when reached)
  // The record's comments on the turn: those written after its build
  // (notes on the build's ply) and after its cap (on the claim's ply).
  std::vector<std::string> build_notes, claim_notes;
};

struct CityGame {
  std::string layout;     // the layout notation of docs/notation.md (20 tiles)
  Metadata meta;
  std::vector<CityTurn> turns;
  std::vector<std::string> opening_notes;  // comments before the first move: notes on ply 0
  int skipped_variations = 0;  // PPN comments holding a variation "(…)", not imported
};

// What playing a record gave: the decisions applied, and remarks (e.g. a
// claim made void on the game's last build).
struct Played {
  std::vector<std::string> remarks;
  // With keep_legal: the first turn refused and why (else it throws).
  std::string refused;
  // Per turn played: the plies its notes belong to, the build's and the
  // last of the turn (its claim or decline; the build's when neither).
  struct TurnPlies {
    int build = 0, end = 0;
  };
  std::vector<TurnPlies> turn_plies;
};

// Plays every turn through `game` (build, then claim@LOT or decline when a
// claim is open). Throws HostError "WHERE 'WRITTEN': RULING" at the first
// refusal, unless keep_legal, which stops there and says so in `refused`.
Played play_city_turns(GameBuilder& game, const CityGame& record, bool keep_legal);

// The position the record's turns leave, as a diagram (docs/diagram.md):
// pieces and caps placed as written without the rules of building, each
// player's supply less what they built. Throws HostError naming the turn
// for what cannot be laid out (a lot built twice, a claim of no tower, a
// supply exhausted).
std::string final_diagram(const CityGame& record);

// "A1".."H10" from a record's lot ("e3", "E3"); empty when it is not one.
std::string lot_name(const std::string& text);

}  // namespace gamehost::formats
