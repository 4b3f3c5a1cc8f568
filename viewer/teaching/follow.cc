#include "viewer/teaching/follow.h"

#include <fmt/core.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "gamehost/records/log_repair.h"
#include "gamehost/records/regular_file.h"
#include "viewer/session/replay_session.h"
#include "viewer/view/replay_view.h"

namespace viewer {

std::optional<gamehost::GameLog> read_whole_records(const std::filesystem::path& path) {
  // A plain read: no flock, no O_EXCL, nothing a writer could wait for;
  // the checks and size limit of every read (a FIFO, a folder or a device
  // is refused, never waited on).
  std::error_code missing;
  if (!std::filesystem::exists(path, missing)) return std::nullopt;  // the game has not started yet
  std::string bytes = gamehost::read_regular_file(path);
  if (bytes.size() <= gamehost::kLogPrelude) return std::nullopt;
  try {
    if (const auto torn = gamehost::find_torn_tail(bytes, path.string())) bytes.resize(torn->at);
  } catch (const gamehost::HostError&) {
    // The header itself not yet whole is only a game starting; any other
    // damage is reported by parse_log below.
    std::size_t at = gamehost::kLogPrelude;
    if (bytes.size() < at + 8 || bytes.size() < at + 8 + gamehost::get_u32(bytes, at)) return std::nullopt;
  }
  return gamehost::parse_log(bytes, path.string());
}

std::optional<gamehost::GameLog> LiveLog::poll() {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path_, ec);
  if (ec || size == size_seen_) return std::nullopt;
  auto log = read_whole_records(path_);
  if (!log) return std::nullopt;
  const int plies = log->record.plies_size();
  if (plies == plies_seen_ && log->finished() == finished_seen_) return std::nullopt;
  size_seen_ = size;
  plies_seen_ = plies;
  finished_seen_ = log->finished();
  return log;
}

void check_followable(const ReplaySession& session, const std::string& as) {
  if (session.plugin().info().has_hidden_information() && !session.finished() && as.empty())
    throw gamehost::HostError(fmt::format(
        "{}: a game with hidden information is followed only as one seat sees it while it is played: "
        "add --as SEAT",
        session.file()));
}

bool Follower::tick(ReplaySession& session, ReplayView& view, float dt) {
  bool changed = false;
  if ((since_poll_ += dt) >= interval_) {
    since_poll_ = 0;
    auto log = log_.poll();
    // What the session already holds (its first read) is nothing new.
    if (log && log->record.plies_size() == session.plies() && log->finished() == session.finished()) log.reset();
    if (log) {
      const int before = session.plies();
      session.reload(std::move(*log));
      for (int p = before + 1; p <= session.plies(); ++p) pending_.push_back(p);
      if (pending_.empty()) view.go_to(view.ply(), false);  // only the result: the panel says it
      changed = true;
    }
  }
  // One new ply at a time, each with its own animation.
  if (!pending_.empty() && !view.animating()) {
    view.go_to(pending_.front());
    pending_.pop_front();
    changed = true;
  }
  return changed;
}

bool follow_headless(const HeadlessFollow& options, const std::function<ReplaySession&(gamehost::GameLog)>& open,
                     const std::function<std::string(ReplaySession&, int)>& dump,
                     const std::function<void(const std::string&)>& write) {
  LiveLog live(options.log);
  ReplaySession* session = nullptr;
  int shown = -1;
  auto last_change = std::chrono::steady_clock::now();
  const auto pause = std::chrono::duration<float>(options.interval);
  for (;;) {
    if (auto log = live.poll()) {
      last_change = std::chrono::steady_clock::now();
      if (!session) session = &open(std::move(*log));
      else session->reload(std::move(*log));
      for (int p = shown + 1; p <= session->plies(); ++p)
        write(fmt::format("# ply {} of {}{}\n", p, session->plies(), session->finished() ? " (finished)" : "") +
              dump(*session, p));
      shown = session->plies();
      if (session->finished()) return true;
    }
    if (std::chrono::steady_clock::now() - last_change > std::chrono::duration<float>(options.idle_seconds))
      return false;
    std::this_thread::sleep_for(pause);
  }
}

int follow_failure(int code, const std::string& message) {
  std::fflush(stdout);
  std::fprintf(stderr, "replay-viewer: %s\n", message.c_str());
  return code;
}

}  // namespace viewer
