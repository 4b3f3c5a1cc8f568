// Step (METHOD_STEP, docs/interface.md "Step") through the real plugin
// modules: it answers exactly what Apply followed by Query answers, for
// every ply of random games of the three games, whether the host sends the
// state or leaves it out; and a plugin built without Step (the kit's
// GAMEHOST_KIT_NO_STEP: as plugins were before the call existed) still plays
// through Plugin::step's Apply fallback.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "gamehost/base/error.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/base/random.h"

using namespace gamehost;

namespace {

pb::QueryFlags everything() {
  pb::QueryFlags f;
  f.set_legal_ids(true);
  f.set_scores(true);
  return f;
}

std::vector<std::uint32_t> ids(const google::protobuf::RepeatedField<std::uint32_t>& r) { return {r.begin(), r.end()}; }
template <class T>
std::vector<T> values(const google::protobuf::RepeatedField<T>& r) {
  return {r.begin(), r.end()};
}

// The status of `step` is the one `info` gives (the Query of the same state).
void require_same(const pb::StepResponse& step, const pb::StateInfo& info) {
  CHECK(step.to_move() == info.to_move());
  CHECK(step.phase() == info.phase());
  CHECK(step.terminal() == info.terminal());
  CHECK(ids(step.legal_ids()) == ids(info.legal_ids()));
  CHECK(values(step.chance_probabilities()) == values(info.chance_probabilities()));
  CHECK(values(step.returns()) == values(info.returns()));
  CHECK(values(step.scores()) == values(info.scores()));
  CHECK(step.result() == info.result());
}

std::uint32_t pick(const pb::StateInfo& info, SplitMix& rng) {
  return info.legal_ids(static_cast<int>(rng.below(static_cast<std::uint64_t>(info.legal_ids_size()))));
}

// Plays `games` random games with Step, checking each ply against Apply and
// Query of a second instance; every third ply the state is sent explicitly
// (a raw Step with the bytes) rather than left out by Plugin::step.
void check_games(const char* path, int games) {
  auto stepper = Plugin::load(path);
  REQUIRE(stepper->has_step());
  auto reference = stepper->clone();
  pb::StepResponse step;
  pb::ApplyResponse applied;
  std::uint64_t plies = 0;
  for (int g = 1; g <= games; ++g) {
    SplitMix rng(static_cast<std::uint64_t>(g));
    pb::NewGameRequest start;
    start.set_seed(static_cast<std::uint64_t>(g));
    *start.mutable_flags() = everything();
    auto started = stepper->new_game(start);
    std::string state = started.state();
    pb::StateInfo info = started.info();
    for (int ply = 0; !info.terminal(); ++ply, ++plies) {
      const std::uint32_t action = pick(info, rng);
      if (ply % 3 == 2) {
        pb::StepRequest request;
        request.set_state(state);
        request.set_action_id(action);
        request.set_scores(true);
        request.set_describe_action(true);
        stepper->call(pb::METHOD_STEP, request, step);
      } else {
        stepper->step(state, action, step, /*scores=*/true, /*describe_action=*/true);
      }
      reference->apply(state, action, everything(), applied, /*describe_action=*/true);
      REQUIRE(step.state() == applied.state());
      CHECK(step.notation() == applied.action().notation());
      require_same(step, applied.info());
      pb::QueryFlags flags = everything();
      require_same(step, reference->query(step.state(), flags));
      state = step.state();
      info = reference->query(state, everything());
    }
  }
  CHECK(plies > static_cast<std::uint64_t>(games) * 10);
}

}  // namespace

TEST_CASE("Step answers what Apply and Query answer, every ply of random Connect Four games", "[step]") {
  check_games(CONNECT_FOUR_PLUGIN, 200);
}

TEST_CASE("Step answers what Apply and Query answer, every ply of random Alien City games", "[step]") {
  check_games(ALIEN_CITY_PLUGIN, 20);
}

TEST_CASE("Step answers what Apply and Query answer, every ply of random City Planning games", "[step]") {
  check_games(CITY_PLANNING_PLUGIN, 8);
}

TEST_CASE("Step refuses as Apply does, and a Step without a state before any Step", "[step][errors]") {
  auto plugin = Plugin::load(CONNECT_FOUR_PLUGIN);
  const std::string empty_board = plugin->new_game({}).state();
  pb::StepRequest request;
  request.set_action_id(3);
  pb::StepResponse step;
  try {
    plugin->call(pb::METHOD_STEP, request, step);
    FAIL("a Step without a state answered");
  } catch (const CallError& e) {
    CHECK(e.status() == pb::BAD_STATE);
    CHECK(std::string(e.what()).find("no Step has returned one yet") != std::string::npos);
  }
  // Column a filled: the seventh disc there is refused by both calls alike.
  std::string state = empty_board;
  for (int k = 0; k < 6; ++k) {
    plugin->step(state, 0, step);
    state = step.state();
  }
  std::string step_error, apply_error;
  try {
    plugin->step(state, 0, step);
  } catch (const CallError& e) {
    CHECK(e.status() == pb::ILLEGAL_ACTION);
    step_error = e.what();
  }
  try {
    pb::ApplyResponse applied;
    plugin->apply(state, 0, pb::QueryFlags(), applied);
  } catch (const CallError& e) {
    apply_error = e.what();
  }
  CHECK_FALSE(step_error.empty());
  CHECK(step_error == apply_error);
  // After the refusal the host sends the state again; play goes on from it.
  plugin->step(state, 1, step);
  CHECK(step.legal_ids_size() == 6);
}

TEST_CASE("a plugin without Step plays through the Apply fallback, the same games", "[step][fallback]") {
  auto old = Plugin::load(CONNECT_FOUR_BEFORE_STEP_PLUGIN);
  auto current = Plugin::load(CONNECT_FOUR_PLUGIN);
  REQUIRE_FALSE(old->has_step());
  for (const auto m : old->info().optional_methods()) CHECK(m != pb::METHOD_STEP);
  pb::StepRequest request;  // asked anyway, it answers as an old plugin does
  request.set_state(old->new_game({}).state());
  pb::StepResponse step;
  try {
    old->call(pb::METHOD_STEP, request, step);
    FAIL("a plugin built without Step answered it");
  } catch (const CallError& e) {
    CHECK(e.status() == pb::UNIMPLEMENTED);
  }
  pb::StepResponse by_step;
  for (int g = 1; g <= 50; ++g) {
    SplitMix rng(static_cast<std::uint64_t>(g));
    std::string a = old->new_game({}).state(), b = current->new_game({}).state();
    pb::StateInfo info = old->query(a, everything());
    while (!info.terminal()) {
      const std::uint32_t action = pick(info, rng);
      old->step(a, action, step, /*scores=*/true, /*describe_action=*/true);
      current->step(b, action, by_step, /*scores=*/true, /*describe_action=*/true);
      REQUIRE(step.state() == by_step.state());
      CHECK(step.notation() == by_step.notation());
      take_step_info(by_step, info);
      require_same(step, info);
      take_step_info(step, info);
      a = step.state(), b = by_step.state();
    }
    CHECK(!info.returns().empty());
  }
}

TEST_CASE("Step through an isolated plugin answers as in process", "[step][isolate]") {
  LoadOptions isolated;
  isolated.isolate = true;
  auto far = Plugin::load(CONNECT_FOUR_PLUGIN, isolated);
  auto near = Plugin::load(CONNECT_FOUR_PLUGIN);
  REQUIRE(far->has_step());
  pb::StepResponse a, b;
  for (int g = 1; g <= 5; ++g) {
    SplitMix rng(static_cast<std::uint64_t>(g));
    std::string sa = far->new_game({}).state(), sb = sa;
    pb::StateInfo info = near->query(sb, everything());
    while (!info.terminal()) {
      const std::uint32_t action = pick(info, rng);
      far->step(sa, action, a);
      near->step(sb, action, b);
      REQUIRE(a.state() == b.state());
      take_step_info(b, info);
      require_same(a, info);
      sa.swap(*a.mutable_state()), sb.swap(*b.mutable_state());
    }
  }
}
