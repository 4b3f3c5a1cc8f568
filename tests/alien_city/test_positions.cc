#include "test_positions.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

namespace alien_city::test {

State position(std::string_view diagram) {
  auto parsed = parse_diagram(diagram);
  if (!parsed) FAIL(parsed.error().message);
  return *parsed;
}

std::string games_file(const std::string& relative_path) {
  const std::string path = std::string(GAMES_DIR) + "/" + relative_path;
  std::ifstream in(path);
  if (!in) FAIL("cannot open " << path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

Lot lot(std::string_view name) {
  const auto l = parse_lot(name);
  if (!l) FAIL("not a lot: " << name);
  return *l;
}

Action act(std::string_view notation) {
  auto a = parse_action(notation);
  if (!a) FAIL(a.error().message);
  return *a;
}

std::string refusal(const State& s, std::string_view notation) {
  const auto err = check_action(s, act(notation));
  return err ? err->code : "";
}

}  // namespace alien_city::test
