// The portable generator (plugin/common/rng.h), under this game's namespace.
#pragma once

#include "common/rng.h"

namespace alien_city {
using gamecore::Rng;
using gamecore::splitmix64;
}  // namespace alien_city
