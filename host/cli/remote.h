// The clients of `gamehost serve` on the command line (docs/gamehost.md):
// `gamehost bot` seats a local agent on a server (cmd_bot.cc), `gamehost
// play --connect` seats the person at the terminal (cmd_play_remote.cc).
#pragma once

#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "commands.h"

namespace gamehost {

struct BotSettings {
  std::string server;                // --server URL
  std::string agent = "random";      // --agent SPEC
  std::vector<std::string> accept;   // --accept GAME,… (empty: every game the agent can play)
  int games = 0;                     // --games N (0: until stopped)
  std::string name;                  // --name (default: "bot AGENT")
  std::string join_password_file;    // --join-password-file
  int reconnect_seconds = 30;        // --reconnect S
  std::string record;                // --record FILE: every message received, a JSON line each
};

// Plays games on the server until `games` are finished; prints a line per
// game. Throws HostError for a server that cannot be reached, a game the
// agent cannot play, an engine that fails.
void run_bot(const BotSettings& settings, Common& common);

// `play --connect`: what the person asked for.
struct RemotePlaySettings {
  std::string server;                      // --connect URL (an invite link takes its seat)
  std::string game;                        // GAME: a game type (new game) or a game id (join)
  std::map<int, std::string> players;      // --playerN: human, open, invite, or a server engine's spec
  std::vector<std::string> options;        // -o NAME=VALUE
  std::optional<std::string> seed;
  std::optional<std::uint64_t> chance_seed;
  std::string time;                        // --time BASE+INC (minutes+seconds) or Nd (days per move)
  bool hints = false;                      // --hints: allow hints (a new game)
  bool takebacks = false;                  // --takebacks: allow takebacks (a new game)
  int seat = -1;                           // --seat N (from 1) when joining
  std::string token;                       // --token GAME:SEAT:TOKEN or an invite link
  bool watch = false;                      // --watch: a spectator
  std::string name;                        // --name
  std::string join_password_file;
  bool quiet = false;
};

// Runs the game at the terminal (`in`/`out`); returns the exit status
// (kExitOk once the game ended, kExitUnfinished when the person quit).
int run_remote_play(const RemotePlaySettings& settings, Common& common, std::istream& in, std::ostream& out);

// The remote options of `play` (--connect, --join …) added to its command.
void add_remote_play_options(CLI::App* cmd, RemotePlaySettings& settings);

void add_bot_command(CLI::App& app, Common& common);

// The password of --join-password-file (its first line), "" for none.
std::string read_join_password(const std::string& path);

}  // namespace gamehost
