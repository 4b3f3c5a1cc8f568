// The framing every record file of the host shares (game logs, reviews):
// a prelude (magic, u32 LE format version), then records, each a u32 LE
// length N, N bytes of one protobuf message and the u32 LE CRC-32 of those
// N bytes. Appended with one write(2) per record, so a killed writer leaves
// every whole record readable and at most one torn record at the end.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <google/protobuf/message_lite.h>

namespace gamehost {

void put_u32(std::string& out, std::uint32_t v);
std::uint32_t get_u32(std::string_view bytes, std::size_t at);  // pre: 4 bytes at `at`
std::uint32_t crc32(std::string_view bytes);                   // IEEE 802.3, as zlib's

// Appends `message` framed: length, bytes, CRC.
void append_frame(std::string& out, const google::protobuf::MessageLite& message);

// The record framed at `at`, or why it cannot be read.
struct Frame {
  std::string_view payload;  // empty with a non-empty error
  std::size_t next = 0;      // where the following record starts
  std::string error;         // "truncated record: ...", "bad record length N", "checksum mismatch: ..."
};
Frame read_frame(std::string_view bytes, std::size_t at, std::uint32_t max_bytes);

// The first record of a framed file (records from byte `prelude` on) that
// does not read, and what follows it; nullopt when every record reads.
// `next_whole` is where the first whole record after the damage starts (a
// non-empty record with its checksum right), or 0 when there is none: a
// torn write leaves nothing whole after it, damage in the middle does
// (repair tells the two apart with this).
struct FrameDamage {
  std::size_t at = 0;
  std::string problem;  // read_frame's error
  std::size_t next_whole = 0;
};
std::optional<FrameDamage> first_damage(std::string_view bytes, std::size_t prelude, std::uint32_t max_bytes);

// Writes all of `bytes` to `fd` (retrying short writes and EINTR). Throws
// HostError "PATH: cannot write: reason".
void write_fully(int fd, std::string_view bytes, const std::string& path);

}  // namespace gamehost
