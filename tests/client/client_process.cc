#include "client_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

extern char** environ;

namespace client_test {

Process::Process(const std::vector<std::string>& args) {
  int in[2], out[2];
  REQUIRE(::pipe(in) == 0);
  REQUIRE(::pipe(out) == 0);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in[0], 0);
  posix_spawn_file_actions_adddup2(&fa, out[1], 1);
  posix_spawn_file_actions_adddup2(&fa, out[1], 2);
  for (int fd : {in[0], in[1], out[0], out[1]}) posix_spawn_file_actions_addclose(&fa, fd);
  std::vector<std::string> storage{GAMEHOST_BIN};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int rc = posix_spawn(&pid_, GAMEHOST_BIN, &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  REQUIRE(rc == 0);
  ::close(in[0]);
  ::close(out[1]);
  in_ = in[1];
  out_ = out[0];
  ::fcntl(in_, F_SETFD, FD_CLOEXEC);
  ::fcntl(out_, F_SETFD, FD_CLOEXEC);
  reader_ = std::thread([this] {
    char buf[4096];
    ssize_t n;
    while ((n = ::read(out_, buf, sizeof buf)) > 0) {
      std::lock_guard lock(mutex_);
      output_.append(buf, static_cast<std::size_t>(n));
    }
  });
}

Process::~Process() {
  if (running()) kill9();
  close_stdin();
  if (reader_.joinable()) reader_.join();
  if (out_ >= 0) ::close(out_);
}

std::string Process::output() const {
  std::lock_guard lock(mutex_);
  return output_;
}

std::smatch Process::wait_for(const std::string& pattern, std::chrono::seconds limit, std::size_t from) {
  const std::regex re(pattern);
  const auto until = std::chrono::steady_clock::now() + limit;
  static thread_local std::string text;  // the match refers into it
  while (true) {
    text = output();
    std::smatch m;
    if (from <= text.size() && std::regex_search(text.cbegin() + static_cast<std::ptrdiff_t>(from), text.cend(), m, re))
      return m;
    if (std::chrono::steady_clock::now() > until) {
      FAIL("no '" << pattern << "' within " << limit.count() << " s in the output of pid " << pid_ << ":\n" << text);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

void Process::write_line(const std::string& line) {
  const std::string text = line + "\n";
  REQUIRE(::write(in_, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
}

void Process::close_stdin() {
  if (in_ >= 0) ::close(in_);
  in_ = -1;
}

bool Process::running() {
  if (status_ != -2) return false;
  int status = 0;
  const pid_t r = ::waitpid(pid_, &status, WNOHANG);
  if (r == 0) return true;
  status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return false;
}

int Process::wait(std::chrono::seconds limit) {
  const auto until = std::chrono::steady_clock::now() + limit;
  while (running()) {
    if (std::chrono::steady_clock::now() > until) {
      kill9();
      FAIL("pid " << pid_ << " did not exit within " << limit.count() << " s; its output:\n" << output());
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (reader_.joinable()) reader_.join();
  return status_;
}

void Process::kill9() {
  if (!running()) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  status_ = -1;
}

Server::Server(const std::string& name, const std::vector<std::string>& extra) : data_(temp_dir(name) / "data") {
  std::vector<std::string> args{"serve", "--port", "0", "--data", data_.string()};
  args.insert(args.end(), extra.begin(), extra.end());
  process_ = std::make_unique<Process>(args);
  url_ = process_->wait_for(R"( at (http://[^ /]+))", std::chrono::seconds(30))[1];
}

Ran run_gamehost(const std::vector<std::string>& args) {
  Process p(args);
  p.close_stdin();
  const int status = p.wait(std::chrono::seconds(120));
  return {status, p.output()};
}

std::filesystem::path temp_dir(const std::string& name) {
  const auto root = std::filesystem::temp_directory_path() / ("gamehost-client-test-" + std::to_string(::getpid()));
  const auto dir = root / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  static struct Cleanup {
    std::filesystem::path root;
    ~Cleanup() {
      std::error_code ec;
      std::filesystem::remove_all(root, ec);
    }
  } cleanup{root};
  return dir;
}

}  // namespace client_test
