// Helpers for the host tests: running the real gamehost binary, temporary
// folders, and replaying games with the rules core directly.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "alien_city/core/state.h"
#include "gamehost/records/game_log.h"

namespace test {

struct Run {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs gamehost with `args` (each one argument, no shell), feeding `input`
// on stdin; waits for it.
Run run_gamehost(const std::vector<std::string>& args, const std::string& input = "");
// The same for another program (e.g. the replay-viewer).
Run run_program(const std::string& program, const std::vector<std::string>& args, const std::string& input = "");

// Starts gamehost with `args` (output to /dev/null) without waiting; the
// caller waits for (or kills) the returned process.
pid_t spawn_gamehost(const std::vector<std::string>& args);

// Polls `done` every 2 ms until it holds or `limit` has passed; whether it
// held. Limits are generous: a sanitizer build on a loaded machine runs many
// times slower than a normal one.
bool wait_until(const std::function<bool()>& done, std::chrono::seconds limit);
// Kills `pid` with SIGKILL and waits for it; its wait status.
int kill_and_reap(pid_t pid);

// A spawned process killed (kill_and_reap) when the test ends, even when a
// failed REQUIRE ends it early, or at kill().
class Reaper {
 public:
  explicit Reaper(pid_t pid) : pid_(pid) {}
  ~Reaper() { kill(); }
  Reaper(const Reaper&) = delete;
  Reaper& operator=(const Reaper&) = delete;
  // Kills it now; its wait status (-1 when it was already reaped).
  int kill() {
    if (pid_ <= 0) return -1;
    const int status = kill_and_reap(pid_);
    pid_ = -1;
    return status;
  }

 private:
  pid_t pid_;
};

// A fresh empty folder under the build's temp area, removed at exit.
std::filesystem::path temp_dir(const std::string& name);

// The path of games/samples/NAME in the source tree.
std::string sample(const std::string& name);

// The seed a banner printed ("..., seed N: ...").
std::uint64_t printed_seed(const std::string& out);

std::string read_file(const std::filesystem::path& p);

// The last terminal board printed in `out` (docs/gamehost.md, "The terminal
// board"): from the last line starting with `first` ("to-move:", "phase:")
// through its legend line; "" when there is none.
std::string last_board(const std::string& out, const std::string& first);
// The cells between brackets on such a board, named by column letter and
// row ("D8"); `columns` are the letters, each cell `cell_width` wide after
// its one-character slot.
std::set<std::string> marked_cells(const std::string& board, const std::string& columns, int cell_width);
void write_file(const std::filesystem::path& p, const std::string& bytes);

// The core's state after the log's first `plies` actions, starting from
// the recorded initial state.
alien_city::State core_replay(const gamehost::GameLog& log, int plies);

// Plies in the log at `path` so far (0 while it has no readable header).
int plies_so_far(const std::string& path);

}  // namespace test
