#include "errors.h"

#include "gamehost/base/error.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/calls/transport.h"

namespace gamehost::python {

namespace py = pybind11;

namespace {

// The exception types, alive for the interpreter's whole life (never
// destroyed at exit, when Python may already be gone).
struct Types {
  PyObject* error;
  PyObject* call_error;
  PyObject* illegal;
  PyObject* fault;
};
Types* types = nullptr;

PyObject* new_type(py::module_& m, const char* name, PyObject* base, const char* doc) {
  const std::string full = std::string("gamehost.") + name;
  PyObject* type = PyErr_NewExceptionWithDoc(full.c_str(), doc, base, nullptr);
  if (!type) throw py::error_already_set();
  m.add_object(name, py::reinterpret_borrow<py::object>(type));
  return type;
}

// Raises `type(message)` with the given attributes set.
void raise_error(PyObject* type, const char* message, std::initializer_list<std::pair<const char*, std::string>> attrs) {
  py::object exc = py::reinterpret_borrow<py::object>(type)(message);
  for (const auto& [name, value] : attrs) exc.attr(name) = value;
  PyErr_SetObject(type, exc.ptr());
}

}  // namespace

void register_errors(py::module_& m) {
  types = new Types;
  types->error = new_type(m, "Error", PyExc_RuntimeError,
                          "An error of the host: a bad option, an unknown game, a damaged log; the message is "
                          "the command line's.");
  types->call_error = new_type(m, "CallError", types->error,
                               "A plugin refused a call. .status is the interface's status name "
                               "(\"ILLEGAL_ACTION\", \"INVALID_ARGUMENT\", \"BAD_STATE\", \"UNIMPLEMENTED\"), "
                               ".code the game's ruling code (e.g. \"R8\"; may be empty).");
  types->illegal = new_type(m, "IllegalActionError", types->call_error,
                            "A CallError whose status is ILLEGAL_ACTION: the action is not legal here.");
  types->fault = new_type(m, "PluginFault", types->error,
                          "The plugin failed instead of answering: it crashed, hung, exited or answered "
                          "garbage (isolated plugins). .kind says how, .call in which call.");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const CallError& e) {
      raise_error(e.status() == pb::ILLEGAL_ACTION ? types->illegal : types->call_error, e.what(),
            {{"status", status_name(e.status())}, {"code", e.code()}});
    } catch (const PluginFault& e) {
      raise_error(types->fault, e.what(), {{"kind", e.kind()}, {"call", e.call()}, {"plugin", e.plugin()}});
    } catch (const HostError& e) {
      raise_error(types->error, e.what(), {});
    }
  });
}

}  // namespace gamehost::python
