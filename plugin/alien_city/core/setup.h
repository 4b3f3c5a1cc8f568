// Setting up the city (rulings R1-R3): which colour each of the 20 tiles has
// and which corner carries its guild icon.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "board.h"
#include "expected.h"

namespace alien_city {

struct Layout {
  std::array<Colour, kTiles> colour{};
  std::array<Corner, kTiles> icon{};
  friend bool operator==(const Layout&, const Layout&) = default;
};

// Default setup (R3): five tiles of each colour, shuffled, each with a random
// icon corner. Deterministic in the seed.
Layout balanced_layout(std::uint64_t seed);

// The piecepack draw (R3): 20 tiles drawn from a piecepack's 24 (six of each
// colour), shuffled, random icon corners. Deterministic in the seed.
Layout piecepack_layout(std::uint64_t seed);

// Explicit layout text: five rows of four tiles, top row (rows 9-10) first,
// rows separated by '/' or newlines, tiles by spaces. A tile is its colour
// letter (r b g k) and its icon corner (sw se nw ne), e.g.
//   "b-nw r-se g-ne k-sw / ..."
// Documented in docs/notation.md.
Expected<Layout> parse_layout(std::string_view text);
std::string layout_to_string(const Layout& layout);

}  // namespace alien_city
