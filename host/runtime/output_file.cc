#include "gamehost/output_file.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "gamehost/error.h"
#include "gamehost/regular_file.h"

namespace gamehost {
namespace {

HostError io_error(const std::filesystem::path& path, const char* what, int error) {
  return HostError(fmt::format("{}: {}: {}", path.string(), what, std::strerror(error)));
}

// Takes the exclusive lock on `fd`, open on `path`, without waiting; on a
// refusal closes `fd` (no descriptor leaks) and throws HostError "PATH:
// another gamehost process is writing it; ..." while another process holds
// the lock.
void lock_or_close(int fd, const std::filesystem::path& path) {
  int error = 0;
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EINTR) continue;
    error = errno;
    break;
  }
  if (error == 0) return;
  ::close(fd);
  if (error == EWOULDBLOCK)
    throw HostError(fmt::format("{}: another gamehost process is writing it; wait until it has finished, "
                                "or write to another file",
                                path.string()));
  throw io_error(path, "cannot lock", error);
}

// Closes `fd` and throws `error`.
[[noreturn]] void close_and_throw(int fd, const HostError& error) {
  ::close(fd);
  throw error;
}

}  // namespace

int create_output(const std::filesystem::path& path, bool overwrite, const std::string& exists_hint) {
  // No O_TRUNC: a file another process is writing must not be emptied
  // before the lock says whether one is.
  if (overwrite) refuse_special_output(path);  // opening a FIFO would wait for a reader
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | (overwrite ? 0 : O_EXCL), 0644);
  if (fd < 0) {
    if (errno == EEXIST) throw HostError(fmt::format("{}: already exists ({})", path.string(), exists_hint));
    throw io_error(path, "cannot create", errno);
  }
  lock_or_close(fd, path);
  if (overwrite && ::ftruncate(fd, 0) != 0) close_and_throw(fd, io_error(path, "cannot empty it", errno));
  return fd;
}

int continue_output(const std::filesystem::path& path, std::uint64_t size_read, std::uint64_t keep_bytes) {
  refuse_special_output(path);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) throw io_error(path, "cannot open to go on writing it", errno);
  lock_or_close(fd, path);
  struct stat st {};
  if (::fstat(fd, &st) != 0) close_and_throw(fd, io_error(path, "cannot open to go on writing it", errno));
  if (static_cast<std::uint64_t>(st.st_size) != size_read)
    close_and_throw(fd, HostError(fmt::format("{}: changed since it was read ({} bytes, now {}: another gamehost "
                                              "process was writing it); run the command again",
                                              path.string(), size_read, st.st_size)));
  if (::ftruncate(fd, static_cast<off_t>(keep_bytes)) != 0 || ::lseek(fd, 0, SEEK_END) < 0)
    close_and_throw(fd, io_error(path, "cannot cut it to its whole records", errno));
  return fd;
}

ReplaceLock::ReplaceLock(const std::filesystem::path& path) {
  refuse_special_output(path);
  fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd_ < 0 && (errno == ENOENT || errno == ENOTDIR)) return;  // nothing there to protect
  if (fd_ < 0) throw io_error(path, "cannot open", errno);
  lock_or_close(fd_, path);
}

ReplaceLock::~ReplaceLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace gamehost
