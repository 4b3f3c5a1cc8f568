// `gamehost show`: the diagram and score of a position of a log, a
// variation or a position file, or as one seat sees it.
#include <fmt/core.h>

#include "commands.h"
#include "gamehost/secrets/hidden_sample.h"
#include "gamehost/records/variation_tree.h"
#include "position_source.h"

namespace gamehost {
namespace {

struct ShowArgs {
  Source src;
  std::string as;
  bool variation_given = false;  // --variation, even empty (refused as a malformed path)
};

void run(Common& common, const ShowArgs& a) {
  // An empty --variation names no position: refused as any malformed path,
  // never taken for "no --variation" (the final position).
  if (a.variation_given && a.src.variation.empty()) parse_variation_path(a.src.variation);
  Source src = a.src;
  src.sample_as = src.variation.empty() ? "" : a.as;
  Registry registry = common.registry();
  const Position p = load_position(registry, src);
  pb::QueryFlags f;
  f.set_text(true);
  const auto info = p.plugin->query(p.state, f);
  if (!a.as.empty()) {
    const int seat = seat_of_player(*p.plugin, a.as);
    fmt::print("{}, as {} sees it\n", p.title, p.plugin->info().player_names(seat));
    if (!a.src.log.empty()) print_people(a.src.log, p.ply);
    fmt::print("{}\n", seat_board_text(*p.plugin, p.state, p.before, seat, common.color_on()));
    // Only what Observe gives: a game with hidden information may put
    // private facts in its analyses, so they are not shown here.
    if (!p.plugin->info().has_hidden_information()) print_score(*p.plugin, p.state);
    if (info.terminal()) fmt::print("Result: {}\n", info.result());
    return;
  }
  fmt::print("{}\n", p.title);
  if (!a.src.log.empty()) print_people(a.src.log, p.ply);
  fmt::print("{}\n", board_text(*p.plugin, p.state, p.before, common.color_on()));
  print_score(*p.plugin, p.state);
  if (info.terminal()) fmt::print("Result: {}\n", info.result());
}

}  // namespace

void add_show_command(CLI::App& app, Common& common) {
  auto a = std::make_shared<ShowArgs>();
  auto* cmd = app.add_subcommand("show", "the position diagram and score breakdown at a ply of a log");
  add_source_options(cmd, a->src);
  cmd->add_option("--variation", a->src.variation,
                  "a variation instead: the position after ply PLY and then MOVES in the game's notation "
                  "(PLY:MOVE,MOVE,...), e.g. one kept in LOG.ghvars")
      ->type_name("PATH")
      ->excludes("--ply")
      ->excludes("--position");
  add_color_options(cmd, common);
  cmd->add_option("--as", a->as,
                  "the position as one player sees it (games with hidden information): a seat number, "
                  "1 = --player1, or a player name")
      ->type_name("PLAYER");
  cmd->add_option("--sample-seed", a->src.sample_seed,
                  "with --variation and --as: the seed of the other hands drawn for the variation (default 1)")
      ->type_name("N");
  cmd->callback([&common, a, cmd] {
    a->variation_given = cmd->count("--variation") > 0;
    run(common, *a);
  });
}

}  // namespace gamehost
