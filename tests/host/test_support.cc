#include "test_support.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cctype>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "alien_city/core/rules.h"
#include "alien_city/core/serialize.h"

extern char** environ;

namespace test {
namespace {

std::string slurp_fd(int fd) {
  std::string out;
  char buf[65536];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0) out.append(buf, static_cast<std::size_t>(n));
  return out;
}

// argv for GAMEHOST_BIN and `args`; the strings live in `storage`.
std::vector<char*> gamehost_argv(const std::vector<std::string>& args, std::vector<std::string>& storage) {
  storage = {GAMEHOST_BIN};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  return argv;
}

}  // namespace

pid_t spawn_gamehost(const std::vector<std::string>& args) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  std::vector<std::string> storage;
  std::vector<char*> argv = gamehost_argv(args, storage);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, GAMEHOST_BIN, &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  REQUIRE(rc == 0);
  return pid;
}

bool wait_until(const std::function<bool()>& done, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!done()) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

int kill_and_reap(pid_t pid) {
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

Run run_gamehost(const std::vector<std::string>& args, const std::string& input) {
  return run_program(GAMEHOST_BIN, args, input);
}

Run run_program(const std::string& program, const std::vector<std::string>& args, const std::string& input) {
  int in[2], out[2], err[2];
  REQUIRE(::pipe(in) == 0);
  REQUIRE(::pipe(out) == 0);
  REQUIRE(::pipe(err) == 0);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in[0], 0);
  posix_spawn_file_actions_adddup2(&fa, out[1], 1);
  posix_spawn_file_actions_adddup2(&fa, err[1], 2);
  for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) posix_spawn_file_actions_addclose(&fa, fd);
  std::vector<std::string> argv_s{program};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, program.c_str(), &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  REQUIRE(rc == 0);
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  // Feed stdin and drain stderr on threads so no pipe fills up. A program
  // that exits before reading its input (an error found first) closes the
  // pipe: the writer blocks SIGPIPE (on its own thread only, so the
  // programs spawned keep the default), and its write fails with EPIPE
  // instead of killing the test.
  std::thread writer([&] {
    sigset_t pipe_signal;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, nullptr);
    std::size_t done = 0;
    while (done < input.size()) {
      const ssize_t n = ::write(in[1], input.data() + done, input.size() - done);
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    ::close(in[1]);
  });
  Run r;
  std::thread errors([&] { r.err = slurp_fd(err[0]); });
  r.out = slurp_fd(out[0]);
  writer.join();
  errors.join();
  ::close(out[0]);
  ::close(err[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

std::filesystem::path temp_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("gamehost-test-" + std::to_string(::getpid())) / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  static struct Cleanup {
    ~Cleanup() {
      std::error_code ec;
      std::filesystem::remove_all(std::filesystem::temp_directory_path() /
                                      ("gamehost-test-" + std::to_string(::getpid())),
                                  ec);
    }
  } cleanup;
  return dir;
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const std::filesystem::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

alien_city::State core_replay(const gamehost::GameLog& log, int plies) {
  auto s = alien_city::deserialize(log.record.header().initial_state());
  REQUIRE(s.ok());
  alien_city::State state = *s;
  for (int i = 0; i < plies; ++i) {
    const auto a = alien_city::action_from_id(static_cast<int>(log.record.plies(i).action_id()));
    REQUIRE(a);
    REQUIRE_FALSE(alien_city::apply_action(state, *a));
  }
  return state;
}

std::string last_board(const std::string& out, const std::string& first) {
  std::size_t start = out.rfind("\n" + first);
  if (start == std::string::npos) return "";
  ++start;
  const std::size_t legend = out.find("\nLegend: ", start);
  if (legend == std::string::npos) return "";
  const std::size_t end = out.find('\n', legend + 1);
  return out.substr(start, end == std::string::npos ? std::string::npos : end + 1 - start);
}

std::set<std::string> marked_cells(const std::string& board, const std::string& columns, int cell_width) {
  std::set<std::string> marked;
  std::istringstream in(board);
  std::string line;
  while (std::getline(in, line)) {
    if (line.size() < 3 || !std::isdigit(static_cast<unsigned char>(line[1]))) continue;  // a row "NN ..."
    const std::string row = std::to_string(std::stoi(line.substr(0, 2)));
    bool open = false;  // a run of marked cells shares one pair of brackets
    for (std::size_t col = 0; col < columns.size(); ++col) {
      const std::size_t slot = 3 + col * static_cast<std::size_t>(1 + cell_width);
      const char c = slot < line.size() ? line[slot] : ' ';
      open = c == '[' || (open && c == ' ');
      if (open) marked.insert(columns[col] + row);
    }
  }
  return marked;
}

int plies_so_far(const std::string& path) {
  try {
    return gamehost::read_log(path).record.plies_size();
  } catch (const std::exception&) {
    return 0;
  }
}

std::string sample(const std::string& name) { return std::string(SOURCE_DIR) + "/games/samples/" + name; }

std::uint64_t printed_seed(const std::string& out) {
  std::smatch m;
  REQUIRE(std::regex_search(out, m, std::regex("seed ([0-9]+):")));
  return std::stoull(m[1]);
}

}  // namespace test
