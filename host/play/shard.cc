#include "gamehost/play/shard.h"

#include <fmt/core.h>

#include <charconv>

#include "gamehost/base/error.h"
#include "gamehost/text/input_checks.h"

namespace gamehost {

namespace {

// A whole number 1..1000000 filling `text` exactly, or -1.
int small_number(std::string_view text) {
  int value = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 1 || value > 1'000'000) return -1;
  return value;
}

}  // namespace

Shard parse_shard(const std::string& text, const std::string& option) {
  const auto slash = text.find('/');
  const std::string_view all(text);
  const int k = slash == std::string::npos ? -1 : small_number(all.substr(0, slash));
  const int n = slash == std::string::npos ? -1 : small_number(all.substr(slash + 1));
  if (k < 0 || n < 0)
    throw HostError(fmt::format("{} '{}': give K/N, shard K of N, whole numbers with 1 <= K <= N (e.g. 2/8)", option,
                                clipped(text)));
  if (k > n) throw HostError(fmt::format("{} '{}': shard {} of {} does not exist (1 <= K <= N)", option, text, k, n));
  return Shard{k, n};
}

std::string shard_name(const Shard& shard) { return fmt::format("{}/{}", shard.index, shard.count); }

ShardRange shard_range(int total, const Shard& shard) {
  const auto at = [&](int k) { return static_cast<int>(static_cast<long long>(total) * k / shard.count); };
  return ShardRange{at(shard.index - 1), at(shard.index)};
}

}  // namespace gamehost
