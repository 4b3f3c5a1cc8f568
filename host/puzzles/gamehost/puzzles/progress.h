// A learner's puzzle progress: which puzzles were solved (right at the first
// try) and which failed, and the streak of solved ones, kept in a small text
// file per user (docs/teaching.md, "Progress"):
//
//   # gamehost puzzle progress
//   streak 2
//   best-streak 4
//   solved seed-1.ghlog:11
//   failed seed-2.ghlog:30
//
// Written whole in one rename, as every file gamehost writes.
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace gamehost::puzzles {

struct Progress {
  std::map<std::string, bool> results;  // puzzle id -> solved (false: failed)
  int streak = 0;                        // puzzles solved in a row, the last one included
  int best_streak = 0;

  int solved() const;
  int failed() const;
  // Records a puzzle's outcome: solved at the first try or not.
  void record(const std::string& id, bool solved_first_try);
};

// $XDG_STATE_HOME/gamehost/puzzles.progress, or with XDG_STATE_HOME unset
// or empty ~/.local/state/gamehost/puzzles.progress ($HOME).
std::filesystem::path default_progress_path();

// The progress in `path`; an empty progress when there is no such file.
// Throws HostError "FILE: line N: what" on a line it cannot read.
Progress read_progress(const std::filesystem::path& path);

// Writes `progress` to `path` (its folder made when missing).
void write_progress(const std::filesystem::path& path, const Progress& progress);

}  // namespace gamehost::puzzles
