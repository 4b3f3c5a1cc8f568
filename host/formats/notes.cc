#include "gamehost/records/sidecar.h"
#include "gamehost/formats/notes.h"

#include <fmt/core.h>

#include <cerrno>
#include <cstdio>
#include <chrono>
#include <cstring>

#include "gamehost/records/record_framing.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/records/output_file.h"
#include "gamehost/records/regular_file.h"

namespace gamehost::formats {
namespace {

constexpr std::uint32_t kMaxNoteBytes = 1u << 20;

// What to do about damaged notes, for the messages.
std::string repair_hint(const std::string& log_file) {
  return fmt::format("'gamehost repair {}' cuts a torn last note", log_file);
}

}  // namespace

std::filesystem::path old_notes_path_for(const std::filesystem::path& log) { return log.string() + ".ghnotes"; }

std::filesystem::path notes_path_for(const std::filesystem::path& log) {
  const auto path = sidecar_path(log, ".ghnotes");
  std::error_code ec;
  // Notes made before the one naming rule (LOG.ghlog.ghnotes) still open.
  if (!std::filesystem::exists(path, ec) && std::filesystem::exists(old_notes_path_for(log), ec))
    return old_notes_path_for(log);
  return path;
}

std::vector<npb::PlyNote> read_notes(const std::filesystem::path& log_path, const GameLog& log) {
  const auto path = notes_path_for(log_path);
  std::vector<npb::PlyNote> notes;
  if (!std::filesystem::exists(path)) return notes;
  const std::string bytes = read_regular_file(path);
  const std::string_view view(bytes);
  auto fail = [&](std::size_t at, const std::string& what) {
    throw HostError(fmt::format("{}: byte {}: {}", path.string(), at, what));
  };
  if (view.size() < 12 || view.substr(0, 8) != kNotesMagic) fail(0, "not a gamehost notes file (wrong magic)");
  if (get_u32(view, 8) != kNotesFormatVersion)
    fail(8, fmt::format("notes format version {}, this host reads version {}", get_u32(view, 8), kNotesFormatVersion));
  std::size_t at = 12;
  npb::NotesRecord record;
  bool have_header = false;
  while (at < view.size()) {
    const Frame frame = read_frame(view, at, kMaxNoteBytes);
    if (!frame.error.empty()) fail(at, frame.error);
    if (!record.ParseFromArray(frame.payload.data(), static_cast<int>(frame.payload.size())))
      fail(at, "the record does not parse");
    if (!have_header) {
      if (!record.has_header()) fail(at, "the first record is not a header");
      if (record.header().initial_state_hash() != log.record.header().initial_state_hash() ||
          record.header().game_id() != log.record.header().game_id())
        fail(at, fmt::format("these notes belong to another game than {}", log.file));
      have_header = true;
    } else {
      if (!record.has_note()) fail(at, "a record that is not a note");
      notes.push_back(record.note());
    }
    at = frame.next;
  }
  return notes;
}

NotesByPly notes_by_ply(const std::filesystem::path& log_path, const GameLog& log) {
  NotesByPly by_ply;
  for (const auto& n : read_notes(log_path, log)) by_ply[static_cast<int>(n.ply())].push_back(n.text());
  return by_ply;
}

std::string noted_plies_text(const NotesByPly& notes) {
  if (notes.empty()) return "";
  std::string plies;
  for (const auto& [ply, texts] : notes) plies += fmt::format("{}{}", plies.empty() ? "" : ", ", ply);
  return fmt::format("notes on {} {}", notes.size() == 1 ? "ply" : "plies", plies);
}

void add_note(const std::filesystem::path& log_path, const GameLog& log, int ply, const std::string& text) {
  const int plies = log.record.plies_size();
  if (ply < 0 || ply > plies)
    throw HostError(fmt::format("{}: no ply {}: the log has plies 0..{}", log.file, ply, plies));
  if (text.empty()) throw HostError("annotate: the note is empty");
  // Nothing the reader would refuse is written: strict UTF-8, and within
  // the record size the reader accepts.
  check_note_text(text, fmt::format("the note on ply {}", ply));
  const auto path = notes_path_for(log_path);
  // Locked, read and replaced whole: a kill or a full disk mid-way leaves
  // the notes as they were, never a torn file.
  ReplaceLock lock(path);
  try {
    read_notes(log_path, log);  // refuses a damaged file or another game's notes before adding to it
  } catch (const HostError& e) {
    throw HostError(fmt::format("{} ({})", e.what(), repair_hint(log.file)));
  }
  std::string bytes;
  if (std::filesystem::exists(path)) {
    bytes = read_regular_file(path);
  } else {
    bytes.append(kNotesMagic);
    put_u32(bytes, kNotesFormatVersion);
    npb::NotesRecord header;
    header.mutable_header()->set_game_id(log.record.header().game_id());
    header.mutable_header()->set_initial_state_hash(log.record.header().initial_state_hash());
    append_frame(bytes, header);
  }
  npb::NotesRecord note;
  note.mutable_note()->set_ply(static_cast<std::uint32_t>(ply));
  note.mutable_note()->set_text(text);
  note.mutable_note()->set_time_ms(std::chrono::duration_cast<std::chrono::milliseconds>(
                                       std::chrono::system_clock::now().time_since_epoch())
                                       .count());
  append_frame(bytes, note);
  lock.replace(bytes);
}

void check_note_text(const std::string& text, const std::string& what) {
  require_utf8(text, what);
  if (text.size() > kMaxNoteBytes - 64)
    throw HostError(fmt::format("{} '{}' is {} bytes, more than a note may hold ({})", what, clipped(text), text.size(),
                                kMaxNoteBytes - 64));
}

NotesByPly notes_or_warning(const std::filesystem::path& log_path, const GameLog& log) {
  try {
    return notes_by_ply(log_path, log);
  } catch (const HostError& e) {
    std::fflush(stdout);
    fmt::print(stderr, "gamehost: warning: {}; the log is shown without its notes ({})\n", e.what(),
               repair_hint(log.file));
    return {};
  }
}

std::string mended_notes(const std::string& bytes, const std::string& file) {
  if (bytes.size() < 12 || std::string_view(bytes).substr(0, 8) != kNotesMagic)
    throw HostError(fmt::format("{}: byte 0: not a gamehost notes file (wrong magic)", file));
  const auto damage = first_damage(bytes, 12, kMaxNoteBytes);
  if (!damage) return bytes;
  if (damage->next_whole)
    throw HostError(fmt::format("{}: byte {}: {}, and whole records follow at byte {}: this is damage in the middle "
                                "of the notes, not a torn last note; nothing was written",
                                file, damage->at, damage->problem, damage->next_whole));
  if (damage->at == 12)
    throw HostError(fmt::format("{}: byte 12: the notes' header record itself is torn: nothing to keep", file));
  return bytes.substr(0, damage->at);
}

void check_old_notes(const std::filesystem::path& log_path, bool overwrite) {
  const auto path = notes_path_for(log_path);
  if (!overwrite && std::filesystem::exists(path))
    throw HostError(fmt::format("{}: already exists, notes of an earlier log (use --force to remove them)", path.string()));
}

void note_refusal(const std::filesystem::path& log_path, const std::string& refused) {
  const GameLog log = read_log(log_path);
  add_note(log_path, log, log.record.plies_size(), "Kept up to here: the record goes on with a refused decision: " + refused);
}

}  // namespace gamehost::formats
