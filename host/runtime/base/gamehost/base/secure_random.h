// The operating system's secure random source, for every secret of a game:
// chance seed and salt, agents' seed, seal key, nonces, server tokens.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gamehost {

// `n` bytes from getrandom(2). Throws HostError if the OS refuses.
void secure_random(void* out, std::size_t n);
std::uint64_t secure_u64();

}  // namespace gamehost
