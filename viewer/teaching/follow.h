// A game followed while another process plays it (replay-viewer --follow,
// docs/teaching.md, "A live board"). The log is read as it grows, with no
// lock of any kind (the writer holds its own, output_file.h, and is never
// made to wait): only whole records are taken, a record still being written
// is left for the next read. Each new ply is shown in turn, animated, and
// the panel's scoring explanation follows it.
#pragma once

#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/records/game_log.h"
#include "gamehost/calls/plugin.h"
#include "viewer/session/replay_session.h"

namespace viewer {

class ReplayView;

// The whole records of `path` as it is now: nullopt while there is no
// file, or not yet a whole header. Throws HostError (with the reader's
// "FILE: byte N, ...") when the bytes are damaged before the last record.
std::optional<gamehost::GameLog> read_whole_records(const std::filesystem::path& path);

class LiveLog {
 public:
  explicit LiveLog(std::filesystem::path path) : path_(std::move(path)) {}
  // The log read again when it has grown by whole records (a ply or its
  // result); nullopt when nothing new.
  std::optional<gamehost::GameLog> poll();
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  std::uintmax_t size_seen_ = 0;
  int plies_seen_ = -1;
  bool finished_seen_ = false;
};

// Refuses to follow an unfinished game with hidden information unless it is
// seen as one seat (`as`): what is drawn live is what that seat may see.
void check_followable(const ReplaySession& session, const std::string& as);

// Drives the window: polls the log every `interval` seconds, reloads the
// session when it grew, and steps the view through each new ply in turn
// (one animation each), staying on the newest.
class Follower {
 public:
  Follower(LiveLog log, float interval = 0.2f) : log_(std::move(log)), interval_(interval) {}
  // Returns true when the view changed (a frame is due).
  bool tick(ReplaySession& session, ReplayView& view, float dt);

 private:
  LiveLog log_;
  float interval_, since_poll_ = 0;
  std::deque<int> pending_;  // plies still to show, in order
};

// Headless follow (--follow LOG --dump-panel FILE|-): waits for the log,
// then writes the panel of every ply as it arrives, each block headed
// "# ply P of N", until the game has a result and every ply was written,
// or nothing changed for `idle_seconds`. `open` makes the session from the
// first whole records; `dump` gives a ply's panel text.
struct HeadlessFollow {
  std::filesystem::path log;
  float interval = 0.1f;
  float idle_seconds = 60;
};
// Returns false when it stopped for idleness before the result.
bool follow_headless(const HeadlessFollow& options, const std::function<ReplaySession&(gamehost::GameLog)>& open,
                     const std::function<std::string(ReplaySession&, int)>& dump,
                     const std::function<void(const std::string&)>& write);


// What replay-viewer --follow LOG asks (run by app/follow_command.h): the window, or with
// `dump` the headless panel per ply. Returns the exit status.
struct FollowCommand {
  std::string log;
  std::vector<std::string> plugin_dirs;
  SeatOptions seat;
  gamehost::LoadOptions load;
  std::string overlays, select, dump, font_path, export_dir;
  std::string screenshot;  // a tournament folder's grid as one PNG (follow_dir.h)
  float idle_seconds = 60;
  int antialias = -1;
  int analysis_threads = 1;
};
// Prints "replay-viewer: MESSAGE" on stderr; returns `code`.
int follow_failure(int code, const std::string& message);

}  // namespace viewer
