// The isolated transport: the plugin runs in a child process
// (gamehost-plugin-runner) and every call is a framed request and response
// over two pipes (gamehost/calls/runner_frames.h). Whatever the child does — crash, hang,
// exit, flood — the host sees a PluginFault and carries on; the child is
// killed and started again on the next call.
#include <fcntl.h>
#include <fmt/core.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <climits>
#include <cstring>
#include <mutex>

#include "gamehost/calls/runner_frames.h"
#include "gamehost/base/install_paths.h"
#include "gamehost/calls/transport.h"
#include "gamehost/echo.h"

extern char** environ;

namespace gamehost {

namespace {

// Writing to a runner that died must fail with EPIPE, not kill the host.
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

// A descriptor moved above the runner's fixed ones, close-on-exec.
int high_fd(int fd) {
  const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 10);
  ::close(fd);
  return moved;
}

std::string seconds_text(std::chrono::milliseconds t) {
  return t.count() % 1000 == 0 ? fmt::format("{} s", t.count() / 1000) : fmt::format("{} ms", t.count());
}

class Isolated final : public Transport {
 public:
  Isolated(std::filesystem::path path, const CallLimits& limits) : path_(std::move(path)), limits_(limits) {
    ignore_sigpipe();
    start();
  }
  ~Isolated() override { stop(); }

  std::int32_t call(pb::Method method, std::string_view request, std::string_view& response,
                    const std::string& name) override {
    const std::string call = call_name(method);
    if (pid_ < 0) start(name);
    if (request.size() > UINT32_MAX) throw HostError(fmt::format("{}: {}: request too large", name, call));
    buffer_.clear();
    put_frame_header(buffer_, static_cast<std::uint32_t>(method), static_cast<std::uint32_t>(request.size()));
    buffer_.append(request);
    // A write error means the child is gone; reading says how.
    (void)write_full(to_child_, buffer_.data(), buffer_.size());
    const auto deadline = std::chrono::steady_clock::now() + limits_[method];
    std::int32_t status = 0;
    read_reply(name, call, deadline, limits_[method], status);
    if (status == kRunnerMalformed) throw PluginFault(name, call, "sent a malformed reply", buffer_);
    response = buffer_;
    return status;
  }

  std::unique_ptr<Transport> clone() const override { return std::make_unique<Isolated>(path_, limits_); }

 private:
  // Starts the runner and waits for its start answer.
  void start(const std::string& name = "") {
    int req[2], resp[2];
    if (::pipe2(req, O_CLOEXEC) != 0 || ::pipe2(resp, O_CLOEXEC) != 0)
      throw HostError(fmt::format("{}: cannot create pipes: {}", path_.string(), std::strerror(errno)));
    req[0] = high_fd(req[0]), resp[1] = high_fd(resp[1]);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, req[0], kRunnerRequestFd);  // dup2 clears close-on-exec
    posix_spawn_file_actions_adddup2(&actions, resp[1], kRunnerResponseFd);
    const std::string runner = runner_path().string(), file = path_.string();
    char* argv[] = {const_cast<char*>(runner.c_str()), const_cast<char*>(file.c_str()), nullptr};
    pid_t pid = -1;
    const int err = ::posix_spawn(&pid, runner.c_str(), &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(req[0]);
    ::close(resp[1]);
    if (err != 0) {
      ::close(req[1]);
      ::close(resp[0]);
      throw HostError(fmt::format("{}: cannot start the plugin runner {}: {}", file, runner, std::strerror(err)));
    }
    pid_ = pid, to_child_ = req[1], from_child_ = resp[0];
    std::int32_t status = 0;
    const std::string who = name.empty() ? path_.filename().string() : name;
    read_reply(who, "loading", std::chrono::steady_clock::now() + limits_.start, limits_.start, status);
    if (status == kRunnerRefused) {
      stop();
      throw HostError(fmt::format("{}: {}", file, buffer_));
    }
  }

  // Reads one response frame into buffer_; any failure kills the child.
  void read_reply(const std::string& name, const std::string& call,
                  std::chrono::steady_clock::time_point deadline, std::chrono::milliseconds limit,
                  std::int32_t& status) {
    char header[kFrameHeader];
    IoResult io = read_full(from_child_, header, kFrameHeader, deadline);
    if (io == IoResult::kOk) {
      std::uint32_t tag = 0, size = 0;
      get_frame_header(header, tag, size);
      status = static_cast<std::int32_t>(tag);
      if (size > limits_.max_reply_bytes) {
        stop();
        throw PluginFault(name, call, "sent an oversized reply",
                          fmt::format("{} bytes, the limit is {}", size, limits_.max_reply_bytes));
      }
      buffer_.resize(size);
      io = read_full(from_child_, buffer_.data(), size, deadline);
      if (io == IoResult::kOk) return;
    }
    if (io == IoResult::kTimeout) {
      stop();
      throw PluginFault(name, call, "timed out", fmt::format("no answer within {}; stopped", seconds_text(limit)));
    }
    const std::string how = reap();
    throw PluginFault(name, call, how.rfind("signal", 0) == 0 ? "crashed" : "exited", how);
  }

  // Waits for the child that closed its pipe; says how it ended.
  std::string reap() {
    int status = 0;
    pid_t got = -1;
    do got = ::waitpid(pid_, &status, 0);
    while (got < 0 && errno == EINTR);
    close_pipes();
    pid_ = -1;
    if (got < 0) return "the runner vanished";
    if (WIFSIGNALED(status))
      return fmt::format("signal {}, {}", WTERMSIG(status), ::strsignal(WTERMSIG(status)));
    return fmt::format("status {}", WEXITSTATUS(status));
  }

  void stop() {
    if (pid_ < 0) return;
    ::kill(pid_, SIGKILL);  // the runner holds nothing worth a clean exit
    reap();
  }

  void close_pipes() {
    if (to_child_ >= 0) ::close(to_child_);
    if (from_child_ >= 0) ::close(from_child_);
    to_child_ = from_child_ = -1;
  }

  std::filesystem::path path_;
  CallLimits limits_;
  pid_t pid_ = -1;
  int to_child_ = -1, from_child_ = -1;
  std::string buffer_;  // the request going out, then the reply
};

}  // namespace

std::unique_ptr<Transport> open_isolated(const std::filesystem::path& path, const CallLimits& limits) {
  return std::make_unique<Isolated>(path, limits);
}

std::filesystem::path runner_path() {
  if (const char* env = std::getenv("GAMEHOST_RUNNER"); env && *env) {
    // A runner named but missing is refused: probing would otherwise fall
    // back to loading plugins in-process, where a crashing one ends gamehost.
    std::error_code ec;
    if (!std::filesystem::is_regular_file(env, ec) || ::access(env, X_OK) != 0)
      throw HostError(
          fmt::format("GAMEHOST_RUNNER={}: no such runner (not an executable file); unset it to use the "
                      "runner beside gamehost",
                      echo::clipped(env)));
    return env;
  }
  return self_dir() / "gamehost-plugin-runner";  // beside gamehost, in the build as installed
}

}  // namespace gamehost
