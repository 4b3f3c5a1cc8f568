// Error values for external input (plugin/common/expected.h), under this
// game's namespace.
#pragma once

#include "common/expected.h"

namespace city_planning {
using gamecore::Error;
using gamecore::rule_error;
template <class T>
using Expected = gamecore::Expected<T>;
}  // namespace city_planning
