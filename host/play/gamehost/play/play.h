// Playing one game: agents choose, the plugin checks and applies, and every
// ply is appended to the log before the next one is asked for.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/records/game_log.h"
#include "gamehost/secrets/game_secrets.h"
#include "gamehost/calls/plugin.h"

namespace gamehost {

class Agent;  // agents/agent.h
class Coach;  // agents/coach.h
struct ResumePoint;  // resume.h

struct PlaySettings {
  std::vector<pb::OptionValue> options;
  std::uint64_t seed = 0;            // the setup's and the agents' (public)
  // Chance outcomes (docs/logs.md, "Chance"): nullopt draws a secret chance
  // seed from the OS, committed in the log and revealed with the result;
  // a value makes the game's chance reproducible (and so not secret).
  std::optional<std::uint64_t> chance_seed;
  // A secret game's secrets (game_secrets.h): chance, agents' seed, seal
  // key. Null without chance_seed in a game with chance: play_game draws
  // them (and nobody can resume the game, as nobody else holds them).
  const GameSecrets* secrets = nullptr;
  std::vector<std::string> agents;  // one spec per seat
  // Agents the caller makes itself (the Python module's functions): for a
  // seat where this gives an agent, agents[seat] is not parsed.
  std::function<std::unique_ptr<Agent>(int seat)> custom_agent;
  std::filesystem::path log_path;   // empty: no log
  bool overwrite = false;
  bool quiet = false;               // no line per ply
  std::istream* in = nullptr;       // for human agents
  std::ostream* out = nullptr;      // progress and human prompts
  // The engine behind human agents' "hint" and coach (none: they say so),
  // and --coach: every human move gets a verdict and may be taken back
  // (recorded as LogPly.taken_back).
  Coach* coach = nullptr;
  bool coached = false;
  bool color = false;  // human agents' boards in ANSI colour (terminal_board.h)
  // When set (e.g. by SIGINT), the game stops before the next ply and is
  // returned unfinished, its log without a result.
  const std::atomic<bool>* stop = nullptr;
  // --max-plies: stop the game as a fault after this many plies (0: the
  // game's own GameInfo.max_plies, see faults.h).
  std::uint32_t max_plies = 0;
  bool durable = false;                 // fsync the log per ply (--durable)
  // play --resume: go on from this unfinished log (log_path is its file;
  // options, seed and agents are the recorded ones).
  const ResumePoint* resume = nullptr;
};

struct PlayResult {
  bool finished = false;  // false: abandoned by an agent
  int plies = 0;
  std::string state;      // the final state
  // The state before the last seat's move (all its plies and the chance
  // plies after them): the final board brackets that move. Empty before
  // the first move.
  std::string move_start;
  pb::StateInfo info;     // its info, with scores
  // Set when a fault stopped the game (a plugin failed, or it ran past its
  // maximum length); the log then ends with this record.
  std::optional<pb::LogFault> fault;
};

// Creates the agents (errors before the log is created), starts the game,
// plays it out and records it. Throws HostError on a bad option or agent
// spec, an existing log without overwrite, or an agent's illegal choice. A
// PluginFault ends the game as a fault instead (PlayResult::fault).
PlayResult play_game(Plugin& plugin, const PlaySettings& settings);

// "games/recorded/GAME-YYYYMMDD-HHMMSS-seedN.ghlog" (local time).
std::filesystem::path default_log_path(const std::string& game_id, std::uint64_t seed);

// Milliseconds since the Unix epoch.
std::int64_t now_ms();

}  // namespace gamehost
