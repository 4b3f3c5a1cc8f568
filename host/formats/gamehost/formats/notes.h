// Notes per ply written beside a log (LOG.ghnotes, notes.proto): added by
// `gamehost annotate`, shown by `gamehost show --ply N`. Appended one
// record at a time; the log is never touched.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "gamehost/formats/notes.pb.h"
#include "gamehost/game_log.h"

namespace gamehost::formats {

namespace npb = gamehost::formats::v1;

inline constexpr std::string_view kNotesMagic{"\x89GHNOTE\n", 8};
inline constexpr std::uint32_t kNotesFormatVersion = 1;

std::filesystem::path notes_path_for(const std::filesystem::path& log);  // LOG.ghnotes

// Every note of `log` (none when there is no notes file). Throws HostError
// "FILE: byte N: what" for a damaged file or notes of another log.
std::vector<npb::PlyNote> read_notes(const std::filesystem::path& log_path, const GameLog& log);

// Appends a note on ply `ply` (0..plies). Throws HostError naming the ply
// when the log has no such ply.
void add_note(const std::filesystem::path& log_path, const GameLog& log, int ply, const std::string& text);

}  // namespace gamehost::formats
