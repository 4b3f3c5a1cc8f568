// OpenSpiel's C++ Connect Four for Python, bound with Debian's pybind11 the
// way pyspiel binds the same calls (open_spiel/python/pybind11/pyspiel.cc:
// State's methods bound directly to State::LegalActions, ApplyAction, ...),
// for bench/peers/python_loop.py when pyspiel itself cannot be built here
// (bench/peers/run.sh prints why). Only the calls a random-play loop and
// OpenSpiel's example loop make are bound.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

#include "open_spiel/spiel.h"

namespace py = pybind11;
using open_spiel::Game;
using open_spiel::State;

PYBIND11_MODULE(openspiel_connect_four, m) {
  m.doc() = "OpenSpiel's Connect Four State, bound as pyspiel binds it (bench/peers)";
  py::class_<State, std::shared_ptr<State>>(m, "State")
      .def("current_player", &State::CurrentPlayer)
      .def("apply_action", &State::ApplyAction)
      .def("legal_actions", (std::vector<open_spiel::Action>(State::*)(int) const) & State::LegalActions)
      .def("legal_actions", (std::vector<open_spiel::Action>(State::*)(void) const) & State::LegalActions)
      .def("is_terminal", &State::IsTerminal)
      .def("is_chance_node", &State::IsChanceNode)
      .def("returns", &State::Returns)
      .def("clone", [](const State& s) { return std::shared_ptr<State>(s.Clone()); })
      .def("serialize", &State::Serialize)
      .def("__str__", &State::ToString);
  py::class_<Game, std::shared_ptr<Game>>(m, "Game")
      .def("new_initial_state", [](const Game& g) { return std::shared_ptr<State>(g.NewInitialState()); })
      .def("num_distinct_actions", &Game::NumDistinctActions);
  m.def("load_game", [](const std::string& name) {
    return std::const_pointer_cast<Game>(open_spiel::LoadGame(name));
  });
}
