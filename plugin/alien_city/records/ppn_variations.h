// Variations in PPN (docs/notation.md, "Variations"). PPN's movetext has no
// syntax for them (a parenthesis there starts a Cartesian location), so a
// variation is written as the PPN spec's own example writes one: a comment
// holding the line in parentheses, after the decision it replaces,
// `{(3. G3x@c5 K1x@c5 3... A@e1)}`; a variation inside it nests as more
// parentheses in the same comment (a comment cannot hold braces).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "alien_city/records/city_record.h"

namespace alien_city::records {

struct PpnMove;
// One line of play: its moves in order.
struct PpnLine {
  std::vector<PpnMove> moves;
};
struct PpnMove {
  int seat = 0;                       // who decides it (kBlack, kWhite)
  std::string notation;               // ours: "RT@E3", "claim@E3", "decline"
  std::vector<PpnLine> alternatives;  // lines played instead of this move, from the same position
};
// The variations of a log by the ply they branch after (0: before the
// first move), each a line played instead of the recorded move there (or,
// at the game's end, after it).
using PpnVariations = std::map<int, std::vector<PpnLine>>;

// A line as the host sends it (WriteRecordRequest.variations).
PpnLine ppn_line_of(const pb::RecordLine& line);

// Where a line starts in the movetext: the move number counted so far, who
// built last, and that last build as written ("3... R3x@e4"), which a line
// that starts at a claim or a decline repeats (a PPN turn is a build, then
// maybe a cap).
struct PpnTurns {
  int number = 0;
  int last_seat = 1;  // kWhite: Black's first build starts move 1
  std::string build;
  // The move number of a build by `seat` ("3." or "3..."), counting it.
  std::string next(int seat);
};

// "R3x@e3" for our "RT@E3"; "K1x@e3" (Black) or "W1x@e3" for a claim.
// Throws RecordError for anything else.
std::string ppn_build(const std::string& notation);
std::string ppn_cap(int seat, const std::string& claim_notation);
bool is_build(const std::string& notation);

// The text of `line` (without its parentheses) from `turns`, nested
// alternatives in parentheses after the move they replace.
std::string ppn_line_text(const PpnLine& line, PpnTurns turns);
// The comments of the variations that branch after the position `turns`
// describes: " {(…)} {(…)}", one per line, or "".
std::string ppn_variation_comments(const std::vector<PpnLine>& lines, const PpnTurns& turns);

// Whether a comment read from a record is a variation written this way:
// "(" and a move number ("(12." ...), ending with ")".
bool is_variation_comment(const std::string& text);

}  // namespace alien_city::records
