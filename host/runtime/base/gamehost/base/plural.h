// "1 ply", "2 plies", "0 draws": a count with its noun in the right number.
#pragma once

#include <fmt/core.h>

#include <string>

namespace gamehost {

inline std::string count_of(long long n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}
inline std::string plies_text(long long n) { return count_of(n, "ply", "plies"); }

}  // namespace gamehost
