// libFuzzer: Alien City's diagram, layout and notation parsers on arbitrary
// text (text_round_trip.h).
#include <cstddef>
#include <cstdint>

#include "alien_city/core/diagram.h"
#include "alien_city/core/notation.h"
#include "alien_city/core/setup.h"
#include "text_round_trip.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace alien_city;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_round_trip(text, [](std::string_view t) { return parse_diagram(t); }, [](const State& s) { return to_diagram(s); });
  check_round_trip(text, [](std::string_view t) { return parse_action(t); }, [](const Action& a) { return to_notation(a); });
  (void)parse_layout(text);
  return 0;
}
