// The City Planning agents through the real plugin: MCTS with its root cut
// to the actions greedy rates best (`keep=K`) takes the scoring move of a
// position where plain search squandered points on a rezoning, and the
// guided rollouts weigh every Development onto a Zone.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "city_planning/core/diagram.h"
#include "city_planning/core/notation.h"
#include "city_planning/core/playout.h"
#include "city_planning/core/rules.h"
#include "city_planning/core/serialize.h"
#include "gamehost/play/agents/one_ply.h"
#include "gamehost/play/agents/spec.h"
#include "gamehost/records/game_log.h"
#include "gamehost/calls/plugin.h"
#include "test_support.h"

using namespace gamehost;
namespace cp = city_planning;

namespace {

// Ply 41 of a game of `mcts:iters=200` (A) against greedy, seed 1, with
// the Developments taken off S2 and A1: A has placed its stones. One
// decision scores 2, `dev S4 on S2` (S2's capacity, no neighbour holding a
// Development); 35 score 1 (an unincorporated Development, S1's or A1's
// last capacity); 37 rezonings lose points (C0's waiting stone does not pay
// for the Zones it overlaps; in the game itself the search played
// `zone C0@H9 return A1 S1`: 1 - 3 = -2).
constexpr const char* kPosition = R"(phase: A main
placed: P R
turn: 6
passes: 0
score: A 0 B 5
hand A: S4 M1 A3
hand B: C4 M0 A4
face-up: A2+6 C4+2 C0+1
returned: S3
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

TEST_CASE("keep: the root keeps the actions greedy rates best, never a pointless rezoning",
          "[cp][ai][mcts]") {
  Position p;
  REQUIRE(p.info.legal_ids_size() == 87);
  std::map<int, int> by_points;  // A's points after the decision -> decisions
  for (const std::uint32_t a : p.info.legal_ids()) ++by_points[p.points_after(a)];
  CHECK(by_points == std::map<int, int>{{-3, 12}, {-2, 12}, {-1, 13}, {0, 14}, {1, 35}, {2, 1}});
  SplitMix rng(7);
  const Turn turn{*p.plugin, p.bytes, p.info, 0, 42};
  const auto best = keep_best_actions(turn, 1, rng);
  REQUIRE(best.size() == 1);
  CHECK(p.notation(best[0]) == "dev S4 on S2");
  CHECK(p.points_after(best[0]) == 2);
  const auto six = keep_best_actions(turn, 6, rng);
  REQUIRE(six.size() == 6);
  CHECK(six[0] == best[0]);
  for (std::size_t i = 1; i < six.size(); ++i) CHECK(p.points_after(six[i]) == 1);
  // Best first: the 37 that lose points come last.
  const auto sorted = keep_best_actions(turn, 86, rng);
  for (std::size_t i = 0; i < sorted.size(); ++i) CHECK((p.points_after(sorted[i]) < 0) == (i >= 50));
  const auto all = keep_best_actions(turn, 0, rng);
  CHECK(all == std::vector<std::uint32_t>(p.info.legal_ids().begin(), p.info.legal_ids().end()));  // keep=0: all, in order
}

TEST_CASE("mcts with keep searches only among the best, so never squanders points here", "[cp][ai][mcts]") {
  Position p;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    CAPTURE(seed);
    const std::uint32_t a = p.choose("mcts:iters=300,keep=6,seed=" + std::to_string(seed));
    // The agent's root: the six best, drawn as the agent draws them.
    SplitMix rng(seed ^ (0xD1B54A32D192ED03ull * 42));
    const auto six = keep_best_actions(Turn{*p.plugin, p.bytes, p.info, 0, 42}, 6, rng);
    CHECK(std::find(six.begin(), six.end(), a) != six.end());
    CHECK(p.points_after(a) >= 1);
  }
}

TEST_CASE("mcts keep: its spec says it, and it is checked", "[cp][ai][spec]") {
  CHECK(make_agent("mcts:iters=10,keep=4,seed=1", AgentContext{1, 0})->spec() ==
        "mcts:iters=10,c=1.4,score=0.1,scale=20,threads=1,rollouts=1,seed=1,keep=4");
  CHECK(make_agent("mcts:iters=10,seed=1", AgentContext{1, 0})->spec() ==
        "mcts:iters=10,c=1.4,score=0.1,scale=20,threads=1,rollouts=1,seed=1");
  CHECK_THROWS_WITH(make_agent("mcts:keep=2000000", AgentContext{1, 0}),
                    "agent 'mcts:keep=2000000': keep must be 0..1000000");
}

TEST_CASE("a game's recommended agent parameters: a new game takes them, a log keeps what it recorded",
          "[cp][ai][spec]") {
  const auto cp_info = Plugin::load(CITY_PLANNING_PLUGIN)->info();
  CHECK(cp_info.agent_defaults().at("mcts") == "keep=6");
  CHECK(with_game_defaults("mcts", cp_info) == "mcts:keep=6");
  CHECK(with_game_defaults("mcts:iters=10", cp_info) == "mcts:iters=10,keep=6");
  CHECK(with_game_defaults("mcts:iters=10,keep=0", cp_info) == "mcts:iters=10,keep=0");  // the user's wins
  CHECK(with_game_defaults("greedy", cp_info) == "greedy");
  CHECK(game_agent_defaults(cp_info) == std::vector<std::string>{"mcts:keep=6"});
  CHECK(with_game_defaults("mcts", Plugin::load(ALIEN_CITY_PLUGIN)->info()) == "mcts");

  // What a kind does not take is skipped, not an error of the user's.
  pb::GameInfo odd;
  (*odd.mutable_agent_defaults())["mcts"] = "keep=6,bogus=1,c=x,,threads=2";
  (*odd.mutable_agent_defaults())["random"] = "seed=";
  (*odd.mutable_agent_defaults())["no_such_agent"] = "seed=1";
  CHECK(with_game_defaults("mcts:c=2", odd) == "mcts:c=2,keep=6,threads=2");
  CHECK(with_game_defaults("random", odd) == "random");
  CHECK(game_agent_defaults(odd) == std::vector<std::string>{"mcts:keep=6,threads=2"});

  const auto dir = test::temp_dir("cp-agent-defaults");
  const std::string log = (dir / "g.ghlog").string();
  const auto played = test::run_gamehost({"play", "city_planning", "--seed", "4", "--player1", "mcts:iters=20",
                                          "--player2", "mcts:iters=20,keep=0", "--out", log, "-q"});
  REQUIRE(played.exit_code == 0);
  const auto header = read_log(log).record.header();
  CHECK_THAT(header.players(0).agent(), Catch::StartsWith("mcts:iters=20,c=1.4,"));
  CHECK_THAT(header.players(0).agent(), Catch::EndsWith(",keep=6"));
  CHECK_THAT(header.players(1).agent(), !Catch::Contains("keep"));
  // verify remakes each agent from the spec its log records: keep=0 stays 0.
  const auto verified = test::run_gamehost({"verify", log});
  CHECK(verified.exit_code == 0);
  CHECK_THAT(test::run_gamehost({"games"}).out, Catch::Contains("    agent default mcts:keep=6\n"));
}

TEST_CASE("guided rollouts take the best Development onto a Zone", "[cp][ai][rollout]") {
  Position p;
  // Whatever the eight sampled candidates, the Developments onto Zones are
  // weighed: every seed plays the one that scores 2.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    cp::Rng rng(seed);
    CHECK(cp::to_notation(p.state, cp::guided_action(p.state, rng)) == "dev S4 on S2");
  }
}
