#include "gamehost/sidecar.h"
#include "gamehost/formats/notes.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>

#include "gamehost/framing.h"
#include "gamehost/regular_file.h"

namespace gamehost::formats {
namespace {

constexpr std::uint32_t kMaxNoteBytes = 1u << 20;

void append_bytes(const std::filesystem::path& path, const std::string& bytes) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) throw HostError(fmt::format("{}: cannot open: {}", path.string(), std::strerror(errno)));
  try {
    write_fully(fd, bytes, path.string());
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
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
  read_notes(log_path, log);  // refuses a damaged file or another game's notes before appending
  const auto path = notes_path_for(log_path);
  std::string bytes;
  if (!std::filesystem::exists(path)) {
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
  append_bytes(path, bytes);
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
