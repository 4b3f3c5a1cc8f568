// Playing one game: agents choose, the plugin checks and applies, and every
// ply is appended to the log before the next one is asked for.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/game_log.h"
#include "gamehost/plugin.h"

namespace gamehost {

struct ResumePoint;  // resume.h

struct PlaySettings {
  std::vector<pb::OptionValue> options;
  std::uint64_t seed = 0;
  std::vector<std::string> agents;  // one spec per seat
  std::filesystem::path log_path;   // empty: no log
  bool overwrite = false;
  bool quiet = false;               // no line per ply
  std::istream* in = nullptr;       // for human agents
  std::ostream* out = nullptr;      // progress and human prompts
  // When set (e.g. by SIGINT), the game stops before the next ply and is
  // returned unfinished, its log without a result.
  const std::atomic<bool>* stop = nullptr;
  bool durable = false;                 // fsync the log per ply (--durable)
  // play --resume: go on from this unfinished log (log_path is its file;
  // options, seed and agents are the recorded ones).
  const ResumePoint* resume = nullptr;
};

struct PlayResult {
  bool finished = false;  // false: abandoned by an agent
  int plies = 0;
  std::string state;      // the final state
  pb::StateInfo info;     // its info, with scores
};

// Creates the agents (errors before the log is created), starts the game,
// plays it out and records it. Throws HostError on a bad option or agent
// spec, an existing log without overwrite, or an agent's illegal choice.
PlayResult play_game(Plugin& plugin, const PlaySettings& settings);

// "games/recorded/GAME-YYYYMMDD-HHMMSS-seedN.ghlog" (local time).
std::filesystem::path default_log_path(const std::string& game_id, std::uint64_t seed);

// Milliseconds since the Unix epoch.
std::int64_t now_ms();

}  // namespace gamehost
