// What a game's own exact solver answers (METHOD_SOLVE, adapter.h): the
// kit turns it into a SolveResponse. A game that offers `solve` proves the
// value of a position under best play by both seats itself, far faster
// than a host can through Apply and Query.
#pragma once

#include <cstdint>
#include <vector>

namespace gamehost::kit {

struct Solution {
  bool exact = false;              // proved within the budget
  double value = 0;                // seat 0's final margin (points) or return
  std::vector<std::uint32_t> line;  // best play to the end, the mover's best action first
  std::uint64_t nodes = 0;         // positions visited
};

}  // namespace gamehost::kit
