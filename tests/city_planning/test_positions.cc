#include "test_positions.h"

#include <catch2/catch.hpp>

#include "city_planning/core/playout.h"

namespace city_planning::test {

State position(std::string_view diagram) {
  auto parsed = parse_diagram(diagram);
  if (!parsed) FAIL(parsed.error().message);
  return *parsed;
}

Point pt(std::string_view name) {
  const auto p = parse_point(name);
  if (!p) FAIL("not a point: " << name);
  return *p;
}

int piece(std::string_view name) {
  const auto p = parse_piece(name);
  if (!p) FAIL("not a piece: " << name);
  return *p;
}

Action act(const State& s, std::string_view notation) {
  auto a = parse_action(s, notation);
  if (!a) FAIL(a.error().message);
  return *a;
}

std::string refusal(const State& s, std::string_view notation) {
  const auto err = check_action(s, act(s, notation));
  return err ? err->code : "";
}

std::string refusal_text(const State& s, std::string_view notation) {
  const auto err = check_action(s, act(s, notation));
  return err ? err->message : "";
}

ScoreEvents play(State& s, std::string_view notation) {
  ScoreEvents events;
  const auto err = apply_action(s, act(s, notation), &events);
  if (err) FAIL(notation << ": " << err->message);
  return events;
}

Action zones_first(const State& s, Rng& rng) {
  if (s.phase() != Phase::Main) return random_action(s, rng);
  std::vector<Action> legal = legal_actions(s), zones;
  for (const Action& a : legal)
    if (a.kind == Action::Kind::Zone) zones.push_back(a);
  const auto& from = zones.empty() ? legal : zones;
  return from[rng.below(static_cast<std::uint32_t>(from.size()))];
}

}  // namespace city_planning::test
