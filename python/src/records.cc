#include "records.h"

#include <fmt/core.h>
#include <google/protobuf/util/json_util.h>
#include <pybind11/stl.h>

#include "game.h"
#include "gamehost/formats/notes.h"
#include "gamehost/records/game_log.h"
#include "gamehost/records/replay.h"
#include "gamehost/review/review_file.h"
#include "gamehost/review/reviewer.h"

namespace gamehost::python {

namespace {

namespace rv = gamehost::review;

// A message as Python objects, field names as in the .proto files.
py::object message_to_python(const google::protobuf::Message& m) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  std::string json;
  const auto status = google::protobuf::util::MessageToJsonString(m, &json, options);
  if (!status.ok()) throw HostError(fmt::format("cannot convert {}: {}", m.GetTypeName(), status.message().as_string()));
  return json_to_python(json);
}

py::dict header_dict(const pb::LogHeader& h) {
  py::dict d;
  d["game_id"] = h.game_id();
  d["game_version"] = h.game_version();
  py::dict options;
  for (const auto& o : h.options()) options[py::str(o.name())] = o.value();
  d["options"] = options;
  d["seed"] = h.seed();
  d["setup"] = h.setup();
  py::list players;
  for (const auto& p : h.players()) {
    py::dict pd;
    pd["name"] = p.name();
    pd["agent"] = p.agent();
    pd["person"] = p.person();
    players.append(pd);
  }
  d["players"] = players;
  d["start_time_ms"] = h.start_time_ms();
  d["host_version"] = h.host_version();
  d["interface_version"] = h.interface_version();
  d["chance_reproducible"] = h.chance_reproducible();
  d["event"] = h.event();
  d["date"] = h.date();
  d["site"] = h.site();
  d["round"] = h.round();
  d["source"] = h.source();
  return d;
}

py::dict read_log_dict(const std::string& path) {
  const GameLog log = read_log(path);
  const auto notes = formats::notes_by_ply(path, log);
  py::dict d;
  d["file"] = path;
  d["header"] = header_dict(log.record.header());
  py::list plies;
  for (const auto& p : log.record.plies()) {
    py::dict pd;
    pd["ply"] = p.ply();
    pd["seat"] = p.player();
    pd["action"] = p.action_id();
    pd["notation"] = p.notation();
    pd["time_ms"] = p.time_ms();
    pd["taken_back"] = p.has_taken_back() && p.taken_back();
    const auto it = notes.find(static_cast<int>(p.ply()));
    pd["notes"] = it == notes.end() ? std::vector<std::string>{} : it->second;
    plies.append(pd);
  }
  d["plies"] = plies;
  if (log.finished()) {
    const auto& r = log.record.result();
    py::dict rd;
    rd["returns"] = std::vector<double>(r.returns().begin(), r.returns().end());
    rd["scores"] = std::vector<std::int64_t>(r.scores().begin(), r.scores().end());
    rd["result"] = r.result();
    rd["plies"] = r.plies();
    rd["end_time_ms"] = r.end_time_ms();
    d["result"] = rd;
  } else {
    d["result"] = py::none();
  }
  d["fault"] = log.faulted() ? py::object(message_to_python(log.record.fault())) : py::object(py::none());
  const auto initial = notes.find(0);
  d["initial_notes"] = initial == notes.end() ? std::vector<std::string>{} : initial->second;
  d["signed"] = log.signed_();
  return d;
}

// The state after `ply` plies of the log at `path`, replayed (and checked)
// through `game`'s plugin.
State state_at(const std::shared_ptr<Game>& game, const std::string& path, int ply) {
  const GameLog log = read_log(path);
  if (log.record.header().game_id() != game->info().id())
    throw HostError(fmt::format("{}: a log of {}, not of {}", path, log.record.header().game_id(), game->info().id()));
  if (ply < 0 || ply > log.record.plies_size())
    throw py::index_error(fmt::format("{}: ply {} is not in 0..{}", path, ply, log.record.plies_size()));
  Replayed r = game->with_plugin([&](Plugin& p) { return replay(p, log, ply); }, true);
  pb::StateInfo info = game->with_plugin([&](Plugin& p) { return p.query(r.state, state_flags()); });
  return State(game, r.state, std::move(info));
}

py::dict review_dict(const rv::ReviewFile& f) {
  py::dict d;
  d["file"] = f.file;
  d["header"] = message_to_python(f.header);
  py::list plies;
  for (const auto& p : f.plies) {
    py::dict pd = message_to_python(p);
    pd["class"] = p.reviewed() ? rv::class_name(p.move_class()) : "";
    plies.append(pd);
  }
  d["plies"] = plies;
  d["damaged_tail"] = f.tail;
  return d;
}

py::dict run_review(const std::string& log_path, int jobs, const py::object& iterations, const py::object& seed,
                    const py::object& out, bool restart, const py::object& plugin_dirs) {
  const GameLog head = read_log(log_path);
  py::kwargs load;
  load["seed"] = head.record.header().seed();
  load["plugin_dirs"] = plugin_dirs;
  for (const auto& o : head.record.header().options()) load[py::str(o.name())] = o.value();
  const auto game = load_game(head.record.header().game_id(), load);
  std::unique_ptr<Plugin> plugin = game->clone_plugin();
  rv::ReviewRequest req;
  req.log = log_path;
  if (!out.is_none()) req.out = py::str(out).cast<std::string>();
  req.settings = rv::default_settings(rv::keeps_points(*plugin, head.record.header().initial_state()));
  if (!iterations.is_none()) req.settings.set_iterations(iterations.cast<std::uint64_t>());
  if (!seed.is_none()) req.settings.set_seed(seed.cast<std::uint64_t>());
  req.jobs = jobs;
  req.restart = restart;
  rv::ReviewOutcome outcome;
  {
    py::gil_scoped_release nogil;
    outcome = rv::run_review(*plugin, req);
  }
  py::dict d = review_dict(outcome.review);
  d["computed"] = outcome.computed;
  d["continued"] = outcome.continued;
  return d;
}

}  // namespace

void bind_records(py::module_& m) {
  m.def("_read_log", [](const py::object& path) { return read_log_dict(py::str(path)); }, py::arg("path"));
  m.def("_state_at", [](const std::shared_ptr<Game>& g, const py::object& path, int ply) {
        return state_at(g, py::str(path), ply);
      }, py::arg("game"), py::arg("path"), py::arg("ply"));
  m.def("_read_review", [](const py::object& path) { return review_dict(rv::read_review(py::str(path).cast<std::string>())); },
        py::arg("path"));
  m.def("_review", &run_review, py::arg("log"), py::arg("jobs") = 1, py::arg("iterations") = py::none(),
        py::arg("seed") = py::none(), py::arg("out") = py::none(), py::arg("restart") = false,
        py::arg("plugin_dirs") = py::none());
}

}  // namespace gamehost::python
