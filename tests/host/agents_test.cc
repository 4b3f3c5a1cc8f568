// Agent specs (one parser for every agent) and the human agent driven
// through streams: garbage, commands, illegal moves and end of input.
#include <catch2/catch.hpp>

#include <sstream>

#include "gamehost/play/agents/spec.h"
#include "alien_city/core/notation.h"
#include "alien_city/core/rules.h"
#include "alien_city/core/serialize.h"
#include "alien_city/core/streets.h"
#include "gamehost/play/play.h"
#include "gamehost/records/replay.h"
#include "test_support.h"

using namespace gamehost;

TEST_CASE("agent specs parse, and typos get a clear error", "[agents]") {
  CHECK(parse_agent_spec("random").kind == "random");
  const auto s = parse_agent_spec("random:seed=7");
  CHECK(s.get("seed") == "7");
  CHECK(make_agent("random:seed=7", {})->spec() == "random:seed=7");
  CHECK(make_agent("random", AgentContext{5, 0, nullptr, nullptr})->spec() ==
        make_agent("random", AgentContext{5, 0, nullptr, nullptr})->spec());
  CHECK(make_agent("random", AgentContext{5, 0, nullptr, nullptr})->spec() !=
        make_agent("random", AgentContext{5, 1, nullptr, nullptr})->spec());
  CHECK_THROWS_WITH(parse_agent_spec("randon"), "agent 'randon': unknown agent 'randon' (did you mean 'random'? agents: human, random, greedy, mcts)");
  CHECK_THROWS_WITH(parse_agent_spec("alphazero:time=1"), "agent 'alphazero:time=1': unknown agent 'alphazero' (agents: human, random, greedy, mcts)");
  CHECK_THROWS_WITH(parse_agent_spec("random:sed=7"),
                    "agent 'random:sed=7': unknown parameter 'sed' (did you mean 'seed'? random takes: seed)");
  CHECK_THROWS_WITH(parse_agent_spec("random:seed=x"), "agent 'random:seed=x': seed must be a non-negative integer, not 'x'");
  CHECK_THROWS_WITH(parse_agent_spec("random:seed=-1"), "agent 'random:seed=-1': seed must be a non-negative integer, not '-1'");
  CHECK_THROWS_WITH(parse_agent_spec("random:seed"), "agent 'random:seed': 'seed' is not KEY=VALUE");
  CHECK_THROWS_WITH(parse_agent_spec("random:"), "agent 'random:': nothing after ':'");
  CHECK_THROWS_WITH(parse_agent_spec("random:seed=1,seed=2"), "agent 'random:seed=1,seed=2': parameter 'seed' given twice");
  CHECK_THROWS_WITH(parse_agent_spec("human:x=1"), "agent 'human:x=1': unknown parameter 'x' (human takes: hint_iters, coach, seed)");
  CHECK_THROWS_WITH(parse_agent_spec(""), "agent '': unknown agent '' (agents: human, random, greedy, mcts)");
}

TEST_CASE("a human plays through a stream: garbage, commands, moves, EOF", "[agents][human]") {
  auto plugin = Plugin::load(ALIEN_CITY_PLUGIN);
  pb::NewGameRequest req;
  req.set_seed(11);
  *req.mutable_flags() = full_flags();
  const auto started = plugin->new_game(req);
  const auto core = *alien_city::deserialize(started.state());
  const auto legal = alien_city::legal_actions(core);
  // A lot where nothing can be built now, for "why".
  alien_city::Lot blocked = 0;
  while (!alien_city::why_not_lot(core, blocked)) ++blocked;
  const auto why = alien_city::why_not_lot(core, blocked);

  std::istringstream in("\n   \nhelp\nfoo bar\nclaim@A1\nmoves\nwhy " + alien_city::lot_name(blocked) +
                        "\nwhy Q0\nscore\n" + alien_city::to_notation(legal[3]) + "\n");
  std::ostringstream out;
  auto human = make_agent("human", AgentContext{11, 0, &in, &out});
  const auto choice = human->choose(Turn{*plugin, started.state(), started.info(), 0, 1});
  REQUIRE(choice);
  CHECK(*choice == static_cast<std::uint32_t>(alien_city::action_id(legal[3])));
  const std::string text = out.str();
  CHECK_THAT(text, Catch::Contains("to-move: Black build"));
  CHECK_THAT(text, Catch::Contains("Ply 1: Black to move (build)\nBlack> "));
  CHECK_THAT(text, Catch::Contains("  why LOT    why nothing from the mover's supply can be built on LOT\n"));
  const auto not_understood = alien_city::parse_action("foo bar");
  CHECK_THAT(text, Catch::Contains("Not understood: " + not_understood.error().message + "\n"));
  const auto illegal = alien_city::check_action(core, alien_city::Action::claim(0));
  CHECK_THAT(text, Catch::Contains("Illegal: " + illegal->message + "\n"));
  CHECK_THAT(text, Catch::Contains(std::to_string(legal.size()) + " legal: " + alien_city::to_notation(legal[0]) + " "));
  CHECK_THAT(text, Catch::Contains(alien_city::lot_name(blocked) + ": " + why->message + "\n"));
  CHECK_THAT(text, Catch::Contains("'Q0' is not a lot (A1..H10)\n"));
  CHECK_THAT(text, Catch::Contains("Provisional: White 0, Black 0\n"));

  // End of input: the game is abandoned, no crash, no choice.
  std::istringstream empty("moves\n");
  std::ostringstream out2;
  auto quitter = make_agent("human", AgentContext{11, 0, &empty, &out2});
  CHECK_FALSE(quitter->choose(Turn{*plugin, started.state(), started.info(), 0, 1}));
  CHECK_THAT(out2.str(), Catch::EndsWith("Black> \nEnd of input: the game is abandoned.\n"));
}

TEST_CASE("an abandoned game leaves a readable, unfinished log", "[agents][human][log]") {
  auto plugin = Plugin::load(ALIEN_CITY_PLUGIN);
  const auto dir = test::temp_dir("abandoned");
  pb::NewGameRequest req;
  req.set_seed(2);
  const auto core = *alien_city::deserialize(plugin->new_game(req).state());
  const auto first = alien_city::legal_actions(core).front();
  std::istringstream in(alien_city::to_notation(first) + "\n");
  std::ostringstream out;
  PlaySettings s;
  s.seed = 2;
  s.agents = {"human", "random"};
  s.log_path = dir / "abandoned.ghlog";
  s.in = &in;
  s.out = &out;
  const PlayResult r = play_game(*plugin, s);
  CHECK_FALSE(r.finished);
  const GameLog log = read_log(s.log_path);
  CHECK_FALSE(log.finished());
  REQUIRE(log.record.plies_size() >= 1);
  CHECK(log.record.plies(0).notation() == alien_city::to_notation(first));
  CHECK(replay(*plugin, log).plies == log.record.plies_size());
}
