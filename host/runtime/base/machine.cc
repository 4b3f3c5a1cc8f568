#include "gamehost/base/machine.h"

#include <sched.h>

#include <algorithm>

namespace gamehost {

int machine_cores() {
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  const int n = ::sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 1;
  return std::clamp(n, 1, 256);
}

}  // namespace gamehost
