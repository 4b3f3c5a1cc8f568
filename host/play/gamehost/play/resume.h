// Continuing an unfinished game from its log (gamehost play --resume): the
// recorded game, options, seed and agents, from the last recorded ply,
// appending to the same log. Seeded agents are brought back to where they
// were, so a resumed game equals the game that was never interrupted.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "gamehost/play/agents/agent.h"
#include "gamehost/records/game_log.h"
#include "gamehost/secrets/game_secrets.h"
#include "gamehost/base/random.h"
#include "gamehost/calls/registry.h"

namespace gamehost {

struct ResumePoint {
  GameLog log;                      // verified, unfinished
  std::vector<std::string> states;  // states[k]: after k plies
  std::uint64_t keep_bytes = 0;     // the whole records (a signature is dropped)
  // A secret game's secrets, from the --secret-file that matched its header.
  std::optional<GameSecrets> secrets;
};

// Reads `path` and verifies it through the plugin of its game (from
// `registry`, set in `plugin`). Refuses (HostError "LOG: what") a finished
// log, a torn one (repair it first), a foreign one (a game not installed,
// agents this host cannot recreate). A game with secret chance resumes only
// with `secret_file`, the file play --secret-file wrote for it (its secrets
// open the sealed plies); without it, or with another game's, it is refused.
ResumePoint load_resume_point(Registry& registry, const std::filesystem::path& path, Plugin*& plugin,
                              const std::filesystem::path& secret_file = {});

// The agent specs recorded in the header, one per seat.
std::vector<std::string> recorded_agents(const ResumePoint& point);

// Replays the recorded history into the agents and the chance stream: a
// seeded agent (random, greedy, mcts with iters) is asked again for each of
// its recorded turns, so its random stream and its search tree advance
// exactly as in the first run; chance draws one number per chance ply. An
// agent that is not reproducible (human, mcts with time) just goes on. A
// seeded agent that now chooses otherwise than the log is reported on `out`
// (the rest of the game then differs from an uninterrupted run).
void catch_up(Plugin& plugin, const ResumePoint& point, std::vector<std::unique_ptr<Agent>>& agents,
              SplitMix& chance, std::ostream* out);

}  // namespace gamehost
