// libFuzzer: City Planning's diagram and notation parsers. Whatever parses
// must print back to text that parses to the same thing.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "city_planning/core/diagram.h"
#include "city_planning/core/notation.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace city_planning;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (auto s = parse_diagram(text)) {
    const std::string again = to_diagram(*s);
    auto t = parse_diagram(again);
    if (!t || to_diagram(*t) != again) std::abort();
  }
  if (auto a = parse_action(text)) {
    auto b = parse_action(to_notation(*a));
    if (!b || to_notation(*b) != to_notation(*a)) std::abort();
  }
  return 0;
}
