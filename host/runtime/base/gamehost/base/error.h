// The host's error type. Host code throws HostError with a message that is
// complete for the user (it names the file, byte offset, ply or option); the
// command line prints it and exits non-zero. Nothing the host throws ever
// reaches a plugin.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace gamehost {

class HostError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A plugin answered a call with an Error (status != OK).
class CallError : public HostError {
 public:
  CallError(int status, std::string code, const std::string& message)
      : HostError(message), status_(status), code_(std::move(code)) {}
  int status() const { return status_; }      // a gamehost.v1.Status
  const std::string& code() const { return code_; }  // the game's code, e.g. "R8"

 private:
  int status_;
  std::string code_;
};

// Throws HostError "PATH: WHY": a file the host cannot use, and why.
[[noreturn]] inline void refuse_file(const std::filesystem::path& path, const std::string& why) {
  throw HostError(path.string() + ": " + why);
}

}  // namespace gamehost
