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

// nullopt when `bytes` reads as a whole log. A torn tail is a last record
// cut short, or one whose checksum fails with nothing after it. Throws the
// reader's HostError when the damage is anywhere else (that is not a torn
// write, and cutting there would drop whole plies), or when even the header
// is torn (nothing to keep).
std::optional<TornTail> find_torn_tail(std::string_view bytes, const std::string& file);

}  // namespace gamehost
