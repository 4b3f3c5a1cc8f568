// Shared helpers for the City Planning core tests: positions written as
// diagrams (diagram.h), points and decisions in notation (notation.h).
#pragma once

#include <string>
#include <string_view>

#include "city_planning/core/diagram.h"
#include "city_planning/core/notation.h"
#include "city_planning/core/rng.h"
#include "city_planning/core/rules.h"

namespace city_planning::test {

// Parses a diagram; fails the running test with the parser's message.
State position(std::string_view diagram);

Point pt(std::string_view name);
int piece(std::string_view name);
// Parses a decision in state s; fails the test if it does not parse.
Action act(const State& s, std::string_view notation);

// The code ("C5") of why `notation` is illegal in s, or "" if legal.
std::string refusal(const State& s, std::string_view notation);
// The full message of the refusal, or "".
std::string refusal_text(const State& s, std::string_view notation);

// Applies a legal decision (fails the test otherwise) and returns the score
// events it produced.
ScoreEvents play(State& s, std::string_view notation);

// A random policy that places a Zone whenever one is legal (uniformly among
// them), else decides as random_action: many Zones and rezonings, games
// that run out of tiles or into C17's turn limit.
Action zones_first(const State& s, Rng& rng);

}  // namespace city_planning::test
