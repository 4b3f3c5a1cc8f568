#include <fmt/core.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>

#include "game.h"

namespace gamehost::python {

int State::current_player() const {
  if (info_.terminal()) return kTerminalPlayer;
  return info_.to_move();  // a seat, or -1 for chance, as in OpenSpiel
}

void State::apply_action(std::uint32_t action) {
  // One Step a ply (Apply through the fallback for plugins without it): the
  // new state's legal ids come back with it, so legal_actions() asks nothing.
  static thread_local pb::StepResponse stepped;
  game_->with_plugin([&](Plugin& p) { p.step(bytes_, action, stepped); });
  bytes_.swap(*stepped.mutable_state());
  take_step_info(stepped, info_);
  history_.push_back(action);
}

std::uint32_t State::parse_action(const std::string& text) const {
  pb::ParseActionRequest request;
  request.set_state(bytes_);
  request.set_text(text);
  pb::ParseActionResponse parsed;
  game_->with_plugin([&](Plugin& p) { p.call(pb::METHOD_PARSE_ACTION, request, parsed); });
  return parsed.action().id();
}

std::uint32_t State::apply_move(const std::string& text) {
  const std::uint32_t id = parse_action(text);
  apply_action(id);
  return id;
}

pb::StateInfo State::query(const pb::QueryFlags& flags) const {
  return game_->with_plugin([&](Plugin& p) { return p.query(bytes_, flags); });
}

pb::ObserveResponse State::observe(int seat) const {
  pb::ObserveRequest request;
  request.set_state(bytes_);
  request.set_player(seat);
  pb::ObserveResponse response;
  game_->with_plugin([&](Plugin& p) { p.call(pb::METHOD_OBSERVE, request, response); });
  return response;
}

std::string State::action_to_string(std::uint32_t action) const {
  pb::QueryFlags flags;
  flags.set_legal_details(true);
  const pb::StateInfo info = query(flags);
  for (const auto& a : info.legal())
    if (a.id() == action) return a.notation();
  pb::ApplyResponse applied;  // not legal: the plugin says why
  game_->with_plugin([&](Plugin& p) { p.apply(bytes_, action, pb::QueryFlags(), applied, true); });
  return applied.action().notation();
}

int State::seat_or_current(const py::object& seat) const {
  const int players = game_->info().player_names_size();
  if (seat.is_none()) {
    if (info_.to_move() < 0 || info_.terminal())
      throw py::value_error("no seat is to move here (chance or game over): name the seat");
    return info_.to_move();
  }
  const int s = seat.cast<int>();
  if (s < 0 || s >= players)
    throw py::value_error(fmt::format("seat {} is not a seat of {} (0..{})", s, game_->info().id(), players - 1));
  return s;
}

namespace {

py::array_t<float> observation_tensor(const State& s, const py::object& seat_arg) {
  pb::ObservationTensorRequest request;
  request.set_state(s.bytes());
  request.set_player(s.seat_or_current(seat_arg));
  pb::ObservationTensorResponse response;
  s.game().with_plugin([&](Plugin& p) { p.call(pb::METHOD_OBSERVATION_TENSOR, request, response); });
  std::vector<py::ssize_t> shape(response.shape().begin(), response.shape().end());
  py::array_t<float> out(shape);
  std::copy(response.values().begin(), response.values().end(), out.mutable_data());
  return out;
}

std::string board_text(const State& s) {
  pb::QueryFlags flags;
  flags.set_board(true);
  flags.set_text(true);
  const auto info = s.query(flags);
  // The terminal board without colour: its text alone reads fully.
  if (!info.board().board().text().empty()) return info.board().board().text() + info.board().legend().text();
  return info.text();
}

py::object analyze(const State& s, const std::string& topic) {
  pb::AnalyzeResponse response = s.game().with_plugin([&](Plugin& p) { return p.analyze(s.bytes(), topic); }, true);
  return json_to_python(s.game().codec().to_json(response));
}

// n uniformly random playouts from s, each one Rollout call of one game
// (seeded seed + k), their final points per seat (the returns for games
// without points).
py::array_t<double> random_playouts(const State& s, std::uint32_t n, std::uint64_t seed) {
  const auto players = static_cast<py::ssize_t>(s.game().info().player_names_size());
  py::array_t<double> out({static_cast<py::ssize_t>(n), players});
  double* values = out.mutable_data();
  s.game().with_plugin([&](Plugin& p) {
    pb::RolloutRequest request;
    request.set_state(s.bytes());
    request.set_count(1);
    request.set_uniform(true);
    pb::RolloutResponse response;
    for (std::uint32_t k = 0; k < n; ++k) {
      request.set_seed(seed + k);
      p.call(pb::METHOD_ROLLOUT, request, response);
      const auto& sums = response.scores_sum_size() ? response.scores_sum() : response.returns_sum();
      for (py::ssize_t seat = 0; seat < players; ++seat) values[k * players + seat] = seat < sums.size() ? sums[seat] : 0.0;
    }
  }, /*release=*/true);
  return out;
}

// A new list of the legal ids the last Step (or NewGame) answered: no call
// to the plugin, no intermediate vector (a game loop calls this every ply).
py::list legal_actions(const State& s, const py::object& player) {
  if (!player.is_none() && player.cast<int>() != s.current_player()) return py::list();
  const auto& ids = s.info().legal_ids();
  py::list out(ids.size());
  for (int i = 0; i < ids.size(); ++i) PyList_SET_ITEM(out.ptr(), i, PyLong_FromUnsignedLong(ids[i]));
  return out;
}

}  // namespace

void bind_state(py::module_& m) {
  py::class_<State>(m, "State", "A position of a game (like pyspiel.State). Copy it with clone().")
      .def("current_player", &State::current_player,
           "The seat to move; -1 (gamehost.CHANCE) when chance is, -4 (gamehost.TERMINAL) when the game is over.")
      .def("is_terminal", [](const State& s) { return s.info().terminal(); })
      .def("is_chance_node", [](const State& s) { return !s.info().terminal() && s.info().to_move() == -1; })
      .def("is_player_node", [](const State& s) { return !s.info().terminal() && s.info().to_move() >= 0; })
      .def("legal_actions", &legal_actions, py::arg("player") = py::none(),
          "The legal action ids in increasing order (chance outcomes at a chance node); [] for another player or when over.")
      .def("legal_moves", [](const State& s) {
            pb::QueryFlags flags;
            flags.set_legal_details(true);
            std::vector<std::string> moves;
            const pb::StateInfo info = s.query(flags);
            for (const auto& a : info.legal()) moves.push_back(a.notation());
            return moves;
          }, "The legal actions in the game's notation, in the order of legal_actions().")
      .def("apply_action", &State::apply_action, py::arg("action"),
           "Plays action id `action` (this state becomes the next one). gamehost.IllegalActionError when it is "
           "not legal, with the rule that forbids it and .code its ruling code.")
      .def("apply_move", &State::apply_move, py::arg("move"),
           "Plays a move written in the game's notation (\"RT@E3\", \"d\"), as the command line reads it; returns "
           "its action id. gamehost.IllegalActionError (not legal here) or gamehost.CallError with status "
           "INVALID_ARGUMENT (no such move), carrying the CLI's message and the ruling code.")
      .def("action_to_string", [](const State& s, std::uint32_t action) { return s.action_to_string(action); },
           py::arg("action"), "The notation of an action id in this state.")
      .def("action_to_string", [](const State& s, int, std::uint32_t action) { return s.action_to_string(action); },
           py::arg("player"), py::arg("action"), "OpenSpiel's argument order: (player, action).")
      .def("returns", [](const State& s) {
            std::vector<double> r(s.info().returns().begin(), s.info().returns().end());
            r.resize(static_cast<std::size_t>(s.game().info().player_names_size()), 0.0);
            return r;
          }, "Each seat's return when the game is over (win 1, loss -1, draw 0); zeros before.")
      .def("scores", [](const State& s) {
            pb::QueryFlags flags;
            flags.set_scores(true);
            const auto info = s.query(flags);
            return std::vector<std::int64_t>(info.scores().begin(), info.scores().end());
          }, "The game's own points per seat (provisional before the end); [] for games without points.")
      .def("result", [](const State& s) { return s.info().result(); }, "The result line once over, e.g. \"Black wins 89 - 66\".")
      .def("phase", [](const State& s) { return s.info().phase(); })
      .def("chance_outcomes", [](const State& s) {
            std::vector<std::pair<std::uint32_t, double>> out;
            if (s.info().to_move() != -1 || s.info().terminal()) return out;
            for (int i = 0; i < s.info().legal_ids_size(); ++i)
              out.emplace_back(s.info().legal_ids(i), s.info().chance_probabilities(i));
            return out;
          }, "At a chance node: (action, probability) for each outcome; [] elsewhere.")
      .def("information_state_string", [](const State& s, const py::object& seat) {
            return s.observe(s.seat_or_current(seat)).text();
          }, py::arg("seat") = py::none(),
          "What `seat` sees, as text (Observe): for City Planning never the other hand.")
      .def("observation_string", [](const State& s, const py::object& seat) {
            return s.observe(s.seat_or_current(seat)).text();
          }, py::arg("seat") = py::none(), "The same as information_state_string.")
      .def("observation_tensor", &observation_tensor, py::arg("seat") = py::none(),
           "What `seat` sees as a float32 numpy array of shape game.observation_tensor_shape() "
           "(docs/python.md: every plane). Default seat: the one to move.")
      .def("analyze", &analyze, py::arg("topic") = "",
           "The plugin's analysis as Python objects (dicts, lists), the same as `gamehost analyze --format json`: "
           "{'text': ..., 'detail': {...}}; Alien City's detail holds the towers, customers, paths and bonuses. "
           "topic: \"\" (all) or one of game.info()['analysis_topics']. Releases the GIL.")
      .def("sample_hidden", [](const State& s, int seat, std::uint64_t seed) {
            pb::SampleHiddenRequest request;
            request.set_state(s.bytes());
            request.set_seat(s.seat_or_current(py::int_(seat)));
            request.set_seed(seed);
            pb::SampleHiddenResponse sampled;
            auto info = s.game().with_plugin([&](Plugin& p) {
              p.call(pb::METHOD_SAMPLE_HIDDEN, request, sampled);
              return p.query(sampled.state(), state_flags());
            });
            return State(s.game_ptr(), sampled.state(), std::move(info));
          }, py::arg("seat"), py::arg("seed") = 0,
          "A state `seat` cannot tell from this one, all it cannot see drawn at random (games with hidden "
          "information: City Planning re-deals the other hand). For determinized searches.")
      .def("random_playouts", &random_playouts, py::arg("n"), py::arg("seed") = 0,
           "n uniformly random games played to the end from here, in C++ (the plugin's Rollout): a numpy array "
           "of shape (n, players) of each game's final points (its returns for games without points). "
           "Deterministic in seed. Releases the GIL.")
      .def("text", [](const State& s) {
            pb::QueryFlags flags;
            flags.set_text(true);
            return s.query(flags).text();
          }, "The whole state for people (omniscient).")
      .def("serialize", [](const State& s) { return py::bytes(s.bytes()); },
           "The state's bytes; game.deserialize_state(bytes) gives it back.")
      .def("history", [](const State& s) { return s.history(); },
           "The actions applied to this object (and the states it was cloned from) since it was made.")
      .def("clone", [](const State& s) { return State(s); })
      .def("__copy__", [](const State& s) { return State(s); })
      .def("__deepcopy__", [](const State& s, py::dict) { return State(s); })
      .def("get_game", [](const State& s) { return s.game_ptr(); })
      .def("num_players", [](const State& s) { return s.game().info().player_names_size(); })
      .def("__str__", &board_text, "The terminal board without colour, with its legend.")
      .def("__repr__", [](const State& s) {
        return fmt::format("<gamehost.State {} {} to move {}>", s.game().info().id(), s.info().phase(),
                           s.current_player());
      });
}

}  // namespace gamehost::python
