// The City Planning agents through the real plugin: MCTS with its root cut
// to the actions greedy rates best (`keep=K`) takes the scoring move of a
// position where plain search squandered points on a rezoning, and the
// guided rollouts weigh every Development onto a Zone.
#include <catch2/catch.hpp>

#include "city_planning/core/diagram.h"
#include "city_planning/core/notation.h"
#include "city_planning/core/playout.h"
#include "city_planning/core/rules.h"
#include "city_planning/core/serialize.h"
#include "gamehost/agents/one_ply.h"
#include "gamehost/agents/spec.h"
#include "gamehost/plugin.h"

using namespace gamehost;
namespace cp = city_planning;

namespace {

// Ply 41 of a game of `mcts:iters=200` (A) against greedy, seed 1: A has
// placed its stones. `dev S4 on S1` scores 3 (1 for S1's last capacity, +3
// for the Agricultural neighbour S2 holding S3, -1 for the Industrial
// neighbour A1 holding A1); the search played `zone C0@H9 return A1 S1`,
// which scores C0's waiting stone and loses S1, A1 and A1's Development: -2.
constexpr const char* kPosition = R"(phase: A main
placed: P R
turn: 6
passes: 0
score: A 0 B 5
hand A: S4 M1 A3
hand B: C4 M0 A4
face-up: A2+6 C4+2 C0+1
returned: S3
on S2: S3
on A1: A1
   A  B  C  D  E  F  G  H  J  K  L  M  N  O  P  Q  R  S  T
19 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
18 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
17 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
16 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
15 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
14 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
13 .  .  .  O  .  .  .  .  .  .  .  .  X  .  .  .  .  .  .
12 .  .  .  .  O  O  A1 A1 A1 O  O  X  .  .  .  .  .  .  .
11 .  .  .  .  .  O  A1 A1 A1 O  .  .  .  .  .  .  .  .  .
10 .  .  .  X  X  .  A1 A1 A1 S2 S2 S2 .  .  .  .  .  .  .
 9 .  .  .  .  .  S1 S1 S1 O  S2 S2 S2 .  .  .  .  .  .  .
 8 .  .  .  .  .  S1 S1 S1 O  S2 S2 S2 .  .  .  .  .  .  .
 7 .  .  .  .  .  S1 S1 S1 .  .  .  .  .  .  .  .  .  .  .
 6 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 5 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 4 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 3 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 2 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 1 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
)";

struct Position {
  std::unique_ptr<Plugin> plugin = Plugin::load(CITY_PLANNING_PLUGIN);
  cp::State state;
  std::string bytes;
  pb::StateInfo info;
  Position() {
    auto parsed = cp::parse_diagram(kPosition);
    REQUIRE(parsed.ok());
    state = *parsed;
    bytes = cp::serialize(state);
    pb::QueryFlags flags;
    flags.set_legal_ids(true);
    info = plugin->query(bytes, flags);
  }
  std::string notation(std::uint32_t id) const {
    return cp::to_notation(state, *cp::action_from_id(static_cast<int>(id)));
  }
  // A's points after `id`.
  int points_after(std::uint32_t id) const {
    cp::State after = state;
    cp::apply_unchecked(after, *cp::action_from_id(static_cast<int>(id)));
    return after.score(cp::Player::A);
  }
  std::uint32_t choose(const std::string& spec) {
    auto agent = make_agent(spec, AgentContext{1, 0});
    return *agent->choose(Turn{*plugin, bytes, info, 0, 42});
  }
};

}  // namespace

TEST_CASE("keep: the root keeps the actions greedy rates best, a pointless rezoning never among them",
          "[cp][ai][mcts]") {
  Position p;
  REQUIRE(p.info.legal_ids_size() == 85);
  SplitMix rng(7);
  const Turn turn{*p.plugin, p.bytes, p.info, 0, 42};
  const auto best = keep_best_actions(turn, 1, rng);
  REQUIRE(best.size() == 1);
  CHECK(p.notation(best[0]) == "dev S4 on S1");
  CHECK(p.points_after(best[0]) == 3);
  // The next best score 1 (C0's waiting stone without overlap, or an
  // unincorporated Development); rezonings lose points and come last.
  const auto six = keep_best_actions(turn, 6, rng);
  REQUIRE(six.size() == 6);
  CHECK(six[0] == best[0]);
  for (std::size_t i = 1; i < six.size(); ++i) CHECK(p.points_after(six[i]) == 1);
  const auto all = keep_best_actions(turn, 0, rng);
  CHECK(all == std::vector<std::uint32_t>(p.info.legal_ids().begin(), p.info.legal_ids().end()));  // keep=0: all, in order
}

TEST_CASE("mcts with keep plays the scoring Development, not the rezoning", "[cp][ai][mcts]") {
  Position p;
  for (const char* spec : {"mcts:iters=200,keep=6,seed=1", "mcts:iters=200,keep=6,seed=2",
                           "mcts:iters=600,keep=6,seed=3"}) {
    CAPTURE(spec);
    const std::uint32_t a = p.choose(spec);
    CHECK(p.notation(a) == "dev S4 on S1");
    CHECK(p.points_after(a) == 3);
  }
}

TEST_CASE("mcts keep: its spec says it, and it is checked", "[cp][ai][spec]") {
  CHECK(make_agent("mcts:iters=10,keep=4,seed=1", AgentContext{1, 0})->spec() ==
        "mcts:iters=10,c=1.4,score=0.5,scale=20,threads=1,rollouts=1,seed=1,keep=4");
  CHECK(make_agent("mcts:iters=10,seed=1", AgentContext{1, 0})->spec() ==
        "mcts:iters=10,c=1.4,score=0.5,scale=20,threads=1,rollouts=1,seed=1");
  CHECK_THROWS_WITH(make_agent("mcts:keep=2000000", AgentContext{1, 0}),
                    "agent 'mcts:keep=2000000': keep must be 0..1000000");
}

TEST_CASE("guided rollouts take the best Development onto a Zone", "[cp][ai][rollout]") {
  Position p;
  // Whatever the eight sampled candidates, the +3 Development is weighed:
  // every seed plays it.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    cp::Rng rng(seed);
    CHECK(cp::to_notation(p.state, cp::guided_action(p.state, rng)) == "dev S4 on S1");
  }
}
