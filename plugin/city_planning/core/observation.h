// What one player may see (C19, C20): the board, the face-up tiles, both
// scores, how many coins each hand and the bag hold, and their own hand only.
// The stack's order does not exist in a State (state.h), so it cannot leak;
// the other hand and the bag's contents are replaced by counts.
//
// Two states that differ only in what `viewer` cannot see give identical
// observation bytes and text for that viewer (tests/city_planning).
#pragma once

#include <optional>
#include <string>

#include "rng.h"
#include "rules.h"
#include "state.h"

namespace city_planning {

// Observation bytes (serialize.h's layout, magic "CO") and text (a diagram
// with the other hand as '?'). nullopt = from above: nothing hidden.
std::string observation_bytes(const State& s, std::optional<Player> viewer);
std::string observation_text(const State& s, std::optional<Player> viewer);

// Whether `viewer` may see which outcome `a` (taken in `before`) was: every
// decision is public except a coin drawn into the other player's hand.
bool action_visible_to(const State& before, const Action& a, Player viewer);

// C20: a full state consistent with what `viewer` sees in `s`: the other
// hand is re-dealt uniformly from the coins `viewer` cannot see (the bag and
// that hand together). Everything `viewer` sees is unchanged.
State sample_hidden(const State& s, Player viewer, Rng& rng);

}  // namespace city_planning
