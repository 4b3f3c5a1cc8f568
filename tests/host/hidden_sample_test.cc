// The hidden hands a variation seen by one seat is played from
// (gamehost/secrets/hidden_sample.h): a function of what that seat saw and of the
// seed only. Two states the seat cannot tell apart (the other hand dealt
// otherwise) give the same sample byte for byte, so nothing of the true
// hand reaches a variation; the same seed gives the same sample, other
// seeds other hands; and the seat's own view is unchanged.
#include <catch2/catch.hpp>

#include <set>

#include "gamehost/secrets/hidden_sample.h"
#include "gamehost/records/replay.h"
#include "gamehost/secrets/record_as_seat.h"
#include "test_support.h"

using namespace gamehost;

TEST_CASE("a variation's sampled hands depend on what the seat saw and the seed, never on the true hand",
          "[cp][hidden][variations]") {
  auto plugin = Plugin::load(CITY_PLANNING_PLUGIN);
  REQUIRE(samples_hidden(*plugin));
  const GameLog log = read_log(test::sample("city_planning-seed-7.ghlog"));
  const Replayed game = replay(*plugin, log, std::nullopt, /*keep_states=*/true);
  for (const int ply : {12, 24, 40, 61, 100}) {
    const std::string& truth = game.states[static_cast<std::size_t>(ply)];
    for (const int seat : {0, 1}) {
      std::set<std::string> samples;
      for (const std::uint64_t seed : {1u, 2u, 3u, 4u}) {
        CAPTURE(ply, seat, seed);
        const std::string sample = sample_hidden_state(*plugin, truth, seat, ply, seed);
        CHECK(sample == sample_hidden_state(*plugin, truth, seat, ply, seed));  // reproducible
        // What the seat sees is the same; the other hand is drawn again.
        CHECK(gamehost::observe(*plugin, sample, seat).text() == gamehost::observe(*plugin, truth, seat).text());
        // A state the seat cannot tell from the truth (the other hand
        // dealt otherwise) gives the very same sample.
        const std::string other = sample_hidden_state(*plugin, truth, seat, ply, 1000 + seed);
        CHECK(gamehost::observe(*plugin, other, seat).text() == gamehost::observe(*plugin, truth, seat).text());
        CHECK(sample_hidden_state(*plugin, other, seat, ply, seed) == sample);
        samples.insert(sample);
      }
      CHECK(samples.size() > 1);  // other seeds, other hands
    }
  }
  CHECK(sampled_label(*plugin, 0, 3) == "B's hand sampled (seed 3), as A saw it");
}
