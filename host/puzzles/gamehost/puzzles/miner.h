// Mining puzzles from reviewed games (docs/teaching.md, "Puzzles"): the
// decisions where the review says the move played lost at least min_gap
// points are searched again over every legal move; those where one move
// beats every other by min_gap, confirmed by a deeper search or proved by
// the exact solver, become puzzles.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "gamehost/records/game_log.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/puzzles/puzzles.pb.h"
#include "gamehost/review/review_file.h"

namespace gamehost::puzzles {

namespace ppb = gamehost::puzzles::v1;

// The documented defaults (docs/gamehost.md, "puzzles").
ppb::MiningSettings default_mining_settings();

// The difficulty of a first step: "easy" when greedy finds the best move,
// else "hard" with 3 or more other moves within 2 x min_gap of the best,
// else "medium".
std::string difficulty(bool greedy_solves, int close_moves);

// The puzzles of one reviewed game, in ply order. `log` is read and replayed
// (verified) through `game`; `review` is its review. Candidates are searched
// `jobs` at a time, each with a plugin instance of its own; the result does
// not depend on `jobs`. `progress(done, candidates)` after each candidate.
std::vector<ppb::Puzzle> mine_game(Plugin& game, const GameLog& log, const review::ReviewFile& review,
                                   const ppb::MiningSettings& settings, int jobs,
                                   const std::function<void(int, int)>& progress = {});

// Why a game cannot give puzzles (chance, hidden information, no points,
// not two seats), or "" when it can.
std::string unsuitable(Plugin& game, const std::string& initial_state);

}  // namespace gamehost::puzzles
