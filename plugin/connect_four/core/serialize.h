// A state as bytes (the interface's opaque state): a version byte (1), then
// per column its height (0..6) and a byte whose bit r is set when the disc
// in row r is Yellow: 15 bytes. Whatever else arrives is refused with the
// byte offset it goes wrong at, never trusted.
#pragma once

#include <string>

#include "state.h"

namespace connect_four {

inline constexpr char kFormatVersion = 1;
inline constexpr std::size_t kStateBytes = 1 + 2 * kCols;

std::string serialize(const State& s);
Expected<State> deserialize(const std::string& bytes);

}  // namespace connect_four
