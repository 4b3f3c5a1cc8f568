// gamehost.agent(spec).step(state) and gamehost.play(game, agents, log=...):
// the host's own agents and game loop, with Python functions as agents.
#include "agents.h"

#include <fmt/core.h>
#include <pybind11/stl.h>

#include <map>

#include "game.h"
#include "gamehost/play/agents/agent.h"
#include "gamehost/play/agents/spec.h"
#include "gamehost/play/faults.h"
#include "gamehost/play/play.h"
#include "gamehost/play/agent_view.h"

namespace gamehost::python {

namespace {

void refuse_human(const std::string& spec) {
  if (parse_agent_spec(spec).kind == "human")
    throw HostError(fmt::format("agent '{}': a human plays at a terminal (gamehost play); in Python, write a "
                                "function that asks for the move",
                                spec));
}

// A host agent by spec, made per seat when first asked (its default seed
// derives from the game's seed and the seat, as in `gamehost play`).
class PyAgent {
 public:
  PyAgent(std::string spec, std::optional<std::uint64_t> seed) : spec_(std::move(spec)), seed_(seed) {
    refuse_human(spec_);
    parse_agent_spec(spec_);  // errors now, not at the first step
  }
  PyAgent(const PyAgent&) = delete;  // one search tree per agent
  PyAgent(PyAgent&&) = default;
  PyAgent& operator=(PyAgent&&) = default;
  const std::string& spec() const { return spec_; }

  std::uint32_t step(State& s) {
    const int seat = s.current_player();
    if (seat < 0) throw py::value_error("step: no seat is to move (chance or game over)");
    Game& game = s.game();
    const std::uint64_t seed = seed_.value_or(game.settings().seed);
    auto& agent = agents_[seat];
    if (!agent) agent = make_agent(with_game_defaults(spec_, game.info()), AgentContext{seed, seat});
    const int ply = static_cast<int>(s.history().size()) + 1;
    const auto choice = game.with_plugin(
        [&](Plugin& p) {
          AgentView view(p, seed);  // an agent sees only what its seat may
          view.show(s.bytes(), s.info(), seat, ply);
          return agent->choose(Turn{p, view.state(), view.info(), seat, ply});
        },
        /*release=*/true);
    if (!choice) throw HostError(fmt::format("agent {} abandoned the game", spec_));
    return *choice;
  }

 private:
  std::string spec_;
  std::optional<std::uint64_t> seed_;
  std::map<int, std::unique_ptr<Agent>> agents_;
};

// A Python callable as an agent: called with the seat's view (a
// gamehost.State) it returns an action id, or None to abandon the game.
class CallableAgent : public Agent {
 public:
  CallableAgent(py::object fn, std::string spec, std::shared_ptr<Game> game)
      : fn_(std::move(fn)), spec_(std::move(spec)), game_(std::move(game)) {}
  ~CallableAgent() override {
    py::gil_scoped_acquire gil;
    fn_ = py::object();
  }

  std::optional<std::uint32_t> choose(const Turn& turn) override {
    py::gil_scoped_acquire gil;
    py::object chosen = fn_(State(game_, turn.state, turn.info));
    if (chosen.is_none()) return std::nullopt;
    return chosen.cast<std::uint32_t>();
  }
  std::string spec() const override { return spec_; }

 private:
  py::object fn_;
  std::string spec_;
  std::shared_ptr<Game> game_;
};

// "python:name=NAME" for the log header (the function's name).
std::string callable_spec(const py::handle& fn) {
  std::string name = py::hasattr(fn, "__qualname__") ? py::str(fn.attr("__qualname__")).cast<std::string>()
                                                     : std::string("agent");
  for (char& c : name)
    if (c == ',' || c == ':' || c == '=' || c == '<' || c == '>' || c == ' ') c = '_';
  return "python:name=" + name;
}

py::dict play(const std::shared_ptr<Game>& game, const py::list& agents, const py::object& log, const py::object& seed,
              const py::object& chance_seed, bool overwrite, std::uint32_t max_plies) {
  PlaySettings s;
  for (const auto& o : game->started().options()) s.options.push_back(o);
  s.seed = seed.is_none() ? game->settings().seed : seed.cast<std::uint64_t>();
  if (!chance_seed.is_none()) s.chance_seed = chance_seed.cast<std::uint64_t>();
  if (!log.is_none()) s.log_path = py::str(log).cast<std::string>();
  s.overwrite = overwrite;
  s.quiet = true;
  s.max_plies = max_plies;
  std::map<int, py::object> callables;
  for (std::size_t seat = 0; seat < agents.size(); ++seat) {
    py::handle a = agents[seat];
    if (py::isinstance<py::str>(a)) {
      refuse_human(a.cast<std::string>());
      s.agents.push_back(a.cast<std::string>());
    } else if (py::isinstance<PyAgent>(a)) {
      s.agents.push_back(a.cast<PyAgent&>().spec());
    } else if (PyCallable_Check(a.ptr())) {
      s.agents.push_back(callable_spec(a));
      callables[static_cast<int>(seat)] = py::reinterpret_borrow<py::object>(a);
    } else {
      throw py::type_error(fmt::format("agent {}: a spec string, a gamehost.Agent or a function of a state", seat));
    }
  }
  s.custom_agent = [&](int seat) -> std::unique_ptr<Agent> {
    const auto it = callables.find(seat);
    if (it == callables.end()) return nullptr;
    py::gil_scoped_acquire gil;
    return std::make_unique<CallableAgent>(it->second, s.agents[seat], game);
  };
  std::unique_ptr<Plugin> plugin = game->clone_plugin();  // this game's own instance
  PlayResult r;
  {
    py::gil_scoped_release nogil;
    r = play_game(*plugin, s);
  }
  py::dict out;
  out["finished"] = r.finished;
  out["plies"] = r.plies;
  out["returns"] = std::vector<double>(r.info.returns().begin(), r.info.returns().end());
  out["scores"] = std::vector<std::int64_t>(r.info.scores().begin(), r.info.scores().end());
  out["result"] = r.info.result();
  out["fault"] = r.fault ? py::object(py::str(fault_text(*r.fault))) : py::object(py::none());
  out["log"] = s.log_path.empty() ? py::object(py::none()) : py::object(py::str(s.log_path.string()));
  pb::StateInfo info = r.info;
  if (!r.state.empty()) {
    info = game->with_plugin([&](Plugin& p) { return p.query(r.state, state_flags()); });
    out["state"] = State(game, r.state, info);
  } else {
    out["state"] = py::none();
  }
  return out;
}

}  // namespace

void bind_agents(py::module_& m) {
  py::class_<PyAgent>(m, "Agent", "A host agent (random, greedy, mcts, ...) made from a spec string.")
      .def("step", &PyAgent::step, py::arg("state"),
           "The action this agent chooses for the seat to move in `state` (the state is unchanged). Releases "
           "the GIL while it searches. For games with hidden information it sees only its seat's view.")
      .def_property_readonly("spec", &PyAgent::spec)
      .def("__repr__", [](const PyAgent& a) { return fmt::format("<gamehost.Agent {}>", a.spec()); });

  m.def("agent", [](const std::string& spec, const py::object& seed) {
        return PyAgent(spec, seed.is_none() ? std::nullopt : std::optional(seed.cast<std::uint64_t>()));
      }, py::arg("spec"), py::arg("seed") = py::none(),
      R"(An agent from a spec, as `gamehost play --agents` takes them:
"random", "random:seed=7", "greedy", "mcts:time=0.2", "mcts:iters=2000".
seed: the game seed its default seed derives from (default: the state's game's).
gamehost.Error for an unknown kind or parameter (with a suggestion).)");

  m.def("play", &play, py::arg("game"), py::arg("agents"), py::arg("log") = py::none(), py::arg("seed") = py::none(),
        py::arg("chance_seed") = py::none(), py::arg("overwrite") = false, py::arg("max_plies") = 0,
        R"(Plays one game as `gamehost play` does, and records it in `log` (a .ghlog
path; None: no log). agents: one per seat, each a spec string, a
gamehost.Agent or a Python function f(state) -> action id (None abandons the
game); a function sees only its seat's view (a sampled state for hidden
information). seed: the setup's and the agents' (default: the game's);
chance_seed: makes chance reproducible (default: a secret committed in the
log). Returns a dict: finished, plies, returns, scores, result, fault, log,
state (the final gamehost.State). The log verifies with `gamehost verify`.
Releases the GIL while C++ agents think.)");
}

}  // namespace gamehost::python
