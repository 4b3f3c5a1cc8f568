// Alien City's table records behind the interface (ReadRecord, WriteRecord,
// docs/interface.md "Table records"): PPN (ppn.h) and Abstract Play
// (abstractplay.h) read into the turns the host plays, and PPN written from
// a log.
#pragma once

#include "gamehost/kit/glue.h"

namespace alien_city::records {

using gamehost::kit::glue::Outcome;

// The formats listed in GameInfo.record_formats.
inline constexpr const char* kFormats[] = {"ppn", "abstractplay"};

// INVALID_ARGUMENT with the reader's message for a record it cannot read;
// code OTHER_GAME when the record is of another game.
Outcome read_record(const gamehost::v1::ReadRecordRequest& req, gamehost::v1::ReadRecordResponse& resp);
// INVALID_ARGUMENT saying why the log cannot be written.
Outcome write_record(const gamehost::v1::WriteRecordRequest& req, gamehost::v1::WriteRecordResponse& resp);

}  // namespace alien_city::records
