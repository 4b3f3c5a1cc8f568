// The people's side of a log for the panel: the header's metadata (players,
// event and round, site, date, where the record came from) and the notes
// per ply written beside the log by `gamehost annotate` (LOG.ghnotes,
// docs/notation.md). Metadata shows at every ply, a note at its own ply.
#pragma once

#include <string>
#include <vector>

#include "gamehost/formats/notes.h"
#include "gamehost/records/game_log.h"

namespace viewer {

struct RecordRow {
  std::string key;   // "players", "event", ... "notes", or "note" for the note of the shown ply
  std::string text;  // as shown: "players: Black = Ann, White = Bob", "Note (ply 2): text"
  bool note = false;
};

class RecordInfo {
 public:
  RecordInfo() = default;
  // Reads the metadata of `log` and the notes beside it. A damaged notes
  // file (or one of another game) does not stop the viewer: problem() says
  // why its notes are not shown.
  static RecordInfo read(const std::string& log_path, const gamehost::GameLog& log);

  // The rows at `ply`: the metadata, which plies have notes, then the
  // notes of `ply` in the order written.
  std::vector<RecordRow> rows(int ply) const;
  const std::string& problem() const { return problem_; }

 private:
  std::vector<RecordRow> fields_;
  gamehost::formats::NotesByPly notes_;
  std::string problem_;
};

}  // namespace viewer
