// libFuzzer: reader + replay through the real Alien City plugin, the path
// every log takes in verify, show and the viewer.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "gamehost/game_log.h"
#include "gamehost/replay.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::unique_ptr<gamehost::Plugin> plugin = gamehost::Plugin::load(ALIEN_CITY_PLUGIN);
  try {
    const gamehost::GameLog log =
        gamehost::parse_log(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.ghlog");
    gamehost::replay(*plugin, log);
  } catch (const gamehost::HostError&) {
  }
  return 0;
}
