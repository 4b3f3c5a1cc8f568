#include "progress_bar.h"

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>

namespace gamehost {

std::string clock_text(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  return s >= 3600 ? fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
                   : fmt::format("{}:{:02}", s / 60, s % 60);
}

ProgressBar::ProgressBar(std::FILE* out, std::string label, std::string unit, int width, bool rate, bool enabled)
    : out_(out),
      label_(std::move(label)),
      unit_(std::move(unit)),
      width_(width),
      rate_(rate),
      on_(enabled && ::isatty(::fileno(out))) {}

ProgressBar::~ProgressBar() { end(); }

void ProgressBar::end() {
  if (on_ && drawn_) fmt::print(out_, "\n");
  drawn_ = false;
}

void ProgressBar::operator()(int done, int total) {
  if (!on_) return;
  const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (first_done_ < 0) first_done_ = done - 1;
  const int fresh = done - first_done_;
  const double left = fresh > 0 ? spent / fresh * (total - done) : 0;
  const int filled = total ? width_ * done / total : width_;
  const std::string rate = rate_ ? fmt::format("{:.2f} {}/s  ", spent > 0 ? fresh / spent : 0.0, unit_) : "";
  fmt::print(out_, "\r{}[{}{}] {:>3}/{} {}  {}{} left ", label_.empty() ? "" : label_ + " ",
             std::string(static_cast<std::size_t>(filled), '#'),
             std::string(static_cast<std::size_t>(width_ - filled), '.'), done, total, unit_, rate, clock_text(left));
  std::fflush(out_);
  drawn_ = true;
}

}  // namespace gamehost
