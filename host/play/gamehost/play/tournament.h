// Tournaments: a round robin between agents, each pairing played with
// colours swapped on the same seeds, every game logged, and the results
// summed into a table with maximum-likelihood Elo ratings (docs/gamehost.md).
// Two-player games only.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/play/elo.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/play/shard.h"

namespace gamehost {

// "mcts:time=1,c=1.4,greedy" -> {"mcts:time=1,c=1.4", "greedy"}: a piece
// with '=' and no ':' is another parameter of the agent before it.
std::vector<std::string> split_agent_list(const std::string& text);

// The agents' names in the table: each spec, "SPEC#2"... for a repeated one.
std::vector<std::string> agent_labels(const std::vector<std::string>& agents);

// One game of the schedule.
struct ScheduledGame {
  int index = 0;           // 0-based, in schedule order
  int agent[2] = {0, 0};   // agent index per seat
  std::uint64_t seed = 0;
};

// Round robin: for each of games_per_pairing rounds k, every pairing (i < j)
// plays once, seed = base_seed + k / 2, i first in even rounds and j first in
// odd rounds (so each seed is played with both colour orders).
std::vector<ScheduledGame> round_robin(int agents, int games_per_pairing, std::uint64_t base_seed);

// A finished game, as the table needs it.
struct GameOutcome {
  int index = 0;
  int agent[2] = {0, 0};
  std::uint64_t seed = 0;
  double returns[2] = {0, 0};
  double scores[2] = {0, 0};  // the game's points (returns when it has none)
  int plies = 0;
  double seconds = 0;
  std::string result;         // the game's result line
  std::string log;            // log path
};


struct TableRow {
  int agent = 0;
  std::string name;
  int games = 0, wins = 0, draws = 0, losses = 0;
  double score_for = 0, score_against = 0;  // means per game
  double elo = 0, elo_low = 0, elo_high = 0;  // 95% interval
};

struct Standings {
  std::vector<TableRow> rows;  // by Elo, best first
  EloFit elo;
  // Seat 0 (the first player) over all games: wins, draws, losses and the
  // win rate with its 95% Wilson interval.
  int first_wins = 0, first_draws = 0, first_losses = 0;
  double first_rate = 0, first_low = 0, first_high = 0;
};

Standings standings(const std::vector<std::string>& agents, const std::vector<GameOutcome>& games);

// The table for people (agents, W/D/L, means, difference, Elo with
// interval, pairings, first player).
std::string format_standings(const std::vector<std::string>& agents, const std::vector<GameOutcome>& games,
                             const Standings& s, const std::string& first_seat_name);

// A game stopped by a fault (a plugin that failed, a game too long): kept
// out of the table, listed on its own.
struct GameFault {
  int index = 0;
  int agent[2] = {0, 0};
  std::uint64_t seed = 0;
  int plies = 0;
  std::string fault;  // fault_text()
  std::string log;    // empty when NewGame failed (nothing to record)
};

struct TournamentSettings {
  std::vector<pb::OptionValue> options;
  std::vector<std::string> agents;
  int games_per_pairing = 2;
  int jobs = 1;
  std::uint64_t seed = 1;
  std::filesystem::path dir;
  const std::atomic<bool>* stop = nullptr;
  bool resume = false;  // dir holds a killed run of this plan: keep its finished games
  // Called (under a lock, from worker threads) after each finished game with
  // (games done, total, that game).
  std::function<void(int, int, const GameOutcome&)> on_game;
  // Called (under the same lock) after each game stopped by a fault, with
  // (games done, total, that game).
  std::function<void(int, int, const GameFault&)> on_fault;
  std::uint32_t max_plies = 0;  // --max-plies (PlaySettings::max_plies)
  std::optional<Shard> shard;  // --shard K/N: play only this slice of the schedule (shard.h)
};

struct TournamentRun {
  std::vector<ScheduledGame> schedule;  // the whole tournament's
  ShardRange range;                     // the games of schedule this run plays (all but for a shard)
  std::vector<GameOutcome> finished;  // in schedule order
  std::vector<GameFault> faults;      // in schedule order
  bool interrupted = false;
  double seconds = 0;
};

// dir/games/gNNNN-A-vs-B-seedS.ghlog: where game `g` is logged.
std::filesystem::path scheduled_log_path(const TournamentSettings& settings, const ScheduledGame& g);

// Checks every agent spec first (HostError before any game), then plays the
// schedule on `jobs` threads (one plugin instance each), each game logged
// under dir/games/. Games cut short by `stop` have their unfinished logs
// removed; finished ones are kept.
TournamentRun run_tournament(Plugin& plugin, const TournamentSettings& settings);

// What results.json says of the game: its id, version and first seat's name.
struct TournamentGame {
  std::string id, version, first_seat;
};
TournamentGame tournament_game(const Plugin& plugin);

// results.json: settings, table, Elo, pairings, first player, every game.
// Only what the games decided: no wall-clock time and no job count, so the
// same tournament gives the same bytes however it was run (resumed, in
// shards, on more cores).
std::string standings_json(const TournamentGame& game, const TournamentSettings& settings, const TournamentRun& run,
                           const Standings& s);
// timing.json: how this run went: its jobs, its wall-clock seconds and each
// game's.
std::string timing_json(const TournamentSettings& settings, const TournamentRun& run);

}  // namespace gamehost
