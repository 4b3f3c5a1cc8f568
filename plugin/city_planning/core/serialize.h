// A compact binary form of a State (the plugin's opaque state bytes), and of
// one player's observation (observation.h uses the same layout).
//
// Layout, version 1 (all multi-byte numbers little-endian):
//   magic "CP" (state) or "CO" (observation), version byte 1
//   361 point bytes, A1..T19: 0 empty or under a Zone, 1 Population,
//       2 Resource, 3 + coin for an unincorporated Development
//   24 Zone centres, by tile: u16 point, 0xFFFF when not on the board
//   3 face-up slots: tile + 1 (0 = empty), u16 stones waiting
//   returned tiles: count, then the tiles top first
//   24 coin bytes: 0 bag, 1 hand A, 2 hand B, 3 on its point, 4 removed,
//       5 hidden (observations only: in the bag or the other hand),
//       8 + tile for a Development on that Zone
//   scores: 2 x i32 (A, B)
//   turn u16, passes u8, player u8, phase u8, stones placed u8, 3 stone bytes
//   observations only: viewer (0 A, 1 B, 2 above), hand sizes A and B, bag size
// The unseen tiles are the ones listed nowhere (their order does not exist,
// see state.h); the stone goal (stones.h) is recomputed on reading.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "expected.h"
#include "state.h"

namespace city_planning {

std::string serialize(const State& s);
// Refuses bytes that are not a well-formed, consistent position.
Expected<State> deserialize(std::string_view bytes);

// The observation bytes of `viewer` (nullopt: from above, nothing hidden).
std::string serialize_observation(const State& s, std::optional<Player> viewer);

}  // namespace city_planning
