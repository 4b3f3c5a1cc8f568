#include "gamehost/calls/answer_bounds.h"

#include <sys/mman.h>
#include <unistd.h>

namespace gamehost {

bool answer_is_mapped(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return true;
  static const std::uintptr_t page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const auto first = reinterpret_cast<std::uintptr_t>(data);
  if (first + size < first) return false;  // wraps around the address space
  const std::uintptr_t start = first & ~(page - 1), last = (first + size - 1) & ~(page - 1);
  if (start == last) return true;  // one page, and data's own page is mapped
  // msync fails with ENOMEM when part of the range is not mapped; MS_ASYNC
  // schedules nothing for anonymous memory.
  return ::msync(reinterpret_cast<void*>(start), last - start + page, MS_ASYNC) == 0;
}

}  // namespace gamehost
