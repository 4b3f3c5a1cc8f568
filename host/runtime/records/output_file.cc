#include "gamehost/records/output_file.h"

#include <fcntl.h>
#include <fmt/core.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>

#include "gamehost/base/error.h"
#include "gamehost/records/record_framing.h"
#include "gamehost/records/regular_file.h"

namespace gamehost {
namespace {

namespace fs = std::filesystem;

HostError io_error(const fs::path& path, const char* what, int error) {
  return HostError(fmt::format("{}: {}: {}", path.string(), what, std::strerror(error)));
}

HostError busy_error(const fs::path& path) {
  return HostError(fmt::format("{}: another gamehost process is writing it; wait until it has finished, "
                               "or write to another file",
                               path.string()));
}

// Closes `fd` and throws `error`.
[[noreturn]] void close_and_throw(int fd, const HostError& error) {
  ::close(fd);
  throw error;
}

// Takes the exclusive lock on `fd` without waiting; false when another open
// file holds it.
bool try_lock(int fd, const fs::path& path) {
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EINTR) continue;
    if (errno == EWOULDBLOCK) return false;
    close_and_throw(fd, io_error(path, "cannot lock", errno));
  }
  return true;
}

// The file at `path`, opened and locked, or -1 when there is none (a symlink
// counts as none: it is replaced, never followed). Throws the lock's refusal
// while another process holds it. A file renamed over `path` between the
// open and the lock (a writer replacing it) is noticed and the new one locked.
int lock_current(const fs::path& path, int open_flags) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    const int fd = ::open(path.c_str(), open_flags | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 && (errno == ENOENT || errno == ENOTDIR || errno == ELOOP)) return -1;
    if (fd < 0) throw io_error(path, "cannot open", errno);
    if (!try_lock(fd, path)) close_and_throw(fd, busy_error(path));
    struct stat held {}, now {};
    if (::fstat(fd, &held) != 0) close_and_throw(fd, io_error(path, "cannot open", errno));
    if (::lstat(path.c_str(), &now) == 0 && now.st_dev == held.st_dev && now.st_ino == held.st_ino) return fd;
    ::close(fd);  // replaced meanwhile: lock the file that is there now
  }
  throw busy_error(path);
}

// A new file with a fresh name beside `path`, holding `bytes` and locked
// (nobody else can know its name yet). O_EXCL|O_NOFOLLOW: whatever was
// planted at a name is never opened. Removed again on any failure.
struct TempFile {
  fs::path path;
  int fd = -1;
};

TempFile write_temp(const fs::path& target, std::string_view bytes) {
  static thread_local std::mt19937_64 fresh{std::random_device{}()};
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  TempFile t;
  for (int attempt = 0; t.fd < 0; ++attempt) {
    t.path = folder / fmt::format(".{}.{:016x}.tmp", target.filename().string(), fresh());
    t.fd = ::open(t.path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (t.fd < 0 && (errno != EEXIST || attempt > 100)) throw io_error(target, "cannot create", errno);
  }
  try {
    if (!try_lock(t.fd, t.path)) throw busy_error(t.path);
    write_fully(t.fd, bytes, target.string());
  } catch (...) {
    ::close(t.fd);
    ::unlink(t.path.c_str());
    throw;
  }
  return t;
}

// Puts the temporary file at `target`: over what is there (the caller holds
// its lock), or only when nothing is (renameat2's RENAME_NOREPLACE, or
// link(2) where the file system has no such rename). On failure the
// temporary file is closed and removed, the target left as it was.
void put_in_place(TempFile& t, const fs::path& target, bool overwrite, const std::string& exists_hint) {
  int error = 0;
  if (overwrite) {
    if (::rename(t.path.c_str(), target.c_str()) != 0) error = errno;
  } else if (::renameat2(AT_FDCWD, t.path.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE) != 0) {
    error = errno;
    if (error == EINVAL || error == ENOSYS) {
      error = ::link(t.path.c_str(), target.c_str()) == 0 ? 0 : errno;
      ::unlink(t.path.c_str());
    }
  }
  if (error == 0) return;
  ::close(t.fd);
  ::unlink(t.path.c_str());
  if (error == EEXIST) throw HostError(fmt::format("{}: already exists ({})", target.string(), exists_hint));
  throw io_error(target, "cannot create", error);
}

}  // namespace

int create_output(const fs::path& path, bool overwrite, const std::string& exists_hint, std::string_view initial) {
  refuse_special_output(path);  // a FIFO would wait for a reader; a folder is no file
  if (!overwrite && ::access(path.c_str(), F_OK) == 0)  // early, before any temporary file
    throw HostError(fmt::format("{}: already exists ({})", path.string(), exists_hint));
  if (!overwrite) {
    TempFile t = write_temp(path, initial);
    put_in_place(t, path, false, exists_hint);
    return t.fd;
  }
  ReplaceLock old(path);  // a file another process is writing is never replaced
  TempFile t = write_temp(path, initial);
  put_in_place(t, path, true, exists_hint);
  return t.fd;
}

int continue_output(const fs::path& path, std::uint64_t size_read, std::uint64_t keep_bytes) {
  refuse_special_output(path);
  const int fd = lock_current(path, O_WRONLY);
  if (fd < 0) throw io_error(path, "cannot open to go on writing it", ENOENT);
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

ReplaceLock::ReplaceLock(const fs::path& path) : path_(path) {
  refuse_special_output(path);
  fd_ = lock_current(path, O_RDONLY);
}

ReplaceLock::~ReplaceLock() {
  if (fd_ >= 0) ::close(fd_);
}

void ReplaceLock::replace(std::string_view bytes, bool must_be_new) {
  TempFile t = write_temp(path_, bytes);
  put_in_place(t, path_, /*overwrite=*/!must_be_new, "use --force to overwrite it");
  if (fd_ >= 0) ::close(fd_);
  fd_ = t.fd;  // the new file, locked since its creation
}

}  // namespace gamehost
