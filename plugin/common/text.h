// Small text helpers the games' diagram readers share (standard C++ only,
// like the rest of plugin/common).
#pragma once

#include <cctype>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

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

// The lines of a text that carry something, trimmed, with their numbers
// (from 1): blank lines and '#' comments are left out. `map` rewrites each
// raw line first (e.g. a terminal board read back as a diagram).
struct ContentLine {
  int number;
  std::string text;
};
template <class Map>
std::vector<ContentLine> content_lines(std::string_view text, Map map) {
  std::vector<ContentLine> out;
  std::istringstream in{std::string(text)};
  std::string raw;
  for (int number = 1; std::getline(in, raw); ++number) {
    std::string line = trim(map(raw));
    if (!line.empty() && line[0] != '#') out.push_back({number, std::move(line)});
  }
  return out;
}
inline std::vector<ContentLine> content_lines(std::string_view text) {
  return content_lines(text, [](const std::string& raw) { return raw; });
}

}  // namespace gamecore
