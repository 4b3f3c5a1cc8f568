// The C++ part of pyspiel's calls (gamehost/openspiel.py writes the rest).
#pragma once

#include <pybind11/pybind11.h>

namespace gamehost::python {

void bind_openspiel_calls(pybind11::module_& m);

}  // namespace gamehost::python
