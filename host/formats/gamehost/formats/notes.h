// Notes per ply written beside a log (LOG.ghnotes, notes.proto): added by
// `gamehost annotate`, shown by `gamehost show --ply N`. Appended one
// record at a time; the log is never touched.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "gamehost/formats/notes.pb.h"
#include "gamehost/records/game_log.h"

namespace gamehost::formats {

namespace npb = gamehost::formats::v1;

inline constexpr std::string_view kNotesMagic{"\x89GHNOTE\n", 8};
inline constexpr std::uint32_t kNotesFormatVersion = 1;

// LOG.ghnotes: the log's extension replaced (gamehost/records/sidecar.h); the name
// notes had before that rule (table.ghlog.ghnotes) when only that exists.
std::filesystem::path notes_path_for(const std::filesystem::path& log);
std::filesystem::path old_notes_path_for(const std::filesystem::path& log);

// Every note of `log` (none when there is no notes file). Throws HostError
// "FILE: byte N: what" for a damaged file or notes of another log.
std::vector<npb::PlyNote> read_notes(const std::filesystem::path& log_path, const GameLog& log);

// The texts of those notes by ply, each ply's in the order written.
using NotesByPly = std::map<int, std::vector<std::string>>;
NotesByPly notes_by_ply(const std::filesystem::path& log_path, const GameLog& log);
// "notes on plies 0, 2, 11" (or "notes on ply 4"); empty without notes.
std::string noted_plies_text(const NotesByPly& notes);

// Throws HostError "WHAT: not UTF-8 text (byte N)" or "WHAT '...' is N
// bytes, more than a note may hold (M)": a note the reader would refuse is
// never written (add_note checks each; import checks all before it writes).
void check_note_text(const std::string& text, const std::string& what);
// notes_by_ply for what only shows a log (show, export): damaged notes are
// a warning on stderr ("gamehost: warning: FILE: byte N: what; the log is
// shown without its notes (...)") and no notes, never an error.
NotesByPly notes_or_warning(const std::filesystem::path& log_path, const GameLog& log);
// The bytes of the notes file `file` with a torn last note cut (what a
// kill or a full disk leaves): `bytes` itself when every record is whole.
// Throws HostError "FILE: byte N: what" for damage in the middle (whole
// records after it) or a torn header: nothing is cut then.
std::string mended_notes(const std::string& bytes, const std::string& file);
// Adds a note on ply `ply` (0..plies), the file replaced whole under its
// lock (output_file.h). Throws HostError naming the ply
// when the log has no such ply.
void add_note(const std::filesystem::path& log_path, const GameLog& log, int ply, const std::string& text);

// Before a new log is written at `log_path`: notes left beside it belong
// to an earlier log. Throws HostError unless `overwrite` (GameBuilder::write
// then removes them with the log it replaces).
void check_old_notes(const std::filesystem::path& log_path, bool overwrite);

// For a game kept up to its first illegal decision (enter or import with
// --keep-legal): a note on the log's last ply naming the refused decision
// and its ruling, so show and the viewer say where the record was cut.
void note_refusal(const std::filesystem::path& log_path, const std::string& refused);

}  // namespace gamehost::formats
