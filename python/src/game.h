// gamehost.Game and gamehost.State: a game loaded through the host's own
// registry (in this process or isolated), and a position of it. Shaped like
// OpenSpiel's pyspiel.Game and pyspiel.State (docs/python.md).
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "gamehost/records/json_codec.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/calls/registry.h"

namespace gamehost::python {

namespace py = pybind11;

// OpenSpiel's player ids for chance and a finished game.
inline constexpr int kChancePlayer = -1;
inline constexpr int kTerminalPlayer = -4;

struct GameSettings {
  std::string id;
  std::vector<pb::OptionValue> options;  // as given
  std::uint64_t seed = 0;
  bool isolate = false;
  std::vector<std::string> plugin_dirs;
};

class Game : public std::enable_shared_from_this<Game> {
 public:
  // Finds and loads the plugin, then starts a game with the options, so a
  // bad option fails here. Throws HostError / CallError.
  explicit Game(GameSettings settings);

  const pb::GameInfo& info() const { return info_; }
  const GameSettings& settings() const { return settings_; }
  // NewGame's answer for the game's seed (resolved options, initial state).
  const pb::NewGameResponse& started() const { return started_; }

  // Runs f(plugin) with the game's plugin instance, one caller at a time.
  // With `release`, the GIL is released meanwhile (long work), so other
  // Python threads run; f must not touch Python objects then.
  template <class F>
  auto with_plugin(F&& f, bool release = false) {
    if (release) {
      py::gil_scoped_release nogil;
      std::lock_guard lock(mutex_);
      return f(*plugin_);
    }
    std::lock_guard lock(mutex_);
    return f(*plugin_);
  }
  // Another instance of the plugin, for work on another thread (play, review).
  std::unique_ptr<Plugin> clone_plugin();

  // NewGame with another seed (e.g. another Alien City layout).
  pb::NewGameResponse new_game(std::uint64_t seed);
  // The plugin's payload types, for JSON (analyze).
  const JsonCodec& codec();
  // The shape of observation tensors (from the initial state's).
  std::vector<std::uint32_t> observation_shape();

 private:
  GameSettings settings_;
  std::unique_ptr<Registry> registry_;  // owns the plugin
  Plugin* plugin_ = nullptr;
  pb::GameInfo info_;
  pb::NewGameResponse started_;
  std::mutex mutex_;
  std::unique_ptr<JsonCodec> codec_;
  std::vector<std::uint32_t> shape_;
};

// The flags every State keeps: the legal ids (with chance probabilities).
pb::QueryFlags state_flags();

class State {
 public:
  State(std::shared_ptr<Game> game, std::string bytes, pb::StateInfo info)
      : game_(std::move(game)), bytes_(std::move(bytes)), info_(std::move(info)) {}

  Game& game() const { return *game_; }
  const std::shared_ptr<Game>& game_ptr() const { return game_; }
  const std::string& bytes() const { return bytes_; }
  const pb::StateInfo& info() const { return info_; }
  const std::vector<std::uint32_t>& history() const { return history_; }
  // Whether history() goes back to the initial state (a state made by
  // new_initial_state, and its clones and successors), as pyspiel's always
  // does; a deserialized state's history starts where its bytes were taken.
  bool history_from_start() const { return history_from_start_; }
  void set_history(std::vector<std::uint32_t> history, bool from_start) {
    history_ = std::move(history);
    history_from_start_ = from_start;
  }

  int current_player() const;
  // Applies `action` (the plugin checks it): this state becomes the next.
  void apply_action(std::uint32_t action);
  // Reads `text` in the game's notation (ParseAction), then applies it.
  std::uint32_t apply_move(const std::string& text);
  // The action id `text` names here (ParseAction), without applying it.
  std::uint32_t parse_action(const std::string& text) const;
  // Query with `flags` (besides the status fields).
  pb::StateInfo query(const pb::QueryFlags& flags) const;
  pb::ObserveResponse observe(int seat) const;
  // The notation of `action` in this state (legal or not yet checked).
  std::string action_to_string(std::uint32_t action) const;
  // A seat in 0..players-1, else a ValueError; nullopt: the seat to move.
  int seat_or_current(const py::object& seat) const;

 private:
  std::shared_ptr<Game> game_;
  std::string bytes_;
  pb::StateInfo info_;
  std::vector<std::uint32_t> history_;
  bool history_from_start_ = false;
};

// Binding helpers shared by the module's files.
std::vector<pb::OptionValue> options_from_kwargs(const py::kwargs& kwargs);
py::object json_to_python(const std::string& json);
std::shared_ptr<Game> load_game(const std::string& id, py::kwargs kwargs);

void bind_game(py::module_& m);
void bind_state(py::module_& m);

}  // namespace gamehost::python
