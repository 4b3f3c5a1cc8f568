// Opening and replacing the files gamehost writes (logs, reviews, notes,
// tournament results) so that two processes never write one file at once
// and no reader ever sees part of a file.
//
// A second process continuing a file that another is still writing (resume,
// review) would write its records over the first one's; starting it again
// (--force) or replacing it (sign, repair --in-place, import, enter) would
// cut them off. So every writer holds an exclusive advisory lock (flock) on
// its file for as long as it writes, and the second process is refused before
// it changes a byte. The kernel drops the lock when its process ends, kill -9
// included: a killed writer never leaves a stale lock behind.
//
// Every file is created or replaced whole: its first bytes go to a temporary
// file with a fresh name in the same folder (O_CREAT|O_EXCL|O_NOFOLLOW: a
// file or symlink planted there is never opened), which one rename(2) then
// puts at the path. A kill at any point leaves the old file or the new one,
// never an empty or half-written one; a symlink at the path is replaced,
// never written through.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace gamehost {

// Creates `path` holding `initial` (refused when it exists, unless
// `overwrite`) and returns a descriptor open on it for appending, locked. The
// descriptor is the caller's to close (closing drops the lock). Throws
// HostError "PATH: already exists (EXISTS_HINT)", "PATH: is a directory, not
// a file" (and the other kinds of read_regular_file), "PATH: cannot create:
// REASON" or the lock's refusal: "PATH: another gamehost process is writing
// it; wait until it has finished, or write to another file".
int create_output(const std::filesystem::path& path, bool overwrite, const std::string& exists_hint,
                  std::string_view initial = {});

// Opens an existing `path` that the caller has read, to go on appending to
// it: locks it, checks that it still holds the `size_read` bytes the caller
// read (another writer may have added some in between), then cuts it to
// its first `keep_bytes` bytes (its whole records) and places the offset at
// the end. Throws HostError "PATH: changed since it was read (another
// gamehost process was writing it); run the command again", the lock's
// refusal or an I/O error, each naming PATH.
int continue_output(const std::filesystem::path& path, std::uint64_t size_read, std::uint64_t keep_bytes);

// The lock held for a file that is read and then replaced as a whole (sign,
// repair, import or enter over a log, notes, a tournament's unfinished game
// played again), so that no writer is appending to it meanwhile. Locks the
// file at `path`, or holds nothing while there is no such file (a symlink
// counts as none: it is replaced, never followed); the lock lasts as long as
// the object. Throws the lock's refusal, or HostError when `path` is not a
// regular file.
class ReplaceLock {
 public:
  explicit ReplaceLock(const std::filesystem::path& path);
  ~ReplaceLock();
  ReplaceLock(const ReplaceLock&) = delete;
  ReplaceLock& operator=(const ReplaceLock&) = delete;

  // Puts `bytes` at the path in one rename (see above) and from then on
  // holds the lock on the new file. Throws HostError "PATH: cannot write:
  // REASON" (a full disk, ...) with the old file left as it was; with
  // `must_be_new`, "PATH: already exists (use --force to overwrite it)" when
  // there is a file at the path.
  void replace(std::string_view bytes, bool must_be_new = false);

 private:
  std::filesystem::path path_;
  int fd_ = -1;
};

}  // namespace gamehost
