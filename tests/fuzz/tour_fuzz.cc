// libFuzzer: the tour reader (docs/teaching.md, "Writing your own tour") on
// arbitrary text, then every step loaded through the real Alien City plugin
// as `gamehost tour --check` and `replay-viewer --tour` load them (each
// position, each task checked answerable, each ruling code against the
// game's list). Position files are named relative to a folder that does
// not exist. Either reads or throws HostError.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "gamehost/tour/tour.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::unique_ptr<gamehost::Plugin> plugin = gamehost::Plugin::load(ALIEN_CITY_PLUGIN);
  try {
    const gamehost::Tour tour =
        gamehost::parse_tour(std::string(reinterpret_cast<const char*>(data), size), "/nonexistent/fuzz.tour");
    if (tour.game == plugin->id()) gamehost::load_tour_states(*plugin, tour);
  } catch (const gamehost::HostError&) {
  }
  return 0;
}
