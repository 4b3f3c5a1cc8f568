// `gamehost games` and `gamehost play`.
#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <sstream>

#include "gamehost/play/agents/spec.h"
#include "commands.h"
#include "gamehost/secrets/chance_secret.h"
#include "gamehost/secrets/game_secrets.h"
#include "gamehost/play/play.h"
#include "gamehost/base/plural.h"
#include "gamehost/review/engine_coach.h"
#include "gamehost/records/regular_file.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/records/log_signature.h"
#include "gamehost/play/resume.h"
#include "remote.h"

namespace gamehost {

v1::OptionValue parse_option(const std::string& text, bool from_file) {
  const auto eq = text.find('=');
  const char* flag = from_file ? "--option-file" : "--option";
  if (eq == std::string::npos || eq == 0)
    throw UsageError(fmt::format("{} '{}': expected NAME={}", flag, clipped(text), from_file ? "FILE" : "VALUE"));
  const std::string name = text.substr(0, eq);
  require_utf8(name, fmt::format("{} name", flag));
  const std::string value = from_file ? read_text_file(text.substr(eq + 1), fmt::format("{} {}", flag, name))
                                      : text.substr(eq + 1);
  require_utf8(value, fmt::format("{} {}", flag, clipped(name)));  // before any protobuf message holds it
  v1::OptionValue o;
  o.set_name(name);
  o.set_value(value);
  return o;
}

std::string read_text_file(const std::string& path, const std::string& what) {
  return read_regular_file(path, fmt::format("{} {}", what, path));
}

v1::OptionValue position_option(const std::string& path) {
  const std::string value = read_text_file(path, "--position");
  require_utf8(value, fmt::format("--position {}", clipped(path)));
  v1::OptionValue o;
  o.set_name("position");
  o.set_value(value);
  return o;
}

void add_games_command(CLI::App& app, Common& common) {
  auto* cmd = app.add_subcommand("games", "list the games found on the plugin path, and files that are not usable");
  cmd->callback([&common] {
    Registry registry = common.registry();
    fmt::print("Plugin path:\n");
    for (const auto& d : registry.dirs()) fmt::print("  {}\n", d.string());
    fmt::print("Games:\n");
    int broken = 0;
    std::size_t id_width = 12;  // the widest id sets the column
    for (const auto& e : registry.entries())
      if (e.info) id_width = std::max(id_width, e.info->id().size());
    for (const auto& e : registry.entries()) {
      if (!e.info) {
        ++broken;
        continue;
      }
      const auto& info = *e.info;
      std::string players;
      for (const auto& p : info.player_names()) players += (players.empty() ? "" : ", ") + p;
      fmt::print("  {:<{}} {} {} (interface {}) {}\n", info.id(), id_width, info.name(), info.version(),
                 info.interface_version(), e.path.string());
      fmt::print("    players: {}{}{}\n", players, info.has_chance() ? "; chance" : "",
                 info.has_hidden_information() ? "; hidden information" : "");
      for (const auto& o : info.options()) {
        std::string choices;
        for (const auto& c : o.choices()) choices += (choices.empty() ? "" : "|") + c;
        fmt::print("    option {}={}{}: {}\n", o.name(), o.default_value(),
                   choices.empty() ? "" : fmt::format(" ({})", choices), o.help());
      }
      for (const auto& spec : game_agent_defaults(info)) fmt::print("    agent default {}\n", spec);
    }
    if (broken) {
      fmt::print("Not usable:\n");
      for (const auto& e : registry.entries())
        if (!e.info) fmt::print("  {}: {}\n", e.path.string(), e.problem);
    }
  });
}

std::uint64_t parse_seed(const std::string& text, const std::string& option) {
  std::uint64_t seed = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw UsageError(fmt::format("{} '{}': not a seed: a whole number 0..18446744073709551615", option, clipped(text)));
  return seed;
}

namespace {

struct PlayArgs {
  std::string game;
  std::vector<std::string> options, option_files;
  std::string position;
  std::optional<std::string> seed;
  std::optional<std::uint64_t> chance_seed;
  std::map<int, std::string> players;
  std::string out, resume, sign_key, secret_file;
  bool force = false, quiet = false, no_log = false, coach = false, durable = false;
  std::uint32_t max_plies = 0;
};

// A new game's settings from the command line: options, seeds, agents, log.
void new_game_settings(const PlayArgs& a, Plugin& plugin, PlaySettings& s) {
  for (const auto& o : a.options) s.options.push_back(parse_option(o, false));
  for (const auto& o : a.option_files) s.options.push_back(parse_option(o, true));
  if (!a.position.empty()) s.options.push_back(position_option(a.position));
  check_option_values(plugin.info(), s.options);
  s.seed = a.seed ? parse_seed(*a.seed, "--seed") : secure_u64();  // recorded in the log
  if (a.chance_seed) s.chance_seed = *a.chance_seed;
  else if (a.seed) s.chance_seed = chance_seed_of_game_seed(s.seed);
  std::string missing;
  for (int seat = 1; seat <= 4; ++seat) {
    const auto given = a.players.find(seat);
    const std::string spec = given == a.players.end() ? "" : given->second;
    if (seat <= plugin.players()) {
      if (spec.empty()) missing += fmt::format(" --player{}", seat);
      s.agents.push_back(spec);
    } else if (!spec.empty()) {
      throw UsageError(fmt::format("--player{}: {} has only {} players", seat, plugin.id(), plugin.players()));
    }
  }
  if (!missing.empty())
    throw UsageError(fmt::format("{} needs {} players: give{}", plugin.id(), plugin.players(), missing));
  if (!a.no_log) s.log_path = a.out.empty() ? default_log_path(plugin.id(), s.seed) : std::filesystem::path(a.out);
}

// Who plays what, and what the log keeps secret, before the first move.
void print_banner(const PlayArgs& a, Plugin& plugin, const PlaySettings& s, const ResumePoint* point) {
  if (point) fmt::print("Resuming {} after ply {}\n", s.log_path.string(), point->log.record.plies_size());
  fmt::print("{} {}, seed {}: {}\n", plugin.info().name(), plugin.info().version(), s.seed, [&] {
    std::string v;
    for (int i = 0; i < plugin.players(); ++i)
      v += fmt::format("{}{} = {}", i ? ", " : "", plugin.info().player_names(i), s.agents[i]);
    return v;
  }());
  if (plugin.info().has_chance())
    fmt::print("{}\n", s.chance_seed ? "Chance: reproducible from the seed given, NOT secret (anyone with the seed "
                                       "can predict every draw)"
                                     : "Chance: secret, drawn from the OS; the log commits to it and reveals it "
                                       "when the game ends");
  if (s.secrets && !s.secrets->seal_key.empty() && !s.log_path.empty())
    fmt::print("Log: hands and draws sealed (AES-256-GCM) until the game ends; {}\n",
               a.secret_file.empty() ? "not resumable if stopped (no --secret-file)"
                                     : fmt::format("resumable with --secret-file {}", a.secret_file));
}

// The final position, the result and the log, or the fault that stopped it.
void print_outcome(Common& common, Plugin& plugin, const PlaySettings& s, const PlayResult& r, const std::string& key) {
  if (r.fault) {
    report_fault(*r.fault, r.plies, s.log_path);
    common.exit_code = kExitUnfinished;
    return;
  }
  std::string board = board_text(plugin, r.state, r.move_start, s.color);
  // An abandoned game with hidden information keeps its secrets: the
  // position as the (first) human seat sees it. A finished game shows all.
  const auto human = std::find_if(s.agents.begin(), s.agents.end(),
                                  [](const std::string& a) { return parse_agent_spec(a).kind == "human"; });
  if (!r.finished && plugin.info().has_hidden_information() && human != s.agents.end()) {
    board = seat_board_text(plugin, r.state, r.move_start, static_cast<int>(human - s.agents.begin()), s.color);
  }
  // -q: the result and the log only (the board: `gamehost show LOG`).
  if (!s.quiet) fmt::print("\n{}\n", board);
  if (r.finished) {
    if (!s.quiet) print_score(plugin, r.state);
    fmt::print("Result: {} after {}\n", r.info.result(), plies_text(r.plies));
  } else {
    fmt::print("Abandoned after {}.\n", plies_text(r.plies));
    common.exit_code = kExitUnfinished;
  }
  if (!key.empty()) sign_log_file(s.log_path, key);
  if (!s.log_path.empty()) fmt::print("Log: {}{}\n", s.log_path.string(), key.empty() ? "" : " (signed)");
}

void run(Common& common, const PlayArgs& a, RemotePlaySettings& remote) {
  if (!remote.server.empty()) {  // on a server (cmd_play_remote.cc)
    remote.game = a.game;
    remote.players = a.players;
    remote.options = a.options;
    remote.seed = a.seed;
    remote.chance_seed = a.chance_seed;
    common.exit_code = run_remote_play(remote, common, std::cin, std::cout);
    return;
  }
  Registry registry = common.registry();
  PlaySettings s;
  std::optional<ResumePoint> point;
  Plugin* resumed = nullptr;
  const std::string key = a.sign_key.empty() ? "" : read_sign_key(a.sign_key, "--sign-key");
  if (!a.resume.empty()) {
    // The game, options, seed and agents are the log's.
    point = load_resume_point(registry, a.resume, resumed, a.secret_file);
    s.options.assign(point->log.record.header().options().begin(), point->log.record.header().options().end());
    s.seed = point->log.record.header().seed();
    s.agents = recorded_agents(*point);
    if (point->secrets) s.secrets = &*point->secrets;
    else s.chance_seed = chance_seed_of_game_seed(s.seed);
    s.log_path = a.resume;
    s.resume = &*point;
  } else if (a.game.empty()) {
    throw UsageError("play: give a GAME (see gamehost games), or --resume LOG");
  }
  Plugin& plugin = resumed ? *resumed : registry.find(a.game);
  if (!point) new_game_settings(a, plugin, s);
  // A new secret game's secrets, drawn here to be kept in --secret-file.
  GameSecrets drawn;
  if (!point && plugin.info().has_chance() && !s.chance_seed) {
    drawn = draw_game_secrets(plugin.info().has_hidden_information());
    s.secrets = &drawn;
  }
  if (!point && !a.secret_file.empty()) {
    if (!s.secrets)
      throw UsageError(
          "--secret-file: the game has no secrets to keep (no chance, or chance made reproducible by "
          "--seed or --chance-seed)");
    if (s.log_path.empty()) throw UsageError("--secret-file: there is no log to resume (--no-log)");
    write_secret_file(a.secret_file, *s.secrets);
  }
  for (const auto& spec : s.agents)  // every agent error before the banner
    if (parse_agent_spec(spec).kind != "human") make_agent(spec, AgentContext{s.seed, 0, nullptr, nullptr});
  if (!key.empty() && s.log_path.empty()) throw UsageError("--sign-key: there is no log to sign (--no-log)");
  s.overwrite = a.force;
  s.durable = a.durable;
  s.quiet = a.quiet;
  s.max_plies = a.max_plies;
  s.in = &std::cin;
  s.out = &std::cout;
  review::EngineCoach coach;
  s.coach = &coach;
  s.coached = a.coach;
  s.color = common.color_on();
  print_banner(a, plugin, s, point ? &*point : nullptr);
  std::cout.flush();
  print_outcome(common, plugin, s, play_game(plugin, s), key);
}

}  // namespace

void add_play_command(CLI::App& app, Common& common) {
  auto args = std::make_shared<PlayArgs>();
  auto* cmd = app.add_subcommand("play", "play a game between agents and record it");
  cmd->footer(agents_help());
  add_color_options(cmd, common);
  auto* game = cmd->add_option("GAME", args->game, "game id (see gamehost games)");
  std::vector<CLI::Option*> new_game_only{game};
  new_game_only.push_back(
      cmd->add_option("--option,-o", args->options, "game option NAME=VALUE (repeatable)")->type_name("K=V"));
  new_game_only.push_back(cmd->add_option("--option-file", args->option_files,
                                          "game option NAME=FILE: the value is FILE's text")
                              ->type_name("K=FILE"));
  new_game_only.push_back(
      cmd->add_option("--position", args->position, "start from a position: same as --option-file position=FILE")
          ->type_name("FILE"));
  new_game_only.push_back(cmd->add_option(
      "--seed", args->seed,
      "seed of the setup and of agents without their own, 0..2^64-1 (default: random); also makes chance "
      "reproducible, so not secret, unless --chance-seed is given"));
  new_game_only.push_back(cmd->add_option(
      "--chance-seed", args->chance_seed,
      "draw chance outcomes from this seed: a reproducible, not secret, game (default: a secret seed from the OS, "
      "revealed in the log when the game ends)")
      ->check(whole_number_check()));
  for (int seat = 1; seat <= 4; ++seat)
    new_game_only.push_back(cmd->add_option(fmt::format("--player{}", seat), args->players[seat],
                                            fmt::format("agent of seat {}{}", seat, seat == 1 ? " (the game's first seat; who moves first is the game's rule)" : ""))
                                ->type_name("AGENT"));
  auto* out = cmd->add_option("--out", args->out, "log file (default: games/recorded/GAME-TIME-seedN.ghlog)")->type_name("LOG");
  new_game_only.push_back(out);
  new_game_only.push_back(cmd->add_flag("--force", args->force, "overwrite an existing log"));
  new_game_only.push_back(cmd->add_flag("--no-log", args->no_log, "do not record the game")->excludes("--out"));
  auto* resume = cmd->add_option("--resume", args->resume,
                                 "continue the unfinished game of LOG with its recorded game, options, seed and "
                                 "agents, appending to LOG")
                     ->type_name("LOG");
  for (auto* o : new_game_only) resume->excludes(o);
  cmd->add_option("--secret-file", args->secret_file,
                  "a game with secret chance: keep its secrets (chance seed, agents' seed, seal key) in FILE, "
                  "created with mode 0600, so that it can be resumed if killed; with --resume, the file given when "
                  "it started. Keep FILE out of the players' reach (docs/logs.md, \"Secret games\")")
      ->type_name("FILE");
  cmd->add_flag("--durable", args->durable, "fsync the log after every ply (survives a power loss)");
  cmd->add_option("--sign-key", args->sign_key, "sign the log with HMAC-SHA-256 and the key in FILE when the game ends")
      ->type_name("FILE")
      ->check(key_file_check());
  cmd->add_flag("--quiet,-q", args->quiet, "no line per ply, no final board nor score: the result and the log only");
  cmd->add_flag("--coach", args->coach,
                "after each human move: the points it lost, the better move, its class, and a takeback offer "
                "when it lost at least an inaccuracy (as human:coach=1)");
  add_max_plies_option(cmd, args->max_plies);
  auto remote = std::make_shared<RemotePlaySettings>();
  add_remote_play_options(cmd, *remote);
  cmd->callback([&common, args, remote] { run(common, *args, *remote); });
}

}  // namespace gamehost
