#include "gamehost/calls/parallel.h"

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <vector>

namespace gamehost {

void run_on_threads(int threads, const std::function<void(int)>& work) {
  std::mutex m;
  std::exception_ptr failure;
  auto guarded = [&](int t) {
    try {
      work(t);
    } catch (...) {
      std::lock_guard lock(m);
      if (!failure) failure = std::current_exception();
    }
  };
  if (threads > 1) {
    boost::asio::thread_pool pool(static_cast<std::size_t>(threads - 1));
    for (int t = 1; t < threads; ++t) boost::asio::post(pool, [&guarded, t] { guarded(t); });
    guarded(0);
    pool.join();
  } else {
    guarded(0);
  }
  if (failure) std::rethrow_exception(failure);
}

void for_each_with_clone(Plugin& game, int count, int jobs, const std::function<void(Plugin&, int)>& work) {
  const int threads = std::max(1, std::min(jobs, count));
  std::atomic<int> next{0};
  run_on_threads(threads, [&](int t) {
    try {
      std::unique_ptr<Plugin> clone = t == 0 ? nullptr : game.clone();
      Plugin& mine = t == 0 ? game : *clone;
      for (int k; (k = next++) < count;) work(mine, k);
    } catch (...) {
      next = count;  // the others stop after their current item
      throw;
    }
  });
}

}  // namespace gamehost
