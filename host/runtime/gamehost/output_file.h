// Opening the files gamehost appends to as a game or a review goes on (logs,
// reviews) so that two processes never write one file at once.
//
// A second process continuing a file that another is still writing (resume,
// review) would write its records over the first one's; starting it again
// (--force) or replacing it (sign, repair --in-place, import) would cut them
// off. So every writer holds an exclusive advisory lock (flock) on its file for
// as long as it writes, and the second process is refused before it changes
// a byte. The kernel drops the lock when its process ends, kill -9 included:
// a killed writer never leaves a stale lock behind.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace gamehost {

// Creates `path` for writing (O_EXCL unless `overwrite`) and locks it; an
// overwritten file is emptied only once the lock is held. The descriptor is
// the caller's to close (closing drops the lock). Throws HostError
// "PATH: already exists (EXISTS_HINT)", "PATH: is a directory, not a file"
// (and the other kinds of read_regular_file), "PATH: cannot create: REASON"
// or the lock's refusal: "PATH: another gamehost process is writing it; wait
// until it has finished, or write to another file".
int create_output(const std::filesystem::path& path, bool overwrite, const std::string& exists_hint);

// Opens an existing `path` that the caller has read, to go on appending to
// it: locks it, checks that it still holds the `size_read` bytes the caller
// read (another writer may have added some in between), then cuts it to
// its first `keep_bytes` bytes (its whole records) and places the offset at
// the end. Throws HostError "PATH: changed since it was read (another
// gamehost process was writing it); run the command again", the lock's
// refusal or an I/O error, each naming PATH.
int continue_output(const std::filesystem::path& path, std::uint64_t size_read, std::uint64_t keep_bytes);

// The lock held for a file that is read and then replaced or removed as a
// whole (sign, repair --in-place, import or enter over a log, a tournament's
// unfinished game played again), so that no writer is appending to it
// meanwhile. Opens `path` read-only and locks it, or holds nothing when
// there is no such file (there is nothing to protect; the caller's own
// reading says so); the lock lasts as long as the object. Throws the lock's
// refusal, or HostError when `path` is not a regular file.
class ReplaceLock {
 public:
  explicit ReplaceLock(const std::filesystem::path& path);
  ~ReplaceLock();
  ReplaceLock(const ReplaceLock&) = delete;
  ReplaceLock& operator=(const ReplaceLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace gamehost
