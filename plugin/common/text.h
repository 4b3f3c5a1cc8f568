// Small text helpers the games' diagram readers share (standard C++ only,
// like the rest of plugin/common).
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace gamecore {

// `s` without leading and trailing white space.
inline std::string trim(std::string_view s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return std::string(s.substr(a, b - a));
}

// `s` in lower case (ASCII).
inline std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace gamecore
