// `gamehost analyze`: every legal action and the game's analysis of a
// position, as one seat may see it, or searched live until Ctrl-C.
#include <fmt/core.h>

#include "commands.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/records/json_codec.h"
#include "gamehost/base/machine.h"
#include "live_command.h"
#include "position_source.h"

namespace gamehost {
namespace {

struct AnalyzeArgs {
  Source src;
  std::string format = "text";
  std::string as;
  bool live = false;
  std::string then;
  LiveLimits limits;
};

void run(Common& common, const AnalyzeArgs& a) {
  Registry registry = common.registry();
  if (a.limits.threads < 1 || a.limits.threads > machine_cores())
    throw UsageError(
        fmt::format("--threads {}: give 1 to {} (this machine's cores)", a.limits.threads, machine_cores()));
  if (a.live) {
    Position p = load_position(registry, a.src);
    if (!a.then.empty()) {
      const std::string played = play_typed_moves(p, split_move_list(a.then, "--then " + a.then), "--then " + a.then);
      p.title += ", then " + played;
    }
    return analyze_live(*p.plugin, p.state, p.title, a.limits);
  }
  const Position p = load_position(registry, a.src);
  if (!a.as.empty())
    return analyze_as(*p.plugin, p.state, p.title, p.ply, seat_of_player(*p.plugin, a.as), a.format == "json");
  pb::QueryFlags f;
  f.set_legal_details(true);
  f.set_legal_ids(true);  // JSON prints every field: the ids beside the details, not an empty list
  f.set_legal_payloads(a.format == "json");
  f.set_scores(true);
  f.set_text(true);
  pb::QueryResponse state;
  *state.mutable_info() = p.plugin->query(p.state, f);
  // A game without Analyze: the state and its legal actions only.
  const std::optional<pb::AnalyzeResponse> analysis = p.plugin->analysis(p.state, "");
  if (a.format == "json") {
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
      fmt::print("Chance to move ({}). Outcomes ({}, each with its probability in --format json):\n", info.phase(),
                 info.legal_size());
    else
      fmt::print("{} to move ({}). Legal actions ({}):\n", p.plugin->info().player_names(info.to_move()), info.phase(),
                 info.legal_size());
    std::string line;
    for (const auto& a : info.legal()) {
      if (line.size() + a.notation().size() > 78) fmt::print("  {}\n", line), line.clear();
      line += (line.empty() ? "" : " ") + a.notation();
    }
    if (!line.empty()) fmt::print("  {}\n", line);
  }
  if (analysis) fmt::print("{}", visible_lines(analysis->text()));
}

}  // namespace

void add_analyze_command(CLI::App& app, Common& common) {
  auto a = std::make_shared<AnalyzeArgs>();
  auto* cmd = app.add_subcommand("analyze", "every legal action and the game's analysis of a position");
  add_source_options(cmd, a->src);
  cmd->add_option("--format", a->format, "text or json")->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("--as", a->as,
                  "what one player may see (games with hidden information): their observation, and the legal "
                  "actions only on their own turn; a seat number (1 = --player1) or a player name")
      ->type_name("PLAYER");
  cmd->add_flag("--live", a->live,
                "search the position in the background and print its best three moves, refreshed, until Ctrl-C");
  cmd->add_option("--then", a->then, "with --live: first play these moves (the game's notation, comma-separated)")
      ->type_name("MOVES");
  cmd->add_option("--for", a->limits.seconds, "with --live: stop after SECONDS (default: at Ctrl-C)")
      ->type_name("SECONDS")
      ->check(CLI::Range(0.1, 86400.0));
  cmd->add_option("--iterations", a->limits.iterations,
                  "with --live: stop once the search has run N iterations (default: at Ctrl-C)")
      ->type_name("N")
      ->check(CLI::Range(1, 1000000000));
  cmd->add_option(
         "--threads", a->limits.threads,
         fmt::format("with --live: search threads, 1 to this machine's cores ({}); default 1", machine_cores()))
      ->type_name("N");
  cmd->callback([&common, a] { run(common, *a); });
}

}  // namespace gamehost
