#include "gamehost/calls/runner_frames.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>

namespace gamehost {

void put_frame_header(std::string& out, std::uint32_t tag, std::uint32_t size) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>((tag >> (8 * i)) & 0xff);
  for (int i = 0; i < 4; ++i) out += static_cast<char>((size >> (8 * i)) & 0xff);
}

void get_frame_header(const char* header, std::uint32_t& tag, std::uint32_t& size) {
  tag = size = 0;
  for (int i = 0; i < 4; ++i) tag |= static_cast<std::uint32_t>(static_cast<unsigned char>(header[i])) << (8 * i);
  for (int i = 0; i < 4; ++i) size |= static_cast<std::uint32_t>(static_cast<unsigned char>(header[4 + i])) << (8 * i);
}

IoResult write_full(int fd, const char* data, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, data, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return IoResult::kError;
    data += w;
    n -= static_cast<std::size_t>(w);
  }
  return IoResult::kOk;
}

IoResult read_full(int fd, char* data, std::size_t n,
                   std::optional<std::chrono::steady_clock::time_point> deadline) {
  while (n > 0) {
    if (deadline) {
      // poll first, so a plugin that never answers cannot block the host.
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return IoResult::kTimeout;
      pollfd p{fd, POLLIN, 0};
      const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count() + 1, 1 << 30)));
      if (ready < 0 && errno == EINTR) continue;
      if (ready < 0) return IoResult::kError;
      if (ready == 0) continue;  // the deadline is checked again above
    }
    const ssize_t r = ::read(fd, data, n);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return IoResult::kError;
    if (r == 0) return IoResult::kEof;
    data += r;
    n -= static_cast<std::size_t>(r);
  }
  return IoResult::kOk;
}

}  // namespace gamehost
