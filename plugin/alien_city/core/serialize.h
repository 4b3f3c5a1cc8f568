// A compact binary form of a State (the plugin's opaque state bytes).
//
// Layout, version 1 (122 bytes): "AC" magic, version byte; 20 tile bytes
// (colour << 2 | icon corner, tiles 0..19); 80 lot bytes (0 empty, else
// 1 + Piece, plus 16 for a White cap or 32 for a Black cap); per player 7
// piece counts and the cap count; to-move, phase, next builder.
#pragma once

#include <string>
#include <string_view>

#include "expected.h"
#include "state.h"

namespace alien_city {

std::string serialize(const State& s);
// Refuses bytes that are not a well-formed, rule-consistent position.
Expected<State> deserialize(std::string_view bytes);

}  // namespace alien_city
