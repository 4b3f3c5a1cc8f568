// libFuzzer: reader + replay through the real Alien City plugin, the path
// every log takes in verify, show and the viewer; checksums are made right
// first so that mutations reach the header checks and replay.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "gamehost/records/game_log.h"
#include "gamehost/records/replay.h"
#include "fixed_checksums.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::unique_ptr<gamehost::Plugin> plugin = gamehost::Plugin::load(ALIEN_CITY_PLUGIN);
  try {
    const std::string bytes = with_fixed_checksums(std::string_view(reinterpret_cast<const char*>(data), size));
    const gamehost::GameLog log = gamehost::parse_log(bytes, "fuzz.ghlog");
    gamehost::replay(*plugin, log);
  } catch (const gamehost::HostError&) {
  }
  return 0;
}
