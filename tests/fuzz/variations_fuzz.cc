// libFuzzer: the variations reader (LOG.ghvars, docs/logs.md "Variations")
// on arbitrary bytes with the record's checksum made right, against the
// sample log seed-1; then what the viewer and `export --format ppn` do with
// a tree they read: every walk (leaves, the file written back, each line's
// path found again) and the first moves replayed through the real Alien
// City plugin with their notations checked. Either reads or throws
// HostError; never crashes, never recurses without bound.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "fixed_checksums.h"
#include "gamehost/records/game_log.h"
#include "gamehost/records/replay.h"
#include "gamehost/records/variation_moves.h"
#include "gamehost/records/variation_tree.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::unique_ptr<gamehost::Plugin> plugin = gamehost::Plugin::load(ALIEN_CITY_PLUGIN);
  static const gamehost::GameLog log = gamehost::read_log(SEED1_LOG);
  static const gamehost::Replayed game = gamehost::replay(*plugin, log, std::nullopt, /*keep_states=*/true);
  try {
    const std::string bytes = with_fixed_checksums(std::string_view(reinterpret_cast<const char*>(data), size));
    gamehost::VariationTree tree = gamehost::parse_variations(bytes, "fuzz.ghvars", log);
    tree.to_file(log);
    int replayed = 0;
    for (const auto leaf : tree.leaves()) {
      (void)tree.find(tree.path_of(leaf));
      std::string state;
      for (const auto node : tree.line_to(leaf)) {
        const auto& n = tree.node(node);
        if (n.recorded) {
          state = game.states[static_cast<std::size_t>(n.ply)];
          continue;
        }
        if (++replayed > 200) break;  // enough to reach the checks; bounded time per input
        state = gamehost::play_variation_move(*plugin, state, n.move);
      }
    }
  } catch (const gamehost::HostError&) {
  }
  return 0;
}
