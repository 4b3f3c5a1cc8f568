// Continuing a killed tournament (gamehost tournament --resume DIR): the
// plan written when it started, and the games already finished, read back
// from their logs. Unfinished games are replayed from their seed, so the
// table and results.json equal an uninterrupted run's.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gamehost/play/tournament.h"
#include "gamehost/play/tournament_plan.pb.h"

namespace gamehost {

// DIR/tournament.json: the game, agents, games per pairing, seed, options.
std::filesystem::path plan_path(const std::filesystem::path& dir);
pb::TournamentPlan make_plan(const std::string& game_id, const TournamentSettings& settings);
void write_plan(const Plugin& plugin, const TournamentSettings& settings);

// Reads DIR's plan into `settings` (dir, agents, games, seed, options, jobs)
// and returns the game id. Throws HostError "DIR: what" when DIR holds no
// tournament.
std::string read_plan(const std::filesystem::path& dir, TournamentSettings& settings);

// For each scheduled game of settings.shard, its outcome when its log is finished and
// verifies; an unfinished, torn or refused log is removed (the game is then
// played again from its seed) and its entry left empty.
std::vector<std::optional<GameOutcome>> recover_games(Plugin& plugin, const TournamentSettings& settings,
                                                      const std::vector<ScheduledGame>& schedule);

}  // namespace gamehost
