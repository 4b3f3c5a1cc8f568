#include "playout.h"

#include <cassert>

namespace connect_four {

int random_column(const State& s, Rng& rng) {
  assert(!s.is_over());
  int open[kCols];
  int n = 0;
  for (int c = 0; c < kCols; ++c)
    if (s.height(c) < kRows) open[n++] = c;
  return open[rng.below(static_cast<std::uint32_t>(n))];
}

int random_playout(State& s, Rng& rng) {
  int plies = 0;
  for (; !s.is_over(); ++plies) s.drop_unchecked(random_column(s, rng));
  return plies;
}

}  // namespace connect_four
