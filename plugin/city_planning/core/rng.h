// The portable generator (plugin/common/rng.h), under this game's namespace.
#pragma once

#include "common/rng.h"

namespace city_planning {
using gamecore::Rng;
using gamecore::splitmix64;
}  // namespace city_planning
