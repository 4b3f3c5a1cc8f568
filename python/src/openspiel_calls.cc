// What pyspiel's calls need from C++ beyond game.cc and state.cc: reading a
// move without playing it, a state's history carried through pickling and
// serialize_game_and_state, and the arguments that load a game again. The
// calls themselves are written in Python over these (gamehost/openspiel.py,
// docs/python.md "pyspiel's calls").
#include <pybind11/stl.h>

#include "game.h"
#include "openspiel_calls.h"

namespace gamehost::python {

void bind_openspiel_calls(py::module_& /*m: the classes are already there*/) {
  auto state = py::reinterpret_borrow<py::object>(py::type::of<State>());
  auto game = py::reinterpret_borrow<py::object>(py::type::of<Game>());
  // Added to the classes bind_game and bind_state made, as pybind11's
  // class_::def does it.
  auto add = [](py::object& cls, const char* name, auto&& f, const char* doc, auto... extra) {
    cls.attr(name) = py::cpp_function(f, py::name(name), py::is_method(cls), py::sibling(py::getattr(cls, name, py::none())),
                                      py::doc(doc), extra...);
  };
  add(state, "parse_action", [](const State& s, const std::string& text) { return s.parse_action(text); },
      "The action id the move `text` names here, in the game's notation, without playing it "
      "(gamehost.CallError INVALID_ARGUMENT when no move reads so; IllegalActionError when it may not be played).",
      py::arg("text"));
  add(state, "history_from_start", [](const State& s) { return s.history_from_start(); },
      "Whether history() goes back to the initial state (False for a state from game.deserialize_state, "
      "whose history starts there).");
  add(state, "_set_history", [](State& s, std::vector<std::uint32_t> history, bool from_start) {
        s.set_history(std::move(history), from_start);
      }, "Restores the history a pickled or serialized state had.", py::arg("history"), py::arg("from_start"));
  add(game, "_load_arguments", [](const Game& g) {
        const GameSettings& s = g.settings();
        py::dict kwargs;
        for (const auto& o : s.options) kwargs[py::str(o.name())] = o.value();
        kwargs["seed"] = s.seed;
        kwargs["isolate"] = s.isolate;
        kwargs["plugin_dirs"] = s.plugin_dirs;
        return py::make_tuple(s.id, kwargs);
      }, "(game_id, keywords): load_game(game_id, **keywords) loads this game again (pickling).");
}

}  // namespace gamehost::python
