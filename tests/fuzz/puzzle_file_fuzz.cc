// libFuzzer: the puzzle set reader (.ghpuz, protobuf text format) on
// arbitrary text, then every check of the set against the real Alien City
// plugin (what `gamehost puzzle` and `replay-viewer --puzzles` run before
// showing a puzzle), then each checked puzzle solved as the learner would:
// a hint, the solution, the best move. Either reads or throws HostError.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "gamehost/puzzles/puzzle_file.h"
#include "gamehost/puzzles/solving.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::unique_ptr<gamehost::Plugin> plugin = gamehost::Plugin::load(ALIEN_CITY_PLUGIN);
  try {
    const auto set =
        gamehost::puzzles::parse_puzzle_set(std::string(reinterpret_cast<const char*>(data), size), "fuzz.ghpuz");
    gamehost::puzzles::check_puzzle_set(*plugin, set, "fuzz.ghpuz");
    for (const auto& puzzle : set.puzzles()) {
      gamehost::puzzles::Solving solving(*plugin, puzzle);
      (void)solving.hint();
      (void)solving.solution();
      while (!solving.solved()) solving.answer(solving.step().best_action(), solving.step().best());
    }
  } catch (const gamehost::HostError&) {
  }
  return 0;
}
