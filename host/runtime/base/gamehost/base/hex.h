// Lower-case hex of bytes, for messages and text exports (commitments,
// keys, tokens).
#pragma once

#include <string>

namespace gamehost {

inline std::string hex(const std::string& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const unsigned char c : bytes) {
    out += kDigits[c >> 4];
    out += kDigits[c & 15];
  }
  return out;
}

}  // namespace gamehost
