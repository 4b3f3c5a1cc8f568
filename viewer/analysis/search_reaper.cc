#include "viewer/analysis/search_reaper.h"

namespace viewer {

SearchReaper::~SearchReaper() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void SearchReaper::retire(std::unique_ptr<gamehost::review::LiveAnalysis> search) {
  if (!search) return;
  search->request_stop();
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(search));
    if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
  }
  wake_.notify_one();
}

int SearchReaper::pending() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(queue_.size()) + in_hand_;
}

void SearchReaper::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return closing_ || !queue_.empty(); });
    if (queue_.empty()) return;  // closing, and every search destroyed
    auto search = std::move(queue_.front());
    queue_.pop_front();
    ++in_hand_;
    lock.unlock();
    search.reset();  // joins its threads, which were told to stop
    lock.lock();
    --in_hand_;
  }
}

}  // namespace viewer
