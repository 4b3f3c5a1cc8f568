// Agent specs, parsed in one place: "NAME" or "NAME:KEY=VALUE,KEY=VALUE",
// e.g. "human", "random", "random:seed=7", later "mcts:time=1". Each kind
// declares its parameters; a typo gets an error with a suggestion. Adding an
// agent kind is one entry in agent_kinds() (spec.cc).
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gamehost/play/agents/agent.h"
#include "gamehost/base/random.h"

namespace gamehost {

class Coach;  // coach.h

struct AgentSpec {
  std::string kind;
  std::vector<std::pair<std::string, std::string>> params;  // in the order given

  // The value of `key`, or nullopt when not given.
  std::optional<std::string> get(const std::string& key) const;
};

// Where an agent is created: seats and seeds come from the game, terminals
// from the command line (tests pass string streams).
struct AgentContext {
  std::uint64_t game_seed = 0;
  int seat = 0;
  std::istream* in = nullptr;
  std::ostream* out = nullptr;
  // For human agents: the engine behind "hint" and the coach (none: the
  // commands say so), and whether every move gets a verdict (--coach).
  Coach* coach = nullptr;
  bool coached = false;
  bool color = false;  // the board in ANSI colour (gamehost/text/terminal_board.h)
  // A secret game (game_secrets.h): game_seed is then the secret agents'
  // seed, and agents without their own seed get secret_agent_seed's.
  bool secret_seed = false;
};

struct AgentParam {
  enum class Type { UnsignedInt, Number, Text };
  std::string name;
  Type type;
  std::string help;
};

struct AgentKind {
  std::string name;
  std::string help;
  std::vector<AgentParam> params;
  std::function<std::unique_ptr<Agent>(const AgentSpec&, const AgentContext&)> make;
};

// Every agent kind the host knows.
const std::vector<AgentKind>& agent_kinds();

// Parses and checks `text` against agent_kinds(). Throws HostError
// "agent 'TEXT': what (did you mean ...?)".
AgentSpec parse_agent_spec(const std::string& text);

// `text` with the parameters `game` recommends for its kind
// (GameInfo.agent_defaults) that `text` does not give, in the game's order:
// "mcts:time=1" -> "mcts:time=1,keep=6". A recommendation the kind does not
// take is skipped. For new games only: a log's specs are used as recorded.
std::string with_game_defaults(const std::string& text, const pb::GameInfo& game);

// The game's recommendations that the host can use, as specs
// ("mcts:keep=6"), for `gamehost games` and --help.
std::vector<std::string> game_agent_defaults(const pb::GameInfo& game);

// parse_agent_spec then the kind's constructor.
std::unique_ptr<Agent> make_agent(const std::string& text, const AgentContext& context);

// One line per agent kind and its parameters, for --help.
std::string agents_help();

// The spec as typed ("mcts:time=1,c=2"), for messages.
std::string spec_text(const AgentSpec& spec);

// The default seed of an agent at `seat` of a game seeded `game_seed`, one
// per agent kind (`salt`), so seats and kinds never share a stream.
std::uint64_t derived_agent_seed(std::uint64_t game_seed, int seat, std::uint64_t salt);

// The seed of an agent of kind `salt` given no seed= of its own: in a
// secret game a one-way function of the secret agents' seed (64 bits), else
// derived_agent_seed of the game seed.
std::uint64_t default_agent_seed(const AgentContext& context, std::uint64_t salt);

// The spec to print and record while a secret game runs: `resolved` without
// the seed the agent derived (kept when the user gave it in `typed`), so
// nothing printed tells an agent's seed until the result reveals it.
std::string public_agent_spec(const std::string& typed, const std::string& resolved);

// Parses a non-negative integer parameter (the spec was checked already).
std::uint64_t unsigned_param(const std::string& value);

}  // namespace gamehost
