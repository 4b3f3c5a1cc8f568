// Whether a plugin's answer lies in memory that exists: an answer whose size
// runs past the mapped pages (a plugin that lies about its buffer) is
// refused before a byte of it is read, instead of crashing the host. Within
// one page the check cannot see past a buffer; it costs nothing there.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gamehost {

// True when every page of [data, data + size) is mapped (checked with one
// msync(2) when the range crosses a page boundary).
bool answer_is_mapped(const std::uint8_t* data, std::size_t size);

}  // namespace gamehost
