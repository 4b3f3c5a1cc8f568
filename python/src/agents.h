// gamehost.agent, gamehost.Agent and gamehost.play (agents.cc).
#pragma once

#include <pybind11/pybind11.h>

namespace gamehost::python {

void bind_agents(pybind11::module_& m);

}  // namespace gamehost::python
