// Shared helpers for the Alien City core tests: reading positions written as
// diagrams (docs/diagram.md) and naming lots and decisions in notation.
#pragma once

#include <string>
#include <string_view>

#include "alien_city/core/diagram.h"
#include "alien_city/core/notation.h"
#include "alien_city/core/rules.h"

namespace alien_city::test {

// Parses a diagram; fails the running test with the parser's message if it
// does not parse.
State position(std::string_view diagram);

// The contents of a file under games/.
std::string games_file(const std::string& relative_path);

Lot lot(std::string_view name);
Action act(std::string_view notation);

// The code (the ruling, "R8") of why `notation` is illegal for the mover, or "" if legal.
std::string refusal(const State& s, std::string_view notation);

}  // namespace alien_city::test
