// The extension module gamehost._gamehost; the package gamehost
// (python/gamehost/__init__.py) re-exports it with the record classes.
#include <pybind11/pybind11.h>

#include "agents.h"
#include "errors.h"
#include "game.h"
#include "openspiel_calls.h"
#include "paths.h"
#include "records.h"

PYBIND11_MODULE(_gamehost, m) {
  namespace gp = gamehost::python;
  m.doc() = "The gamehost games, agents and records from Python (docs/python.md).";
  gp::set_runner_path();
  gp::register_errors(m);
  gp::bind_game(m);
  gp::bind_state(m);
  gp::bind_openspiel_calls(m);
  gp::bind_agents(m);
  gp::bind_records(m);
  m.attr("CHANCE") = gp::kChancePlayer;
  m.attr("TERMINAL") = gp::kTerminalPlayer;
}
