#include "gamehost/records/game_log.h"

#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "gamehost/records/record_framing.h"
#include "gamehost/records/log_seal.h"
#include "gamehost/records/output_file.h"
#include "gamehost/records/regular_file.h"

namespace gamehost {

std::uint64_t state_hash(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a 64 offset basis
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ull;  // FNV prime
  }
  return h;
}

std::string log_error(const std::string& file, std::uint64_t offset, const std::string& where,
                      const std::string& what) {
  return fmt::format("{}: byte {}, {}: {}", file, offset, where, what);
}

// ------------------------------------------------------------------ writing

LogWriter::LogWriter(const std::filesystem::path& path, const pb::LogHeader& header, bool overwrite)
    : path_(path) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  buffer_.assign(kLogMagic);
  put_u32(buffer_, kLogFormatVersion);
  *record_.mutable_header() = header;
  append_frame(buffer_, record_);
  // Created with its header in one rename, so no kill leaves an empty log;
  // an existing log is never overwritten unless asked, nor while another
  // process writes it.
  fd_ = create_output(path, overwrite, "use --force to overwrite it", buffer_);
}

LogWriter::LogWriter(const std::filesystem::path& path, std::uint64_t size_read, std::uint64_t keep_bytes)
    : path_(path), fd_(continue_output(path, size_read, keep_bytes)) {}

LogWriter::~LogWriter() {
  if (fd_ >= 0) ::close(fd_);
}

void LogWriter::append(const pb::LogPly& ply) {
  *record_.mutable_ply() = ply;
  write_record(record_);
}

void LogWriter::finish(const pb::LogResult& result) {
  *record_.mutable_result() = result;
  write_record(record_);
}

void LogWriter::fault(const pb::LogFault& fault) {
  *record_.mutable_fault() = fault;
  write_record(record_);
}

void LogWriter::write_record(const pb::LogRecord& record) {
  buffer_.clear();
  append_frame(buffer_, record);
  write_all(buffer_);
}

// One write(2) per record: the record is in the kernel before the game goes
// on, so killing the process loses nothing that was played.
void LogWriter::write_all(const std::string& bytes) {
  write_fully(fd_, bytes, path_.string());
  if (durable_ && ::fsync(fd_) != 0)
    throw HostError(fmt::format("{}: cannot sync: {}", path_.string(), std::strerror(errno)));
}

// ------------------------------------------------------------------ reading

GameLog parse_log(std::string_view bytes, const std::string& file) {
  GameLog log;
  log.file = file;
  log.size = bytes.size();
  if (bytes.size() < kLogMagic.size() || bytes.substr(0, kLogMagic.size()) != kLogMagic)
    throw HostError(log_error(file, 0, "header", "not a gamehost log (wrong magic)"));
  if (bytes.size() < kLogPrelude)
    throw HostError(log_error(file, 8, "header", "truncated: the format version is cut short"));
  const std::uint32_t version = get_u32(bytes, 8);
  if (version != kLogFormatVersion)
    throw HostError(log_error(file, 8, "header",
                              fmt::format("log format version {}, this host reads version {}", version,
                                          kLogFormatVersion)));
  std::size_t at = kLogPrelude;
  bool have_header = false;
  pb::LogRecord record;
  while (at < bytes.size()) {
    // Where this record sits in the game, for the message.
    const std::string where = !have_header ? "header"
                              : log.signature_offset ? "after the signature"
                              : log.record.has_result()
                                  ? "after the result"
                              : log.record.has_fault()
                                  ? "after the fault"
                                  : fmt::format("ply {}", log.record.plies_size() + 1);
    const Frame frame = read_frame(bytes, at, kMaxRecordBytes);
    if (!frame.error.empty()) throw HostError(log_error(file, at, where, frame.error));
    const std::string_view payload = frame.payload;
    if (!record.ParseFromArray(payload.data(), static_cast<int>(payload.size())))
      throw HostError(log_error(file, at, where, "the record does not parse"));
    if (log.signature_offset) throw HostError(log_error(file, at, where, "data after the signature record"));
    if (log.record.has_result() && record.record_case() != pb::LogRecord::kSignature)
      throw HostError(log_error(file, at, where, "data after the result record"));
    if (log.record.has_fault() && record.record_case() != pb::LogRecord::kSignature)
      throw HostError(log_error(file, at, where, "data after the fault record"));
    switch (record.record_case()) {
      case pb::LogRecord::kHeader:
        if (have_header) throw HostError(log_error(file, at, where, "a second header record"));
        have_header = true;
        *log.record.mutable_header() = std::move(*record.mutable_header());
        break;
      case pb::LogRecord::kPly: {
        if (!have_header) throw HostError(log_error(file, at, where, "the first record is not a header"));
        const auto expected = static_cast<std::uint32_t>(log.record.plies_size() + 1);
        if (record.ply().ply() != expected)
          throw HostError(log_error(file, at, where,
                                    fmt::format("ply record numbered {}, expected {}", record.ply().ply(), expected)));
        log.ply_offsets.push_back(at);
        *log.record.add_plies() = std::move(*record.mutable_ply());
        break;
      }
      case pb::LogRecord::kResult:
        if (!have_header) throw HostError(log_error(file, at, where, "the first record is not a header"));
        log.result_offset = at;
        *log.record.mutable_result() = std::move(*record.mutable_result());
        break;
      case pb::LogRecord::kFault:
        if (!have_header) throw HostError(log_error(file, at, where, "the first record is not a header"));
        *log.record.mutable_fault() = std::move(*record.mutable_fault());
        break;
      case pb::LogRecord::kSignature:
        if (!have_header) throw HostError(log_error(file, at, where, "the first record is not a header"));
        log.signature_offset = at;
        log.signature = std::move(*record.mutable_signature());
        break;
      default:
        throw HostError(log_error(file, at, where, "a record of unknown kind"));
    }
    at = frame.next;
  }
  if (!have_header) throw HostError(log_error(file, at, "header", "truncated: no header record"));
  open_sealed(log);
  return log;
}

GameLog read_log(const std::filesystem::path& path) {
  return parse_log(read_regular_file(path), path.string());  // a FIFO or folder is refused, never read
}

std::string encode_log(const pb::GameRecord& game) {
  std::string out(kLogMagic);
  put_u32(out, kLogFormatVersion);
  pb::LogRecord record;
  *record.mutable_header() = game.header();
  append_frame(out, record);
  for (const auto& ply : game.plies()) {
    *record.mutable_ply() = ply;
    clear_sealed_fields(*record.mutable_ply());  // a sealed ply's hidden fields live only in its sealed part
    append_frame(out, record);
  }
  if (game.has_result()) {
    *record.mutable_result() = game.result();
    append_frame(out, record);
  }
  if (game.has_fault()) {
    *record.mutable_fault() = game.fault();
    append_frame(out, record);
  }
  return out;
}

}  // namespace gamehost
