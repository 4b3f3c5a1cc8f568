// Connect Four behind the gamehost interface, written only against the
// plugin kit (gamehost/kit/adapter.h says what each member must do; the kit
// does the rest of every call). Seats: 0 = Red (moves first), 1 = Yellow.
// Action ids: the column, 0..6 (notation "a".."g").
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "connect_four/core/playout.h"
#include "connect_four/core/serialize.h"
#include "gamehost/kit/options.h"
#include "gamehost/kit/outcome.h"
#include "scene.pb.h"

namespace connect_four::plugin {

namespace pb = gamehost::v1;
using gamehost::kit::Outcome;

struct Game {
  static constexpr const char* kId = "connect_four";
  using State = connect_four::State;

  static Expected<State> decode(const std::string& bytes) { return deserialize(bytes); }
  static std::string encode(const State& s) { return serialize(s); }
  static void describe(pb::GameInfo& info);

  Expected<State> start(const gamehost::kit::Options& options, std::uint64_t seed, std::string& setup);
  void fill_info(const State& s, const pb::QueryFlags& flags, pb::StateInfo& info);
  Outcome apply(State& s, std::uint32_t id, pb::ActionInfo* described);
  Outcome parse_action(const State& s, const std::string& text, pb::ActionInfo& out);
  Outcome analyze(const State& s, const std::string& topic, pb::AnalyzeResponse& resp);  // analysis.cc
  std::array<double, 2> evaluate(const State& s);
  std::uint64_t playout(State& s, Rng& rng) { return static_cast<std::uint64_t>(random_playout(s, rng)); }
  std::array<double, 2> returns(const State& s);
  void render(const State& s, const pb::ViewOptions& view, pb::Scene& scene);  // scene.cc
};

}  // namespace connect_four::plugin
