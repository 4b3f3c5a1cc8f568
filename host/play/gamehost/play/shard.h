// A shard K/N: the K-th of N deterministic slices of a list of work (a
// tournament's schedule, the logs a review goes through), so that N
// processes, on one machine or many, each do one slice and together do the
// whole list exactly once (docs/scaling.md).
#pragma once

#include <string>
#include <vector>

namespace gamehost {

struct Shard {
  int index = 1;  // K, 1-based
  int count = 1;  // N
};

// "K/N" with 1 <= K <= N: throws HostError "OPTION 'TEXT': ..." otherwise.
Shard parse_shard(const std::string& text, const std::string& option);

// "K/N".
std::string shard_name(const Shard& shard);

// The slice of shard K of N over `total` items: [first, last), contiguous,
// first = floor((K-1) * total / N). Contiguous so that the shards' outputs
// concatenated in shard order are the whole run's, and each slice of a
// round robin holds every pairing in turn (similar work per shard).
struct ShardRange {
  int first = 0, last = 0;
  int size() const { return last - first; }
};
ShardRange shard_range(int total, const Shard& shard);

template <class T>
std::vector<T> shard_slice(const std::vector<T>& all, const Shard& shard) {
  const ShardRange r = shard_range(static_cast<int>(all.size()), shard);
  return std::vector<T>(all.begin() + r.first, all.begin() + r.last);
}

}  // namespace gamehost
