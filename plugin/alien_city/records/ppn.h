// Portable Piecepack Notation (PPN) for Alien City, as the piecepack
// community's ppgames package writes it (docs/notation.md gives the
// mapping): a YAML header between "---" and "..." with the game type, its
// tiles and the metadata, then movetext "1. B3x@e6 K1x@e6 1... R3x@f5".
#pragma once

#include <string>

#include "alien_city/records/city_record.h"

namespace alien_city::records {

// Reads one Alien City game. Throws RecordError "FILE line N: what" for
// anything it cannot read (the rules are checked later, by playing it).
CityGame read_ppn(const std::string& text, const std::string& file);

// The PPN of an Alien City log that starts from an empty city (not from a
// position diagram), with its notes (by ply, e.g. from LOG.ghnotes) as
// comments after the decision they are on (docs/notation.md). Throws
// RecordError saying why a log cannot be written. Its variations (from
// LOG.ghvars) are written as comments after the decision they replace
// (ppn_variations.h).
std::string write_ppn(const pb::WriteRecordRequest& log);

}  // namespace alien_city::records
