// The engine, live (docs/gamehost.md, `analyze --live`): a position searched
// in a background thread while someone looks, its best three moves
// (MultiPV) refreshed as the search goes, with the expected margin and the
// winning chance for the seat to move. Where the endgame solver proves every
// move's value within its budget, the values are exact and marked so. The
// viewer and the command line read latest() whenever they like; the search
// stops when the object goes (or stop()).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "gamehost/play/agents/mcts.h"
#include "gamehost/calls/plugin.h"

namespace gamehost::review {

struct Suggestion {
  std::uint32_t action = 0;
  std::string notation;
  double margin = 0;           // the mover's expected final margin (points; the return without points)
  double win_probability = 0;  // 0..1, for the mover (a draw counts half)
  std::uint64_t visits = 0;    // 0 when exact
  bool exact = false;          // proved by the endgame solver
};

struct LiveUpdate {
  std::vector<Suggestion> top;  // best first, at most three
  std::uint64_t iterations = 0;
  int refreshes = 0;  // how many times top changed hands (0: nothing yet)
  bool exact = false;
  std::string problem;  // a search that could not run (e.g. the game is over)
};

class LiveAnalysis {
 public:
  // Searches `state` of `game` (cloned: the caller's instance stays its
  // own) with `threads` search threads (at least 1): root-parallel trees,
  // each on its own clone, their root statistics summed each refresh.
  LiveAnalysis(const Plugin& game, std::string state, int threads = 1);
  ~LiveAnalysis();
  LiveAnalysis(const LiveAnalysis&) = delete;
  LiveAnalysis& operator=(const LiveAnalysis&) = delete;

  LiveUpdate latest() const;
  // Asks the search to end and waits for it.
  void stop();
  // Asks the search to end, without waiting (the viewer's thread lets a
  // search go this way and another thread destroys it: viewer/search_reaper.h).
  void request_stop() { stop_ = true; }

 private:
  void search();
  std::vector<RootChild> search_round(std::vector<std::unique_ptr<MctsTree>>& trees, std::uint64_t& done);
  bool solve_exactly(const pb::StateInfo& info);
  void publish(std::vector<Suggestion> top, std::uint64_t iterations, bool exact);

  std::unique_ptr<Plugin> game_;
  std::string state_;
  int threads_;
  mutable std::mutex mutex_;
  LiveUpdate latest_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace gamehost::review
