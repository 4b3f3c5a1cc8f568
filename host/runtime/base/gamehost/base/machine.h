// What the machine offers this process.
#pragma once

namespace gamehost {

// The cores this process may run on (its CPU affinity, as `nproc` counts
// them), 1..256: the default and the bound of every --jobs and --threads.
int machine_cores();

}  // namespace gamehost
