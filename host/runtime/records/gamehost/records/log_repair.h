// Salvaging a log whose last record is torn (a full disk, a crash in the
// middle of a write): the whole records before it are kept (gamehost repair).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gamehost {

struct TornTail {
  std::uint64_t at = 0;  // where the torn record starts: the bytes to keep
  std::string problem;   // what is wrong with it, as the reader says
};

// nullopt when `bytes` reads as a whole log. A torn tail is the first
// record that does not hold together (cut short, a bad length, a wrong
// checksum) with no whole record anywhere after it: what a crash or a full
// disk leaves, so nothing cut verifies. Throws HostError "FILE: byte N,
// repair: ..., and whole records follow at byte M: ..." when whole records
// follow the damage (a flipped length or checksum in the middle: cutting
// there would drop records that verify), the reader's HostError for damage
// the framing does not see, and "the header record itself is torn" when
// there is nothing to keep.
std::optional<TornTail> find_torn_tail(std::string_view bytes, const std::string& file);

}  // namespace gamehost
