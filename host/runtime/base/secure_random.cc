#include "gamehost/base/secure_random.h"

#include <fmt/core.h>
#include <sys/random.h>

#include <cerrno>
#include <cstring>

#include "gamehost/base/error.h"

namespace gamehost {

void secure_random(void* out, std::size_t n) {
  auto* p = static_cast<unsigned char*>(out);
  while (n > 0) {
    const ssize_t got = ::getrandom(p, n, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) throw HostError(fmt::format("cannot draw a secret: getrandom: {}", std::strerror(errno)));
    p += got;
    n -= static_cast<std::size_t>(got);
  }
}

std::uint64_t secure_u64() {
  std::uint64_t v = 0;
  secure_random(&v, sizeof v);
  return v;
}

}  // namespace gamehost
