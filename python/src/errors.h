// The module's exceptions: every error of the host reaches Python as one of
// them, with the message the command line prints, and never ends the
// interpreter.
//   gamehost.Error          any HostError (a bad option, a damaged log, ...)
//   gamehost.CallError      a plugin refused a call: .status ("ILLEGAL_ACTION",
//                           "INVALID_ARGUMENT", ...) and .code (the game's
//                           ruling code, e.g. "R8"; may be "")
//   gamehost.IllegalActionError   a CallError whose status is ILLEGAL_ACTION
//   gamehost.PluginFault    the plugin crashed, hung or answered garbage
//                           (isolated plugins): .kind and .call
#pragma once

#include <pybind11/pybind11.h>

namespace gamehost::python {

void register_errors(pybind11::module_& m);

}  // namespace gamehost::python
