#include "game.h"

#include <fmt/core.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "paths.h"

namespace gamehost::python {

pb::QueryFlags state_flags() {
  pb::QueryFlags f;
  f.set_legal_ids(true);
  return f;
}

Game::Game(GameSettings settings) : settings_(std::move(settings)) {
  LoadOptions load;
  load.isolate = settings_.isolate;
  registry_ = std::make_unique<Registry>(Registry::scan(plugin_dirs(settings_.plugin_dirs), load));
  plugin_ = &registry_->find(settings_.id);
  info_ = plugin_->info();
  started_ = new_game(settings_.seed);
}

std::unique_ptr<Plugin> Game::clone_plugin() {
  std::lock_guard lock(mutex_);
  return plugin_->clone();
}

pb::NewGameResponse Game::new_game(std::uint64_t seed) {
  pb::NewGameRequest request;
  for (const auto& o : settings_.options) *request.add_options() = o;
  request.set_seed(seed);
  *request.mutable_flags() = state_flags();
  std::lock_guard lock(mutex_);
  try {
    return plugin_->new_game(request);
  } catch (const CallError& e) {  // as `gamehost play` words it
    throw CallError(e.status(), e.code(), fmt::format("{}: {}", info_.id(), e.what()));
  }
}

const JsonCodec& Game::codec() {
  if (!codec_) codec_ = std::make_unique<JsonCodec>(info_.payload_descriptors());
  return *codec_;
}

std::vector<std::uint32_t> Game::observation_shape() {
  if (shape_.empty()) {
    pb::ObservationTensorRequest request;
    request.set_state(started_.state());
    pb::ObservationTensorResponse response;
    with_plugin([&](Plugin& p) { p.call(pb::METHOD_OBSERVATION_TENSOR, request, response); });
    shape_.assign(response.shape().begin(), response.shape().end());
  }
  return shape_;
}

std::vector<pb::OptionValue> options_from_kwargs(const py::kwargs& kwargs) {
  std::vector<pb::OptionValue> options;
  for (const auto& [key, value] : kwargs) {
    pb::OptionValue o;
    o.set_name(py::str(key));
    // Python's True/False are the interface's "true"/"false".
    if (py::isinstance<py::bool_>(value)) o.set_value(value.cast<bool>() ? "true" : "false");
    else o.set_value(py::str(value));
    options.push_back(std::move(o));
  }
  return options;
}

py::object json_to_python(const std::string& json) { return py::module_::import("json").attr("loads")(json); }

std::shared_ptr<Game> load_game(const std::string& id, py::kwargs kwargs) {
  GameSettings s;
  s.id = id;
  // The loader's own keywords; every other keyword is a game option.
  if (kwargs.contains("seed")) s.seed = py::cast<std::uint64_t>(kwargs.attr("pop")("seed"));
  if (kwargs.contains("isolate")) s.isolate = py::cast<bool>(kwargs.attr("pop")("isolate"));
  if (kwargs.contains("plugin_dirs")) {
    py::object dirs = kwargs.attr("pop")("plugin_dirs");
    if (!dirs.is_none())
      for (auto d : dirs) s.plugin_dirs.push_back(py::str(d));
  }
  s.options = options_from_kwargs(kwargs);
  return std::make_shared<Game>(std::move(s));
}

namespace {

py::dict option_spec(const pb::OptionSpec& o) {
  py::dict d;
  d["name"] = o.name();
  d["type"] = pb::OptionSpec::Type_Name(o.type());
  d["default"] = o.default_value();
  d["help"] = o.help();
  d["choices"] = std::vector<std::string>(o.choices().begin(), o.choices().end());
  if (o.type() == pb::OptionSpec::INT) d["min"] = o.min(), d["max"] = o.max();
  return d;
}

py::dict game_info(const pb::GameInfo& info) {
  py::dict d;
  d["id"] = info.id();
  d["name"] = info.name();
  d["version"] = info.version();
  d["players"] = std::vector<std::string>(info.player_names().begin(), info.player_names().end());
  py::list options;
  for (const auto& o : info.options()) options.append(option_spec(o));
  d["options"] = options;
  d["has_chance"] = info.has_chance();
  d["has_hidden_information"] = info.has_hidden_information();
  d["action_id_bound"] = info.action_id_bound();
  d["max_plies"] = info.max_plies();
  std::map<std::string, std::string> topics(info.analysis_topics().begin(), info.analysis_topics().end());
  d["analysis_topics"] = topics;
  return d;
}

py::list list_games(const py::object& dirs_arg) {
  std::vector<std::string> extra;
  if (!dirs_arg.is_none())
    for (auto d : dirs_arg) extra.push_back(py::str(d));
  std::vector<PluginEntry> entries;
  {
    py::gil_scoped_release nogil;  // each file is probed in a child process
    Registry registry = Registry::scan(plugin_dirs(extra));
    entries = registry.entries();
  }
  py::list out;
  for (const auto& e : entries) {
    py::dict d = e.info ? game_info(*e.info) : py::dict();
    d["path"] = e.path.string();
    d["problem"] = e.problem;
    out.append(d);
  }
  return out;
}

// The tensors of many states at once: one array of shape
// (len(states), *shape), the plugin called with the GIL released.
py::array_t<float> batch_observation(const std::shared_ptr<Game>& game, const py::sequence& states,
                                     const py::object& seat) {
  std::vector<std::pair<const std::string*, int>> requests;  // the states stay alive in `states`
  for (auto item : states) {
    const State& s = item.cast<const State&>();
    if (s.game_ptr() != game) throw py::value_error("batch_observation: a state of another game object");
    requests.emplace_back(&s.bytes(), s.seat_or_current(seat));
  }
  const auto shape = game->observation_shape();
  std::vector<py::ssize_t> dims{static_cast<py::ssize_t>(requests.size())};
  std::size_t size = 1;
  for (auto d : shape) dims.push_back(d), size *= d;
  py::array_t<float> out(dims);
  float* values = out.mutable_data();
  game->with_plugin([&](Plugin& p) {
    pb::ObservationTensorRequest request;
    pb::ObservationTensorResponse response;
    for (std::size_t i = 0; i < requests.size(); ++i) {
      request.set_state(*requests[i].first);
      request.set_player(requests[i].second);
      p.call(pb::METHOD_OBSERVATION_TENSOR, request, response);
      if (static_cast<std::size_t>(response.values_size()) != size)
        throw HostError(fmt::format("{}: ObservationTensor gave {} values, its shape says {}", game->info().id(),
                                    response.values_size(), size));
      std::copy(response.values().begin(), response.values().end(), values + i * size);
    }
  }, /*release=*/true);
  return out;
}

}  // namespace

void bind_game(py::module_& m) {
  m.def("games", &list_games, py::arg("plugin_dirs") = py::none(),
        R"(Every game the host finds, as a list of dicts: id, name, version, players,
options (name, type, default, help, choices, min, max), has_chance,
has_hidden_information, action_id_bound, max_plies, analysis_topics, path and
problem (why a file is not usable; then the other keys are absent). Each
plugin file is probed in a child process, so a broken file is listed, never
fatal. plugin_dirs: more folders to search (as --plugins).)");

  m.def("load_game", &load_game, py::arg("game_id"),
        R"(Loads a game through the host's plugin registry and checks its options.

    load_game("alien_city", layout="...", seed=7)
    load_game("connect_four", isolate=True)

Keywords: seed (the setup's seed, default 0; Alien City's layout comes from
it), isolate (run the plugin in a child process, as --isolate: a plugin that
crashes raises gamehost.PluginFault instead of ending Python), plugin_dirs
(more folders to search). Every other keyword is a game option
(gamehost.games() lists them); True/False become "true"/"false".
Raises gamehost.Error for an unknown game, gamehost.CallError for a bad option.)");

  py::class_<Game, std::shared_ptr<Game>>(m, "Game", "A loaded game (like pyspiel.Game).")
      .def("new_initial_state", [](const std::shared_ptr<Game>& g, const py::object& seed) {
            State s = seed.is_none() ? State(g, g->started().state(), g->started().info()) : [&] {
              auto r = g->new_game(seed.cast<std::uint64_t>());
              return State(g, r.state(), r.info());
            }();
            s.set_history({}, /*from_start=*/true);
            return s;
          }, py::arg("seed") = py::none(),
          "The initial state; with seed, the setup of that seed instead of the game's (another layout).")
      .def("deserialize_state", [](const std::shared_ptr<Game>& g, const py::bytes& data) {
            const std::string bytes = data;
            auto info = g->with_plugin([&](Plugin& p) { return p.query(bytes, state_flags()); });
            return State(g, bytes, std::move(info));
          }, py::arg("data"), "The state whose state.serialize() gave `data`; gamehost.CallError (BAD_STATE) for other bytes.")
      .def("num_players", [](const Game& g) { return g.info().player_names_size(); })
      .def("num_distinct_actions", [](const Game& g) { return g.info().action_id_bound(); },
           "Every action id is below this.")
      .def("max_game_length", [](const Game& g) { return g.info().max_plies(); },
           "No game is longer, in plies (chance plies included).")
      .def("observation_tensor_shape", [](Game& g) {
            const auto s = g.observation_shape();
            return std::vector<int>(s.begin(), s.end());
          }, "The shape of state.observation_tensor() (docs/python.md documents every plane).")
      .def("observation_tensor_size", [](Game& g) {
            std::size_t n = 1;
            for (auto d : g.observation_shape()) n *= d;
            return n;
          })
      .def("batch_observation", &batch_observation, py::arg("states"), py::arg("seat") = py::none(),
           "The observation tensors of many states in one call: a float32 array of shape "
           "(len(states), *observation_tensor_shape()); seat: one seat for all, or None for each state's seat "
           "to move. Releases the GIL.")
      .def("player_names", [](const Game& g) {
            return std::vector<std::string>(g.info().player_names().begin(), g.info().player_names().end());
          })
      .def_property_readonly("id", [](const Game& g) { return g.info().id(); })
      .def_property_readonly("name", [](const Game& g) { return g.info().name(); })
      .def_property_readonly("seed", [](const Game& g) { return g.settings().seed; })
      .def_property_readonly("isolated", [](const Game& g) { return g.settings().isolate; })
      .def_property_readonly("options", [](const Game& g) {
            py::dict d;
            for (const auto& o : g.started().options()) d[py::str(o.name())] = o.value();
            return d;
          }, "Every option, resolved (defaults filled in), as text.")
      .def_property_readonly("setup", [](const Game& g) { return g.started().setup(); })
      .def("info", [](const Game& g) { return game_info(g.info()); }, "What gamehost.games() says of this game.")
      .def("__str__", [](const Game& g) { return g.info().id(); })
      .def("__repr__", [](const Game& g) {
        return fmt::format("<gamehost.Game {} seed={}{}>", g.info().id(), g.settings().seed,
                           g.settings().isolate ? " isolated" : "");
      });
}

}  // namespace gamehost::python
