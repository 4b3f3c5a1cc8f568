// `gamehost verify`: a log replayed through its plugin, every ply checked.
#include <fmt/core.h>

#include <algorithm>

#include "commands.h"
#include "gamehost/play/agents/spec.h"
#include "gamehost/secrets/chance_check.h"
#include "gamehost/secrets/chance_secret.h"
#include "gamehost/play/faults.h"
#include "gamehost/records/log_signature.h"
#include "gamehost/base/plural.h"
#include "gamehost/records/regular_file.h"
#include "gamehost/records/replay.h"
#include "gamehost/secrets/secrecy_check.h"

namespace gamehost {
namespace {

struct VerifyArgs {
  std::string log, key;
};

// An unfinished secret game: its header and record structure are checked;
// its plies' hidden parts stay sealed until it ends.
void verify_sealed(Common& common, Plugin& plugin, const GameLog& log, bool key_checked) {
  const auto& h = log.record.header();
  replay(plugin, log, 0);  // the header against a fresh NewGame
  fmt::print(
      "{}: unfinished: {} {}, seed {}, header verified, {} plies sealed ({}) until the game ends: their "
      "hidden parts (draws, state hashes) cannot be checked before\n",
      log.file, h.game_id(), h.game_version(), h.seed(), log.record.plies_size(), h.seal_cipher());
  fmt::print("Chance: committed, still secret (revealed when the game ends)\n");
  if (key_checked) fmt::print("Signature: good (HMAC-SHA-256)\n");
  else if (log.signed_()) fmt::print("Signature: present, not checked (give --key FILE)\n");
  common.exit_code = kExitUnfinished;
}

// An agent kind the host makes itself, other than a person at the terminal.
bool is_host_agent(const std::string& kind) {
  return kind != "human" &&
         std::any_of(agent_kinds().begin(), agent_kinds().end(), [&](const AgentKind& k) { return k.name == kind; });
}

// A secret game's agents, with the seeds the revealed agents' seed gives
// them (checked against its commitment by check_secrecy_statement).
void print_revealed_agents(const GameLog& log) {
  const auto& h = log.record.header();
  if (h.agents_commitment().empty() || !log.record.result().has_agents_seed()) return;
  std::string specs;
  for (int seat = 0; seat < h.players_size(); ++seat) {
    std::string spec = h.players(seat).agent();
    // An agent the host does not make (a person, or a program that played
    // through the Python module) is named as the log records it.
    if (is_host_agent(spec.substr(0, spec.find(':'))))
      spec = make_agent(spec, AgentContext{log.record.result().agents_seed(), seat, nullptr, nullptr, nullptr, false,
                                           false, true})
                 ->spec();
    specs += fmt::format("{}{} = {}", seat ? ", " : "", h.players(seat).name(), spec);
  }
  fmt::print("Agents: seeds drawn secretly, committed and revealed: {}\n", specs);
}

void run(Common& common, const VerifyArgs& a) {
  const std::string key = a.key.empty() ? "" : read_sign_key(a.key, "--key");
  const std::string bytes = read_regular_file(a.log);
  const GameLog log = parse_log(bytes, a.log);
  if (!key.empty()) check_signature(log, bytes, key);  // before trusting anything in it
  Registry registry = common.registry();
  Plugin& plugin = registry.find(log.record.header().game_id());
  check_secrecy_statement(log, plugin.info().has_chance(), plugin.info().has_hidden_information());
  const auto& h = log.record.header();
  if (log.sealed) return verify_sealed(common, plugin, log, !key.empty());
  const Replayed r = replay(plugin, log, std::nullopt, /*keep_states=*/true);
  const ChanceCheck chance = check_chance(plugin, log, r.states);
  if (log.finished()) {
    // The result by its meaning: the sentence is the plugin's own wording.
    fmt::print("{}: OK: {} {}, seed {}, {} verified\nResult: {}\n", a.log, h.game_id(), h.game_version(), h.seed(),
               plies_text(r.plies),
               // A forfeit (resigned, lost on time) is the host's sentence: the game did not end by its rules.
               log.record.result().has_forfeit() ? log.record.result().result() : r.info.result());
    if (!key.empty()) fmt::print("Signature: good (HMAC-SHA-256)\n");
    else if (log.signed_()) fmt::print("Signature: present, not checked (give --key FILE)\n");
    if (r.result_reworded)
      fmt::print("Note: the log words the result \"{}\" (same returns and scores)\n", log.record.result().result());
    if (chance == ChanceCheck::Verified)
      fmt::print(
          "Chance: every chance ply follows from the revealed chance seed {}, which matches the "
          "commitment{}\n",
          log.record.result().chance_seed(),
          h.chance_reproducible() ? " (a reproducible game: the seed was not secret)" : "");
    print_revealed_agents(log);
  } else if (log.faulted()) {
    fmt::print("{}: faulted: {} {}, seed {}, {} verified, no result: stopped by a fault: {}\n", a.log, h.game_id(),
               h.game_version(), h.seed(), plies_text(r.plies), fault_text(log.record.fault()));
    common.exit_code = kExitUnfinished;
  } else {
    fmt::print("{}: unfinished: {} {}, seed {}, {} verified, no result recorded{}\n", a.log, h.game_id(),
               h.game_version(), h.seed(), plies_text(r.plies), r.info.terminal() ? " (the game had ended)" : "");
    if (chance == ChanceCheck::Hidden) fmt::print("Chance: committed, still secret (revealed when the game ends)\n");
    if (!key.empty()) fmt::print("Signature: good (HMAC-SHA-256)\n");
    else if (log.signed_()) fmt::print("Signature: present, not checked (give --key FILE)\n");
    common.exit_code = kExitUnfinished;
  }
}

}  // namespace

void add_verify_command(CLI::App& app, Common& common) {
  auto a = std::make_shared<VerifyArgs>();
  auto* cmd = app.add_subcommand("verify", "replay a log through its plugin and check every ply");
  cmd->footer("Exit status: 0 valid and finished, 3 valid but unfinished, 1 invalid (the first bad ply is named).");
  add_log_argument(cmd, a->log)->required();
  cmd->add_option("--key", a->key, "also check the log's signature with the key in FILE: any changed byte fails")
      ->type_name("FILE")
      ->check(key_file_check());
  cmd->callback([&common, a] { run(common, *a); });
}

}  // namespace gamehost
