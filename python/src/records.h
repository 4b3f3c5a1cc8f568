// The record formats from Python (records.cc): logs, reviews and the review
// itself. The pure-Python package (gamehost/records.py) wraps these dicts in
// Log and Review objects with to_records() and to_dataframe().
#pragma once

#include <pybind11/pybind11.h>

namespace gamehost::python {

void bind_records(pybind11::module_& m);

}  // namespace gamehost::python
