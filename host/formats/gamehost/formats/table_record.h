// Records of games played elsewhere, in a format a game reads and writes
// (GameInfo.record_formats: PPN, Abstract Play, ...). The game translates
// (ReadRecord, WriteRecord); the host carries the files, plays every
// decision the game read through its rules, as if entered at the table,
// and writes the log. The host knows no format's notation.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "gamehost/formats/game_builder.h"
#include "gamehost/formats/notes.h"
#include "gamehost/calls/registry.h"

namespace gamehost::formats {

// A record as its game read it, and the game.
struct TableRecord {
  Plugin* game = nullptr;
  pb::ReadRecordResponse record;
};

// Asks the games that list `format` to read `text` (from `file`), in the
// order of the plugin path; the first that reads it wins. Throws HostError
// with the game's words when it cannot be read (the first game's, when
// every game says the record is of another game), or when no game reads
// `format`.
TableRecord read_table_record(Registry& registry, const std::string& format, const std::string& text,
                              const std::string& file);

// The people's side of the record (strict UTF-8 is checked later).
Metadata metadata_of(const pb::ReadRecordResponse& record);

// What playing a record gave: the decisions applied, and remarks (e.g. a
// follow-up made void by the game's end).
struct Played {
  std::vector<std::string> remarks;
  // With keep_legal: the first turn refused and why (else it throws).
  std::string refused;
  // Per turn played: the plies its notes belong to, its decision's and its
  // last (its follow-up's, or the decision's when there is none).
  struct TurnPlies {
    int decision = 0, end = 0;
  };
  std::vector<TurnPlies> turn_plies;
};

// Plays every turn through `game` (the decision, then the follow-up when
// the game asks for it). Throws HostError "WHERE 'WRITTEN': RULING" at the
// first refusal, unless keep_legal, which stops there and says so in
// `refused`.
Played play_record_turns(GameBuilder& game, const pb::ReadRecordResponse& record, bool keep_legal);

// The variations of a log by the ply they branch after, for WriteRecord.
using RecordVariations = std::map<int, std::vector<pb::RecordLine>>;

// `record` in `format`, written by its game (WriteRecord), with its notes
// and variations. Throws HostError "FORMAT export: ..." when the game does
// not write the format, or with the game's words when it cannot write this
// log.
std::string write_table_record(Plugin& game, const std::string& format, const pb::GameRecord& record,
                               const NotesByPly& notes, const RecordVariations& variations);

// Whether `game` writes `format`.
bool writes_format(const Plugin& game, const std::string& format);

}  // namespace gamehost::formats
