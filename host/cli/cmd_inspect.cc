// `gamehost verify`, `show` and `analyze`: logs replayed through their plugin.
#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <thread>
#include <utility>

#include "commands.h"
#include "gamehost/plural.h"
#include "live_command.h"
#include "gamehost/faults.h"
#include "gamehost/hidden_sample.h"
#include "gamehost/agents/spec.h"
#include "gamehost/install_paths.h"
#include "gamehost/chance_secret.h"
#include "gamehost/secrecy_check.h"
#include "gamehost/json_codec.h"
#include "gamehost/log_signature.h"
#include "gamehost/regular_file.h"
#include "gamehost/replay.h"
#include "gamehost/seat_mask.h"
#include "gamehost/typed_move.h"
#include "gamehost/variation_tree.h"
#include "gamehost/review/live_analysis.h"
#include "gamehost/input_checks.h"
#include "gamehost/machine.h"

namespace gamehost {
namespace {

// A position to look at: after ply N of a log, or a position file.
struct Source {
  std::string log;
  std::optional<int> ply;
  std::string game, position;
  std::vector<std::string> options;
  std::string variation;  // show --variation PATH
  // show --variation --as: the seat whose view samples the hidden hands
  // at the branch point (gamehost/hidden_sample.h), and the seed.
  std::string sample_as;
  std::uint64_t sample_seed = kDefaultSampleSeed;
};

struct Position {
  Plugin* plugin = nullptr;
  std::string state;
  std::string title;
  int ply = 0;
  std::string before;  // the state before the last move (a log's), for the board's mark
};

void add_source_options(CLI::App* cmd, Source& src) {
  add_log_argument(cmd, src.log);
  cmd->add_option("--ply", src.ply, "the position after ply N (0 = start; default: the end)");
  auto* game = cmd->add_option("--game", src.game, "with --position: the game of the position");
  cmd->add_option("--position", src.position, "a position file of the game instead of a log")
      ->type_name("FILE")
      ->needs(game)
      ->excludes("LOG")
      ->excludes("--ply");
  cmd->add_option("--option,-o", src.options, "with --position: another game option NAME=VALUE")
      ->type_name("K=V");
}

// Plays `moves` (typed, as `enter` reads them) from p's position; their
// canonical notation, comma-separated. Throws "LABEL: move K (TEXT): why".
std::string play_typed_moves(Position& p, const std::vector<std::string>& moves, const std::string& label) {
  std::string played;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto read = read_typed_move(*p.plugin, p.state, moves[i]);
    if (auto* refused = std::get_if<std::string>(&read))
      throw HostError(fmt::format("{}: move {} ({}): {}", label, i + 1, moves[i], *refused));
    const auto& action = std::get<pb::ActionInfo>(read);
    pb::ApplyResponse applied;
    p.plugin->apply(p.state, action.id(), pb::QueryFlags(), applied);
    p.before = std::exchange(p.state, applied.state());
    played += (i ? ", " : "") + action.notation();
  }
  return played;
}

// A variation (docs/gamehost.md, `show --variation`): the game to the
// path's ply, then its moves read as typed (the same refusals as `enter`).
Position variation_position(Plugin& plugin, const GameLog& log, const std::string& text, const Source& src) {
  const VariationPath path = parse_variation_path(text);
  if (path.ply > log.record.plies_size())
    throw HostError(fmt::format("--variation {}: no ply {}: the log has plies 0..{}", text, path.ply,
                                log.record.plies_size()));
  Position p;
  p.plugin = &plugin;
  p.state = replay(plugin, log, path.ply, /*keep_states=*/false).state;
  p.ply = path.ply;
  // Seen by a seat, the variation is played from hands that seat could
  // have imagined, never from the true ones (their moves would tell them).
  std::string sampled;
  if (!src.sample_as.empty() && !path.moves.empty() && samples_hidden(plugin)) {
    const int seat = seat_of_player(plugin, src.sample_as);
    p.state = sample_hidden_state(plugin, p.state, seat, path.ply, src.sample_seed);
    sampled = "; " + sampled_label(plugin, seat, src.sample_seed);
  }
  const std::string moves = play_typed_moves(p, path.moves, "--variation " + text);
  p.title = fmt::format("Position after ply {} of {}{}", path.ply, log.record.plies_size(),
                        moves.empty() ? "" : ", then " + moves + " (a variation" + sampled + ")");
  return p;
}

Position load_position(Registry& registry, const Source& src) {
  Position p;
  if (!src.position.empty()) {
    p.plugin = &registry.find(src.game);
    p.state = position_state(*p.plugin, src.position, src.options);
    p.title = fmt::format("Position {}", src.position);
    return p;
  }
  if (src.log.empty()) throw HostError("give a LOG, or --game GAME --position FILE");
  const GameLog log = read_log(src.log);
  p.plugin = &registry.find(log.record.header().game_id());
  if (!src.variation.empty()) return variation_position(*p.plugin, log, src.variation, src);
  const Replayed r = replay(*p.plugin, log, src.ply, /*keep_states=*/true);
  p.state = r.state;
  p.ply = r.plies;
  std::vector<int> seats;
  for (int k = 0; k < r.plies; ++k) seats.push_back(log.record.plies(k).player());
  if (const int k = last_move_start(seats); k >= 0) p.before = r.states[static_cast<std::size_t>(k)];
  p.title = fmt::format("Position after ply {} of {}{}", r.plies, log.record.plies_size(),
                        log.finished()  ? ""
                        : log.faulted() ? fmt::format(" (stopped by a fault: {})", fault_text(log.record.fault()))
                                        : " (unfinished game)");
  return p;
}

// An unfinished secret game: its header and record structure are checked;
// its plies' hidden parts stay sealed until it ends.
void verify_sealed(Common& common, Plugin& plugin, const GameLog& log, bool key_checked) {
  const auto& h = log.record.header();
  replay(plugin, log, 0);  // the header against a fresh NewGame
  fmt::print("{}: unfinished: {} {}, seed {}, header verified, {} plies sealed ({}) until the game ends: their "
             "hidden parts (draws, state hashes) cannot be checked before\n",
             log.file, h.game_id(), h.game_version(), h.seed(), log.record.plies_size(), h.seal_cipher());
  fmt::print("Chance: committed, still secret (revealed when the game ends)\n");
  if (key_checked) fmt::print("Signature: good (HMAC-SHA-256)\n");
  else if (log.signed_()) fmt::print("Signature: present, not checked (give --key FILE)\n");
  common.exit_code = kExitUnfinished;
}

// An agent kind the host makes itself, other than a person at the terminal.
bool is_host_agent(const std::string& kind) {
  return kind != "human" && std::any_of(agent_kinds().begin(), agent_kinds().end(),
                                        [&](const AgentKind& k) { return k.name == kind; });
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

}  // namespace

std::string position_state(Plugin& plugin, const std::string& position, const std::vector<std::string>& options) {
  pb::NewGameRequest req;
  for (const auto& o : options) *req.add_options() = parse_option(o, false);
  *req.add_options() = position_option(position);
  try {
    return plugin.new_game(req).state();
  } catch (const CallError& e) {
    throw HostError(fmt::format("{}: {}", position, e.what()));
  }
}

CLI::Option* add_log_argument(CLI::App* cmd, std::string& log) {
  return cmd->add_option("LOG", log, "a game log (a bare sample name, e.g. seed-1.ghlog, is a shipped sample)")
      ->type_name("LOG")
      ->transform([](std::string name) { return find_log(name); });
}

void add_verify_command(CLI::App& app, Common& common) {
  auto log_path = std::make_shared<std::string>();
  auto key_path = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("verify", "replay a log through its plugin and check every ply");
  cmd->footer("Exit status: 0 valid and finished, 3 valid but unfinished, 1 invalid (the first bad ply is named).");
  add_log_argument(cmd, *log_path)->required();
  cmd->add_option("--key", *key_path, "also check the log's signature with the key in FILE: any changed byte fails")
      ->type_name("FILE")
      ->check(key_file_check());
  cmd->callback([&common, log_path, key_path] {
    const std::string key = key_path->empty() ? "" : read_sign_key(*key_path, "--key");
    const std::string bytes = read_regular_file(*log_path);
    const GameLog log = parse_log(bytes, *log_path);
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
      fmt::print("{}: OK: {} {}, seed {}, {} verified\nResult: {}\n", *log_path, h.game_id(),
                 h.game_version(), h.seed(), plies_text(r.plies),
                 // A forfeit (resigned, lost on time) is the host's sentence: the game did not end by its rules.
                 log.record.result().has_forfeit() ? log.record.result().result() : r.info.result());
      if (!key.empty()) fmt::print("Signature: good (HMAC-SHA-256)\n");
      else if (log.signed_()) fmt::print("Signature: present, not checked (give --key FILE)\n");
      if (r.result_reworded)
        fmt::print("Note: the log words the result \"{}\" (same returns and scores)\n", log.record.result().result());
      if (chance == ChanceCheck::Verified)
        fmt::print("Chance: every chance ply follows from the revealed chance seed {}, which matches the "
                   "commitment{}\n", log.record.result().chance_seed(),
                   h.chance_reproducible() ? " (a reproducible game: the seed was not secret)" : "");
      print_revealed_agents(log);
    } else if (log.faulted()) {
      fmt::print("{}: faulted: {} {}, seed {}, {} verified, no result: stopped by a fault: {}\n", *log_path,
                 h.game_id(), h.game_version(), h.seed(), plies_text(r.plies), fault_text(log.record.fault()));
      common.exit_code = kExitUnfinished;
    } else {
      fmt::print("{}: unfinished: {} {}, seed {}, {} verified, no result recorded{}\n", *log_path,
                 h.game_id(), h.game_version(), h.seed(), plies_text(r.plies),
                 r.info.terminal() ? " (the game had ended)" : "");
      if (chance == ChanceCheck::Hidden)
        fmt::print("Chance: committed, still secret (revealed when the game ends)\n");
      if (!key.empty()) fmt::print("Signature: good (HMAC-SHA-256)\n");
      else if (log.signed_()) fmt::print("Signature: present, not checked (give --key FILE)\n");
      common.exit_code = kExitUnfinished;
    }
  });
}

void add_show_analyze_commands(CLI::App& app, Common& common) {
  auto show = std::make_shared<Source>();
  auto as = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("show", "the position diagram and score breakdown at a ply of a log");
  add_source_options(cmd, *show);
  cmd->add_option("--variation", show->variation,
                  "a variation instead: the position after ply PLY and then MOVES in the game's notation "
                  "(PLY:MOVE,MOVE,...), e.g. one kept in LOG.ghvars")
      ->type_name("PATH")
      ->excludes("--ply")
      ->excludes("--position");
  add_color_options(cmd, common);
  cmd->add_option("--as", *as,
                  "the position as one player sees it (games with hidden information): a seat number, "
                  "1 = --player1, or a player name")
      ->type_name("PLAYER");
  cmd->add_option("--sample-seed", show->sample_seed,
                  "with --variation and --as: the seed of the other hands drawn for the variation (default 1)")
      ->type_name("N");
  cmd->callback([&common, show, as] {
    show->sample_as = show->variation.empty() ? "" : *as;
    Registry registry = common.registry();
    const Position p = load_position(registry, *show);
    pb::QueryFlags f;
    f.set_text(true);
    const auto info = p.plugin->query(p.state, f);
    if (!as->empty()) {
      const int seat = seat_of_player(*p.plugin, *as);
      fmt::print("{}, as {} sees it\n", p.title, p.plugin->info().player_names(seat));
      if (!show->log.empty()) print_people(show->log, p.ply);
      fmt::print("{}\n", seat_board_text(*p.plugin, p.state, p.before, seat, common.color_on()));
      // Only what Observe gives: a game with hidden information may put
      // private facts in its analyses, so they are not shown here.
      if (!p.plugin->info().has_hidden_information())
        print_score(*p.plugin, p.state);
      if (info.terminal()) fmt::print("Result: {}\n", info.result());
      return;
    }
    fmt::print("{}\n", p.title);
    if (!show->log.empty()) print_people(show->log, p.ply);
    fmt::print("{}\n", board_text(*p.plugin, p.state, p.before, common.color_on()));
    print_score(*p.plugin, p.state);
    if (info.terminal()) fmt::print("Result: {}\n", info.result());
  });

  struct Args {
    Source src;
    std::string format = "text";
    std::string as;
    bool live = false;
    std::string then;
    LiveLimits limits;
  };
  auto an = std::make_shared<Args>();
  cmd = app.add_subcommand("analyze", "every legal action and the game's analysis of a position");
  add_source_options(cmd, an->src);
  cmd->add_option("--format", an->format, "text or json")->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("--as", an->as,
                  "what one player may see (games with hidden information): their observation, and the legal "
                  "actions only on their own turn; a seat number (1 = --player1) or a player name")
      ->type_name("PLAYER");
  cmd->add_flag("--live", an->live,
                "search the position in the background and print its best three moves, refreshed, until Ctrl-C");
  cmd->add_option("--then", an->then, "with --live: first play these moves (the game's notation, comma-separated)")
      ->type_name("MOVES");
  cmd->add_option("--for", an->limits.seconds, "with --live: stop after SECONDS (default: at Ctrl-C)")
      ->type_name("SECONDS")
      ->check(CLI::Range(0.1, 86400.0));
  cmd->add_option("--iterations", an->limits.iterations,
                  "with --live: stop once the search has run N iterations (default: at Ctrl-C)")
      ->type_name("N")
      ->check(CLI::Range(1, 1000000000));
  cmd->add_option("--threads", an->limits.threads,
                  fmt::format("with --live: search threads, 1 to this machine's cores ({}); default 1", machine_cores()))
      ->type_name("N");
  cmd->callback([&common, an] {
    Registry registry = common.registry();
    if (an->limits.threads < 1 || an->limits.threads > machine_cores())
      throw UsageError(fmt::format("--threads {}: give 1 to {} (this machine's cores)", an->limits.threads,
                                   machine_cores()));
    if (an->live) {
      Position p = load_position(registry, an->src);
      if (!an->then.empty()) {
        const std::string played =
            play_typed_moves(p, split_move_list(an->then, "--then " + an->then), "--then " + an->then);
        p.title += ", then " + played;
      }
      return analyze_live(*p.plugin, p.state, p.title, an->limits);
    }
    const Position p = load_position(registry, an->src);
    if (!an->as.empty()) return analyze_as(*p.plugin, p.state, p.title, p.ply, seat_of_player(*p.plugin, an->as),
                                           an->format == "json");
    pb::QueryFlags f;
    f.set_legal_details(true);
    f.set_legal_ids(true);  // JSON prints every field: the ids beside the details, not an empty list
    f.set_legal_payloads(an->format == "json");
    f.set_scores(true);
    f.set_text(true);
    pb::QueryResponse state;
    *state.mutable_info() = p.plugin->query(p.state, f);
    // A game without Analyze: the state and its legal actions only.
    const std::optional<pb::AnalyzeResponse> analysis = p.plugin->analysis(p.state, "");
    if (an->format == "json") {
      const JsonCodec codec(p.plugin->info().payload_descriptors());
      fmt::print("{{\n\"ply\": {},\n\"state\": {},\n\"analysis\": {}\n}}\n", p.ply, codec.to_json(state),
                 analysis ? codec.to_json(*analysis) : "null");
      return;
    }
    const auto& info = state.info();
    fmt::print("{}\n{}\n", p.title, visible_lines(info.text()));
    if (info.terminal()) {
      fmt::print("Game over: {}\n", info.result());
    } else {
      if (info.to_move() == -1)  // a chance node: its outcomes are the legal actions
        fmt::print("Chance to move ({}). Outcomes ({}, each with its probability in --format json):\n",
                   info.phase(), info.legal_size());
      else
        fmt::print("{} to move ({}). Legal actions ({}):\n", p.plugin->info().player_names(info.to_move()),
                   info.phase(), info.legal_size());
      std::string line;
      for (const auto& a : info.legal()) {
        if (line.size() + a.notation().size() > 78) fmt::print("  {}\n", line), line.clear();
        line += (line.empty() ? "" : " ") + a.notation();
      }
      if (!line.empty()) fmt::print("  {}\n", line);
    }
    if (analysis) fmt::print("{}", visible_lines(analysis->text()));
  });
}

}  // namespace gamehost
