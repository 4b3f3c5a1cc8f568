// Portable Piecepack Notation (PPN) for Alien City, as the piecepack
// community's ppgames package writes it (docs/notation.md gives the
// mapping): a YAML header between "---" and "..." with the game type, its
// tiles and the metadata, then movetext "1. B3x@e6 K1x@e6 1... R3x@f5".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gamehost/formats/city_record.h"
#include "gamehost/formats/notes.h"
#include "gamehost/formats/ppn_variations.h"
#include "gamehost/game_log.h"

namespace gamehost::formats {

// Reads one Alien City game. Throws HostError "FILE line N: what" for
// anything it cannot read (the rules are checked later, by playing it).
CityGame read_ppn(const std::string& text, const std::string& file);

// The PPN of an Alien City log that starts from an empty city (not from a
// position diagram), with `notes` (by ply, e.g. from LOG.ghnotes) as
// comments after the decision they are on (docs/notation.md). Throws
// HostError saying why a log cannot be written. `variations` (from
// LOG.ghvars) are written as comments after the decision they replace
// (ppn_variations.h).
// Why write_ppn cannot write a game of `game_id` with these options (another
// game, a start from a position diagram); nullopt when it can.
std::optional<std::string> ppn_refusal(const std::string& game_id, const std::vector<pb::OptionValue>& options);

std::string write_ppn(const pb::GameRecord& record, const NotesByPly& notes = {},
                      const PpnVariations& variations = {});

}  // namespace gamehost::formats
