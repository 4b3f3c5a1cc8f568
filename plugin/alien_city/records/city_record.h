// Alien City as table records write it (PPN, Abstract Play): a turn is a
// build and, maybe, a claim, by one player. The record formats read into a
// CityGame; this file turns it into the interface's ReadRecordResponse (the
// host plays every decision through the rules, as if entered at the table)
// and, for records that break the rules, lays out its final position as a
// diagram.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "gamehost.pb.h"
#include "gamehost/echo.h"

namespace alien_city::records {

namespace pb = gamehost::v1;
using gamehost::echo::clipped;

// A record that cannot be read or written: "FILE line N: what".
struct RecordError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A record of another game (ReadRecord's code OTHER_GAME).
struct OtherGameError : RecordError {
  using RecordError::RecordError;
};

inline constexpr int kBlack = 0;  // seats of the plugin, in turn order
inline constexpr int kWhite = 1;

struct CityTurn {
  int seat = kBlack;
  bool pass = false;    // the record says the player could not build
  std::string piece;    // our notation: RT BT GT RD BD GD KD
  std::string lot;      // "E3"
  std::string claim;    // the lot claimed, or empty
  std::string where;    // "move 5..." for messages
  std::string written;  // the turn as the record wrote it
  std::string problem;  // a turn the record's notation cannot express as ours (refused when reached)
  // The record's comments on the turn: those written after its build
  // (notes on the build's ply) and after its cap (on the claim's ply).
  std::vector<std::string> build_notes, claim_notes;
};

// The people's side of a record.
struct Metadata {
  std::vector<std::string> players;  // by seat
  std::string event, date, site, round, source;
};

struct CityGame {
  std::string layout;  // the layout notation of docs/notation.md (20 tiles)
  Metadata meta;
  std::vector<CityTurn> turns;
  std::vector<std::string> opening_notes;  // comments before the first move: notes on ply 0
  int skipped_variations = 0;              // PPN comments holding a variation "(…)", not imported
};

// The record as the host plays it: each turn a build and, in the claim
// phase, its claim or a decline; the final position when it can be laid out.
void fill_response(const CityGame& record, pb::ReadRecordResponse& out);

// The position the record's turns leave, as a diagram (docs/diagram.md):
// pieces and caps placed as written without the rules of building, each
// player's supply less what they built. Throws RecordError naming the turn
// for what cannot be laid out (a lot built twice, a claim of no tower, a
// supply exhausted).
std::string final_diagram(const CityGame& record);

// "A1".."H10" from a record's lot ("e3", "E3"); empty when it is not one.
std::string lot_name(const std::string& text);

}  // namespace alien_city::records
