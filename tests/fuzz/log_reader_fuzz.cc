// libFuzzer: the log reader and the torn-tail finder on arbitrary bytes,
// as they are and with their checksums made right (fixed_checksums.h).
// Either reads a log or throws HostError; never crashes, never reads past
// the input.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "gamehost/records/game_log.h"
#include "gamehost/records/log_repair.h"
#include "fixed_checksums.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  try {
    gamehost::parse_log(bytes, "fuzz.ghlog");
  } catch (const gamehost::HostError&) {
  }
  try {
    gamehost::find_torn_tail(bytes, "fuzz.ghlog");
  } catch (const gamehost::HostError&) {
  }
  try {
    gamehost::parse_log(with_fixed_checksums(bytes), "fuzz.ghlog");  // past the checksums
  } catch (const gamehost::HostError&) {
  }
  return 0;
}
