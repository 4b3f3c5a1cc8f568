// What the text fuzzers check for every parser: whatever parses prints back
// to text that parses again and prints the same. A failure aborts (a finding).
#pragma once

#include <cstdlib>
#include <string>
#include <string_view>

template <class Parse, class Print>
void check_round_trip(std::string_view text, Parse parse, Print print) {
  if (auto parsed = parse(text)) {
    const std::string again = print(*parsed);
    auto reparsed = parse(again);
    if (!reparsed || print(*reparsed) != again) std::abort();
  }
}
