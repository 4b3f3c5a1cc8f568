// A tournament split over processes or machines (docs/scaling.md):
// `gamehost tournament ... --shard K/N` plays shard K of the schedule and
// writes DIR/results-K-of-N.json; `gamehost merge` reads the N files, checks
// that they are the shards of one tournament, each game exactly once, and
// gives the table and results.json of one uninterrupted run.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "gamehost/play/tournament.h"

namespace gamehost {

// DIR/results-K-of-N.json.
std::filesystem::path part_path(const std::filesystem::path& dir, const Shard& shard);

// Before a shard's first game. Shards may share DIR, so only its own games'
// logs must be absent, and DIR/tournament.json, when another shard wrote it
// already, must hold the same tournament (else it is written). Throws
// HostError naming the file.
void start_shard(const Plugin& plugin, const TournamentSettings& settings, const TournamentRun& run);

// The shard's results file: settings, its slice, its games and faults.
std::string part_json(const TournamentGame& game, const TournamentSettings& settings, const TournamentRun& run);

// Shards combined into one run.
struct MergedTournament {
  TournamentGame game;
  // Agents, games, seed, options and max_plies as every shard had them;
  // jobs the largest shard's.
  TournamentSettings settings;
  // Every game in schedule order; seconds the longest shard's.
  TournamentRun run;
};

// Reads every file and checks it. Throws HostError "FILE: what" for a file
// that is not a shard's results, a shard of another tournament (naming the
// first setting that differs), an interrupted shard, a shard given twice or
// overlapping another, games that are not those of the file's slice; and
// "games A-B of T ..." naming the missing shards when some are missing.
MergedTournament merge_parts(const std::vector<std::filesystem::path>& files);

}  // namespace gamehost
