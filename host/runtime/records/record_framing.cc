#include "gamehost/records/record_framing.h"

#include <boost/crc.hpp>
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "gamehost/base/error.h"

namespace gamehost {

void put_u32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xff);
}

std::uint32_t get_u32(std::string_view bytes, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + i])) << (8 * i);
  return v;
}

std::uint32_t crc32(std::string_view bytes) {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), bytes.size());
  return crc.checksum();
}

void append_frame(std::string& out, const google::protobuf::MessageLite& message) {
  const std::size_t at = out.size();
  put_u32(out, 0);
  message.AppendToString(&out);
  const std::size_t n = out.size() - at - 4;
  for (int i = 0; i < 4; ++i) out[at + i] = static_cast<char>((n >> (8 * i)) & 0xff);
  put_u32(out, crc32(std::string_view(out).substr(at + 4, n)));
}

Frame read_frame(std::string_view bytes, std::size_t at, std::uint32_t max_bytes) {
  Frame f;
  const std::size_t left = bytes.size() - at;
  if (left < 4) {
    f.error = fmt::format("truncated record: {} of 4 length bytes", left);
    return f;
  }
  const std::uint32_t n = get_u32(bytes, at);
  if (n > max_bytes) {
    f.error = fmt::format("bad record length {}", n);
    return f;
  }
  if (left < 8 + static_cast<std::size_t>(n)) {
    f.error = fmt::format("truncated record: needs {} bytes, {} left", 8 + std::size_t{n}, left);
    return f;
  }
  const std::string_view payload = bytes.substr(at + 4, n);
  if (crc32(payload) != get_u32(bytes, at + 4 + n)) {
    f.error = "checksum mismatch: the record is damaged";
    return f;
  }
  f.payload = payload;
  f.next = at + 8 + static_cast<std::size_t>(n);
  return f;
}

std::optional<FrameDamage> first_damage(std::string_view bytes, std::size_t prelude, std::uint32_t max_bytes) {
  std::size_t at = prelude;
  while (at < bytes.size()) {
    const Frame frame = read_frame(bytes, at, max_bytes);
    if (frame.error.empty()) {
      at = frame.next;
      continue;
    }
    FrameDamage d{at, frame.error, 0};
    // Zeros (a length of 0) are no record: a zero-filled tail is not one.
    for (std::size_t next = at + 1; next + 8 <= bytes.size() && !d.next_whole; ++next)
      if (get_u32(bytes, next) != 0 && read_frame(bytes, next, max_bytes).error.empty()) d.next_whole = next;
    return d;
  }
  return std::nullopt;
}

void write_fully(int fd, std::string_view bytes, const std::string& path) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw HostError(fmt::format("{}: cannot write: {}", path, std::strerror(errno)));
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace gamehost
