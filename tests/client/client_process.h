// Helpers of the client tests: gamehost processes with their stdin and
// stdout on pipes (a person at a terminal, a bot, the server), read while
// they run, and waited for or killed.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <regex>
#include <string>
#include <thread>
#include <vector>

namespace client_test {

// A running gamehost: stdout and stderr together, collected by a thread.
class Process {
 public:
  explicit Process(const std::vector<std::string>& args);
  ~Process();  // kills it if it still runs
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  // Everything it printed so far.
  std::string output() const;
  // Waits until the output matches `pattern` (searching from `from`);
  // returns the match, or throws (a Catch2 failure) after `limit`, quoting the output.
  std::smatch wait_for(const std::string& pattern, std::chrono::seconds limit = std::chrono::seconds(60),
                       std::size_t from = 0);
  void write_line(const std::string& line);
  void close_stdin();
  // Waits for it to exit (at most `limit`); its exit status (-1: killed by a signal).
  int wait(std::chrono::seconds limit = std::chrono::seconds(60));
  void kill9();
  bool running();
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  int status_ = -2;
  mutable std::mutex mutex_;
  std::string output_;
  std::thread reader_;
};

// `gamehost serve --port 0` on a fresh data folder; its http:// URL.
class Server {
 public:
  explicit Server(const std::string& name, const std::vector<std::string>& extra = {});
  const std::string& url() const { return url_; }
  const std::filesystem::path& data() const { return data_; }
  std::filesystem::path log_of(const std::string& game_id) const { return data_ / "games" / (game_id + ".ghlog"); }
  Process& process() { return *process_; }

 private:
  std::filesystem::path data_;
  std::unique_ptr<Process> process_;
  std::string url_;
};

// Runs gamehost to the end; exit status and output.
struct Ran {
  int status;
  std::string out;
};
Ran run_gamehost(const std::vector<std::string>& args);

// A fresh folder under the temp area, removed when the tests end.
std::filesystem::path temp_dir(const std::string& name);

}  // namespace client_test
