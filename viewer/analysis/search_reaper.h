// Lets the live engine's searches go without the window's thread waiting
// for them (issue 43: a step key took 0.4-0.7 s to show with the engine on,
// the thread joining the old search, which finishes its batch of playouts
// or its endgame proof first). A search handed over is asked to stop at
// once and destroyed (joined) on the reaper's own thread; the reaper's
// destructor waits for every one of them, so none outlives the plugin it
// searches.
#pragma once

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

#include "gamehost/review/live_analysis.h"

namespace viewer {

class SearchReaper {
 public:
  SearchReaper() = default;
  ~SearchReaper();
  SearchReaper(const SearchReaper&) = delete;
  SearchReaper& operator=(const SearchReaper&) = delete;

  // Stops `search` (none: nothing) and destroys it on the reaper's thread.
  void retire(std::unique_ptr<gamehost::review::LiveAnalysis> search);
  // Searches handed over and not yet destroyed.
  int pending() const;

 private:
  void run();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::unique_ptr<gamehost::review::LiveAnalysis>> queue_;
  int in_hand_ = 0;  // taken from the queue, being destroyed
  bool closing_ = false;
  std::thread thread_;  // started with the first search handed over
};

}  // namespace viewer
