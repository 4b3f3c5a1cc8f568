// The one progress bar of the command line (review, tournament): a line
// redrawn in place on a terminal, "name [#######.........]  21/47 plies
// 0.52 plies/s  0:12 left", the time left estimated from what was done
// since the bar started (a resumed run's earlier work does not count).
// Draws nothing when its stream is not a terminal.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

namespace gamehost {

// "M:SS", or "H:MM:SS" from an hour on.
std::string clock_text(double seconds);

class ProgressBar {
 public:
  // `label` before the bar ("" for none), `unit` after the counts
  // ("plies", "games"); with `rate`, the units per second too.
  ProgressBar(std::FILE* out, std::string label, std::string unit, int width, bool rate, bool enabled);
  ~ProgressBar();  // ends the line drawn, if any
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  bool on() const { return on_; }
  void operator()(int done, int total);
  void end();  // ends the line drawn, if any, before other output

 private:
  std::FILE* out_;
  std::string label_, unit_;
  int width_;
  bool rate_, on_, drawn_ = false;
  int first_done_ = -1;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace gamehost
