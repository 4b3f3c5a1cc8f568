// The host's one way of running work on several threads (Boost.Asio's
// thread_pool): the same call on N threads (root-parallel searches), and
// the parallel loop over positions with one game instance per thread (the
// review's plies, the puzzle miner's candidates).
#pragma once

#include <functional>

#include "gamehost/calls/plugin.h"

namespace gamehost {

// work(t) for t in 0..threads-1, t = 0 on the calling thread, the others on
// a pool; returns when all have. The first exception thrown is rethrown
// here once every call has ended.
void run_on_threads(int threads, const std::function<void(int thread)>& work);

// work(game, k) for every k in 0..count-1, in no given order, on up to
// `jobs` threads: the calling thread with `game`, each other thread with
// its own game.clone(). After the first exception the threads stop once
// their current item is done, and it is rethrown here.
void for_each_with_clone(Plugin& game, int count, int jobs, const std::function<void(Plugin& game, int k)>& work);

}  // namespace gamehost
