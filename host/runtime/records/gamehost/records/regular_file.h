// Reading a file the user named (a log, a position, an option value, a key)
// without ever blocking or misreading: a FIFO, a directory, a device or a
// socket is refused at once, before any read, with what it is.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace gamehost {

// The most any program of the project reads from one file (a log, a
// sidecar, a position, a puzzle set, a tour, a key): 256 MiB, far above any
// real one (a log's record is at most 16 MiB), far below what would exhaust
// the memory of a small machine.
inline constexpr std::uint64_t kMaxReadBytes = 256u << 20;

// The whole contents of `path`. Throws HostError "LABEL: what" where LABEL
// is `label` when given (e.g. "--position x.txt"), else the path:
// "no such file", "is a directory, not a file", "is a FIFO (named pipe), not
// a file", "is a device, not a file", "is a socket, not a file",
// "cannot be read: REASON", "is larger than 256 MiB (N bytes), more than
// is read from one file" (checked before the read, and again as it grows).
std::string read_regular_file(const std::filesystem::path& path, const std::string& label = "");

// Throws the same errors when `path` exists and is not a regular file (an
// output about to be overwritten); a missing path is fine.
void refuse_special_output(const std::filesystem::path& path);

// Writes `bytes` to `path` whole or not at all: a temporary file beside it,
// renamed over it (output_file.h), so a kill or a full disk leaves the old
// file or the new one. Refused when `path` exists unless overwrite, and while
// another process writes it. Throws HostError "PATH: already exists (use
// --force to overwrite it)", "PATH: cannot write: REASON", the lock's
// refusal, and the like.
void write_new_file(const std::filesystem::path& path, const std::string& bytes, bool overwrite);

}  // namespace gamehost
