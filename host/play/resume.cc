#include "gamehost/play/resume.h"

#include <fmt/core.h>
#include <fmt/ostream.h>

#include "gamehost/play/agents/spec.h"
#include "gamehost/play/faults.h"
#include "gamehost/records/log_repair.h"
#include "gamehost/records/log_seal.h"
#include "gamehost/records/regular_file.h"
#include "gamehost/records/replay.h"

namespace gamehost {
namespace {

// Whether an agent's choices depend only on the states it is shown and its
// seed: then asking it again for its past turns rebuilds it exactly.
bool reproducible(const std::string& spec_text) {
  const AgentSpec spec = parse_agent_spec(spec_text);
  if (spec.kind == "random" || spec.kind == "greedy") return true;
  if (spec.kind == "mcts") return spec.get("iters").has_value();
  return false;  // human
}

}  // namespace

ResumePoint load_resume_point(Registry& registry, const std::filesystem::path& path, Plugin*& plugin,
                              const std::filesystem::path& secret_file) {
  const std::string file = path.string();
  const std::string bytes = read_regular_file(path);
  if (const auto torn = find_torn_tail(bytes, file))
    throw HostError(fmt::format("{}: byte {}: the last record is torn ({}); run 'gamehost repair {}' first", file,
                                torn->at, torn->problem, file));
  ResumePoint p;
  p.log = parse_log(bytes, file);
  const auto& h = p.log.record.header();
  if (p.log.finished())
    throw HostError(fmt::format("{}: the game is finished ({} plies, result recorded): nothing to resume", file,
                                p.log.record.plies_size()));
  // The fault record ends the log: plies after it would make a file no
  // reader accepts. Refused before a byte is written.
  if (p.log.faulted())
    throw HostError(fmt::format("{}: the game was stopped by a fault after {} plies ({}): a faulted game cannot be "
                                "resumed; the log is left as it was",
                                file, p.log.record.plies_size(), fault_text(p.log.record.fault())));
  for (int i = 0; i < h.players_size(); ++i) {
    try {
      parse_agent_spec(h.players(i).agent());
    } catch (const HostError& e) {
      throw HostError(fmt::format("{}: player {} ({}) cannot be recreated: {}", file, i + 1, h.players(i).name(),
                                  e.what()));
    }
  }
  const bool secret = !h.chance_commitment().empty() && !h.chance_reproducible();
  if (secret && secret_file.empty())
    throw HostError(fmt::format("{}: the game's chance is secret: resume it with --secret-file FILE, the file "
                                "given when it was started; without its secrets no one can resume it",
                                file));
  if (!secret && !secret_file.empty())
    throw HostError(fmt::format("--secret-file {}: {} is not a game with secret chance: it has no secrets to read",
                                secret_file.string(), file));
  if (secret) {
    if (h.agents_commitment().empty())
      throw HostError(fmt::format("{}: the game's chance is secret and was never stored (written before "
                                  "--secret-file existed), so it cannot be resumed",
                                  file));
    p.secrets = read_secret_file(secret_file, h);
    if (p.log.sealed) unseal_log(p.log, p.secrets->seal_key, fmt::format("--secret-file {}", secret_file.string()));
  }
  plugin = &registry.find(h.game_id());
  p.states = replay(*plugin, p.log, std::nullopt, /*keep_states=*/true).states;
  p.keep_bytes = p.log.signed_() ? p.log.signature_offset : p.log.size;
  return p;
}

std::vector<std::string> recorded_agents(const ResumePoint& point) {
  std::vector<std::string> specs;
  for (const auto& p : point.log.record.header().players()) specs.push_back(p.agent());
  return specs;
}

void catch_up(Plugin& plugin, const ResumePoint& point, std::vector<std::unique_ptr<Agent>>& agents,
              SplitMix& chance, std::ostream* out) {
  std::vector<bool> replays(agents.size());
  for (std::size_t seat = 0; seat < agents.size(); ++seat) replays[seat] = reproducible(agents[seat]->spec());
  const auto& plies = point.log.record.plies();
  for (int i = 0; i < plies.size(); ++i) {
    const int seat = plies[i].player();
    if (seat == -1) {
      chance.unit();  // play_game draws one number per chance ply
      continue;
    }
    if (seat < 0 || seat >= static_cast<int>(agents.size()) || !replays[static_cast<std::size_t>(seat)]) continue;
    const pb::StateInfo info = plugin.query(point.states[static_cast<std::size_t>(i)], step_flags());
    const auto again = agents[static_cast<std::size_t>(seat)]->choose(
        Turn{plugin, point.states[static_cast<std::size_t>(i)], info, seat, i + 1});
    if (again != plies[i].action_id()) {
      if (out)
        fmt::print(*out, "Note: {} now chooses otherwise at ply {} than the log; the rest of the game will not be "
                         "the uninterrupted one\n",
                   agents[static_cast<std::size_t>(seat)]->spec(), i + 1);
      replays[static_cast<std::size_t>(seat)] = false;
    }
  }
}

}  // namespace gamehost
