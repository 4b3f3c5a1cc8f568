#include "gamehost/records/regular_file.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "gamehost/base/error.h"
#include "gamehost/records/output_file.h"

namespace gamehost {
namespace {

// What a non-regular file is, for the message; "" for a regular file.
std::string kind_of(mode_t mode) {
  if (S_ISREG(mode)) return "";
  if (S_ISDIR(mode)) return "is a directory, not a file";
  if (S_ISFIFO(mode)) return "is a FIFO (named pipe), not a file";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "is a device, not a file";
  if (S_ISSOCK(mode)) return "is a socket, not a file";
  return "is not a regular file";
}

}  // namespace

std::string read_regular_file(const std::filesystem::path& path, const std::string& label) {
  const std::string name = label.empty() ? path.string() : label;
  auto fail = [&](const std::string& what) { return HostError(fmt::format("{}: {}", name, what)); };
  // stat first: opening a FIFO for reading would wait for a writer.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw fail(errno == ENOENT || errno == ENOTDIR ? "no such file" : fmt::format("cannot be read: {}", std::strerror(errno)));
  if (const std::string kind = kind_of(st.st_mode); !kind.empty()) throw fail(kind);
  auto too_large = [&](std::uint64_t size) {
    return fail(fmt::format("is larger than {} MiB ({} bytes), more than is read from one file", kMaxReadBytes >> 20,
                            size));
  };
  if (static_cast<std::uint64_t>(st.st_size) > kMaxReadBytes) throw too_large(static_cast<std::uint64_t>(st.st_size));
  // O_NONBLOCK and fstat again: a file swapped for a FIFO in between is
  // still refused, never waited on.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw fail(fmt::format("cannot be read: {}", std::strerror(errno)));
  std::string bytes;
  try {
    if (::fstat(fd, &st) != 0) throw fail(fmt::format("cannot be read: {}", std::strerror(errno)));
    if (const std::string kind = kind_of(st.st_mode); !kind.empty()) throw fail(kind);
    char buf[1 << 16];
    while (true) {
      const ssize_t n = ::read(fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) throw fail(fmt::format("cannot be read: {}", std::strerror(errno)));
      if (n == 0) break;
      // A file that grows while it is read is bounded too.
      if (bytes.size() + static_cast<std::size_t>(n) > kMaxReadBytes) throw too_large(bytes.size() + static_cast<std::size_t>(n));
      bytes.append(buf, static_cast<std::size_t>(n));
    }
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
  return bytes;
}

void refuse_special_output(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return;
  if (const std::string kind = kind_of(st.st_mode); !kind.empty())
    throw HostError(fmt::format("{}: {}", path.string(), kind));
}

void write_new_file(const std::filesystem::path& path, const std::string& bytes, bool overwrite) {
  // Whole or not at all (output_file.h); locked like a log, so a file a game
  // or a review is writing is never replaced.
  if (overwrite) {
    ReplaceLock lock(path);
    lock.replace(bytes);
    return;
  }
  const int fd = create_output(path, false, "use --force to overwrite it", bytes);
  if (::close(fd) != 0) throw HostError(fmt::format("{}: cannot write: {}", path.string(), std::strerror(errno)));
}

}  // namespace gamehost
