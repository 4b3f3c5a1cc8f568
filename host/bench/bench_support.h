// What the host's benchmarks share: a plugin module loaded once, games played
// through the interface, and a game logged and verified. Every game is driven
// through its module only; the same work in a rules core is timed beside
// that core (plugin/*/bench).
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "gamehost/calls/plugin.h"

namespace gamehost::bench {

// The module at `path` (a build's plugins/NAME.so), loaded on first use.
Plugin& plugin(const std::string& path);

// The index of the legal action a scripted game takes at ply `ply` (from 0)
// among `n` legal ids in increasing order. The core benchmarks compute the
// same index (plugin/alien_city/bench/baseline_bench.cc), so both sides
// time the very same positions without sharing a generator.
inline std::size_t scripted_choice(std::uint64_t seed, int ply, std::size_t n) {
  return static_cast<std::size_t>((7 * seed + 13 * static_cast<std::uint64_t>(ply)) % n);
}

// A scripted game from NewGame with `seed` (default options), stopped after
// `plies` plies or at the end: the state before each ply and its action id,
// then the state reached and its StateInfo (with legal ids).
struct Line {
  std::vector<std::string> states;
  std::vector<std::uint32_t> actions;
  std::string last;
  pb::StateInfo last_info;
};
Line scripted_game(Plugin& p, std::uint64_t seed, int plies = 1 << 30);

// A whole random game as `gamehost play` runs random agents without a log:
// NewGame, then Apply with packed legal ids per ply, chance drawn by the
// host from chance_probabilities. Returns the plies played.
std::uint64_t random_game(Plugin& p, std::uint64_t seed);

// Times a game by random agents (seed 1) recorded to a log in /tmp (one
// write per ply) and then read and verified; counter "plies/game".
void log_write_and_verify(benchmark::State& st, Plugin& p);

// Times reading and verifying that log alone; counter "plies/game".
void log_verify(benchmark::State& st, Plugin& p);

}  // namespace gamehost::bench
