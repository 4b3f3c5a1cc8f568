// Game logs (.ghlog), the binary format of docs/logs.md:
//   8-byte magic "\x89GHLOG\r\n", u32 LE format version,
//   then records: u32 LE length N, N bytes of a gamehost.v1.LogRecord,
//   u32 LE CRC-32 of those N bytes.
// A header record first, one ply record per action, a result record last
// when the game finished, or a fault record when a fault stopped it.
//
// The writer appends each record with one write(2) as soon as it is known,
// so a killed game leaves every ply played so far readable. The reader trusts
// nothing: every failure names the file, the byte offset and the ply.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gamehost/base/error.h"
#include "gamehost/records/log.pb.h"

namespace gamehost {

namespace pb = gamehost::v1;

// How a ply the viewer may not see is written in move lists.
inline constexpr std::string_view kHiddenNotation = "?";

inline constexpr std::string_view kLogMagic{"\x89GHLOG\r\n", 8};
inline constexpr std::uint32_t kLogFormatVersion = 1;
inline constexpr std::size_t kLogPrelude = 12;  // magic + version
// Larger records are refused as corrupt lengths (a header holds a setup and
// options, far below this).
inline constexpr std::uint32_t kMaxRecordBytes = 16u << 20;

// The state hash recorded per ply: 64-bit FNV-1a of the state bytes.
std::uint64_t state_hash(std::string_view state_bytes);

class LogWriter {
 public:
  // Creates `path` (and its folder) and writes the prelude and header; the
  // file stays locked against other writers while this object lives
  // (output_file.h). Throws HostError when the file exists and !overwrite,
  // when another process is writing it, or on I/O errors.
  LogWriter(const std::filesystem::path& path, const pb::LogHeader& header, bool overwrite);
  // Reopens an unfinished log to go on appending (play --resume), locked:
  // refused unless it still has the `size_read` bytes the caller read, then
  // cut to its first `keep_bytes` bytes (its whole records without a
  // trailing signature).
  LogWriter(const std::filesystem::path& path, std::uint64_t size_read, std::uint64_t keep_bytes);
  ~LogWriter();
  // With durable, every record is fsync'ed before the game goes on, so a
  // power loss loses nothing played either (--durable).
  void set_durable(bool durable) { durable_ = durable; }
  LogWriter(const LogWriter&) = delete;
  LogWriter& operator=(const LogWriter&) = delete;

  void append(const pb::LogPly& ply);
  void finish(const pb::LogResult& result);
  // Ends a game stopped by a fault (instead of finish).
  void fault(const pb::LogFault& fault);
  const std::filesystem::path& path() const { return path_; }

 private:
  void write_record(const pb::LogRecord& record);
  void write_all(const std::string& bytes);

  std::filesystem::path path_;
  int fd_ = -1;
  bool durable_ = false;
  std::string buffer_;
  pb::LogRecord record_;
};

// A log read back, with where each record starts (for error messages).
struct GameLog {
  std::string file;  // as named by the user
  pb::GameRecord record;
  std::vector<std::uint64_t> ply_offsets;  // byte offset of ply i+1's record
  std::uint64_t result_offset = 0;
  std::uint64_t size = 0;
  // A trailing signature record, when the log is signed (log_signature.h):
  // where it starts (0: unsigned) and its contents.
  std::uint64_t signature_offset = 0;
  pb::LogSignature signature;
  // Its plies' hidden parts are sealed and no key opened them (an unfinished
  // secret game, log_seal.h): no position after ply 0 can be replayed.
  bool sealed = false;
  bool finished() const { return record.has_result(); }
  bool faulted() const { return record.has_fault(); }
  bool signed_() const { return signature_offset != 0; }
};

// Checks the framing: magic, version, lengths, checksums, record order and
// ply numbering. Throws HostError "FILE: byte N, ply P: what".
GameLog parse_log(std::string_view bytes, const std::string& file);
GameLog read_log(const std::filesystem::path& path);

// The bytes of a whole log (used by `gamehost import` and tests).
std::string encode_log(const pb::GameRecord& record);

// The framing's pieces, for tools that walk records (repair, signing).
std::uint32_t get_u32(std::string_view bytes, std::size_t at);  // little-endian
std::uint32_t crc32(std::string_view bytes);                     // IEEE 802.3

// "FILE: byte OFFSET, WHERE: WHAT", the shape of every log error.
std::string log_error(const std::string& file, std::uint64_t offset, const std::string& where,
                      const std::string& what);

}  // namespace gamehost
