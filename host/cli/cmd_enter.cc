// `gamehost enter` (a game played at a table, typed or read from a file,
// every decision checked as it comes), `gamehost annotate` (notes beside a
// log) and what `show` prints of both.
#include <boost/algorithm/string/classification.hpp>
#include <boost/algorithm/string/trim.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <fstream>
#include <iostream>

#include "commands.h"
#include "gamehost/base/plural.h"
#include "gamehost/formats/game_builder.h"
#include "gamehost/formats/metadata.h"
#include "gamehost/formats/notes.h"
#include "gamehost/text/input_checks.h"

namespace gamehost {
namespace {

using formats::GameBuilder;

struct EnterArgs {
  std::string game, moves, out, players;
  std::vector<std::string> options, option_files;
  formats::Metadata meta;
  std::optional<std::string> seed;
  bool force = false, keep_legal = false;
};

std::string trim(const std::string& s) { return boost::algorithm::trim_copy_if(s, boost::is_any_of(" \t\r")); }

void print_ply(const GameBuilder& g) {
  const auto& p = g.last_ply();
  fmt::print("{:>4}. {:<6} {}\n", p.ply(), g.plugin().info().player_names(p.player()), p.notation());
}

void print_board(GameBuilder& g, bool color) {
  fmt::print("{}\n", board_text(g.plugin(), g.state(), g.before_last_move(), color));
  print_score(g.plugin(), g.state());
}

// A line that is a command rather than a decision; false for a decision.
bool command(GameBuilder& g, const std::string& line, bool color) {
  if (line == "undo") {
    if (!g.undo()) fmt::print("Nothing to undo: no decision entered yet.\n");
    else fmt::print("Undone: back to ply {}, {} to move.\n", g.plies(), g.mover());
    return true;
  }
  if (line == "show") return print_board(g, color), true;
  if (line == "moves") {
    pb::QueryFlags f;
    f.set_legal_details(true);
    std::string list;
    const pb::StateInfo info = g.plugin().query(g.state(), f);
    for (const auto& a : info.legal()) list += (list.empty() ? "" : " ") + a.notation();
    fmt::print("{}\n", list.empty() ? "none: the game is over" : list);
    return true;
  }
  if (line == "why") return fmt::print("why LOT: name the lot, e.g. why E5\n"), true;
  if (line.rfind("why ", 0) == 0) {
    try {
      fmt::print("{}", visible_lines(g.plugin().analyze(g.state(), line).text()));
    } catch (const CallError& e) {
      fmt::print("{}\n", e.what());
    }
    return true;
  }
  if (line == "help") {
    fmt::print("Type each decision in the game's notation (docs/notation.md), one per line, or:\n"
               "  undo      take back the last decision\n  show      the board and the score\n"
               "  moves     every legal decision\n  why LOT   why nothing can be built on LOT\n"
               "  end       stop entering (the log keeps every decision entered)\n");
    return true;
  }
  return false;
}

// A game from a real table lay as it lay: a game that takes its setup as an
// option (Alien City's layout, a position) needs it, or a --seed saying the
// setup was drawn with gamehost's generator; seed 0's tiles are not a guess.
void require_setup(const Plugin& plugin, const std::vector<pb::OptionValue>& given, bool seeded) {
  std::vector<std::string> setups;
  for (const auto& o : plugin.info().options())
    if (o.name() == "layout" || o.name() == "position") setups.push_back(o.name());
  if (setups.empty() || seeded) return;
  for (const auto& o : given)
    if (std::find(setups.begin(), setups.end(), o.name()) != setups.end()) return;
  throw UsageError(fmt::format("enter {}: give the setup the game was played on: --option {}=... (docs/notation.md), "
                               "or --seed N for the setup gamehost draws from seed N",
                               plugin.id(), setups.front()));
}

void enter(Common& common, const EnterArgs& a) {
  Registry registry = common.registry();
  Plugin& plugin = registry.find(a.game);
  std::vector<pb::OptionValue> options;
  for (const auto& o : a.options) options.push_back(parse_option(o, false));
  for (const auto& o : a.option_files) options.push_back(parse_option(o, true));
  formats::Metadata meta = a.meta;
  if (!a.players.empty()) meta.players = formats::split_players(a.players);
  meta.source = a.moves.empty() ? "entered by hand" : "entered from " + a.moves;
  formats::check_new_file(a.out, a.force);
  formats::check_old_notes(a.out, a.force);
  require_setup(plugin, options, a.seed.has_value());
  GameBuilder g(plugin, options, a.seed ? parse_seed(*a.seed, "--seed") : 0, meta);
  g.hold(a.out, a.force);  // locked from the start: no other writer while the game is entered

  const bool interactive = a.moves.empty();
  std::ifstream file;
  if (!interactive) {
    file.open(a.moves);
    if (!file) throw HostError(fmt::format("enter: cannot read {}", a.moves));
  }
  std::istream& in = interactive ? std::cin : file;
  const std::string name = interactive ? "stdin" : a.moves;
  if (interactive) fmt::print("{}: {} to move. Type 'help' for commands.\n", plugin.info().name(), g.mover());
  std::string raw;
  int line_no = 0;
  std::string refused;
  while (true) {
    if (interactive) fmt::print("ply {}, {}> ", g.plies() + 1, g.mover()), std::fflush(stdout);
    if (!std::getline(in, raw)) break;
    ++line_no;
    const std::string line = trim(raw);
    if (line.empty() || line[0] == '#') continue;
    if (line == "end") break;
    if (command(g, line, common.color_on())) {
      if (interactive && line == "undo") g.write(a.out);
      continue;
    }
    if (auto why = g.play(line)) {
      // Echoed clipped and visible: a line may be megabytes, or hold escapes.
      const std::string what = fmt::format("{} line {}: '{}': {}", name, line_no, clipped(line), *why);
      if (interactive) {
        fmt::print("Refused: {}\n", what);
        continue;
      }
      if (!a.keep_legal) throw HostError(what);
      refused = what;
      break;
    }
    print_ply(g);
    if (interactive) g.write(a.out);  // every decision kept at once
  }
  if (interactive) fmt::print("\n");
  g.write(a.out);
  if (!refused.empty()) {
    formats::note_refusal(a.out, refused);
    fmt::print("Kept the {} legal plies before the first refused decision:\n  {}\n", g.plies(), refused);
    common.exit_code = kExitUnfinished;
  } else if (g.info().terminal()) {
    fmt::print("Game over after {}: {}\n", plies_text(g.plies()), g.info().result());
  } else {
    fmt::print("Unfinished after {}: {} to move.\n", plies_text(g.plies()), g.mover());
    common.exit_code = kExitUnfinished;
  }
  fmt::print("Log: {}\n", a.out);
}

}  // namespace

static void add_metadata_options(CLI::App* cmd, formats::Metadata& meta) {
  cmd->add_option("--event", meta.event, "the event the game was played at");
  cmd->add_option("--date", meta.date, "when it was played, e.g. 2024-05-18");
  cmd->add_option("--site", meta.site, "where it was played");
  cmd->add_option("--round", meta.round, "the round of the event");
}

void add_enter_command(CLI::App& app, Common& common) {
  auto a = std::make_shared<EnterArgs>();
  auto* cmd = app.add_subcommand("enter", "enter a game played elsewhere, every decision checked by the rules");
  cmd->add_option("GAME", a->game, "game id (see gamehost games)")->required();
  cmd->add_option("MOVES_FILE", a->moves,
                  "the decisions, one per line ('#' comments); without it, typed at stdin with undo, show, why LOT")
      ->type_name("FILE");
  cmd->add_option("--option,-o", a->options, "game option NAME=VALUE, e.g. layout=... (repeatable)")
      ->type_name("K=V")
      ->allow_extra_args(false);  // MOVES_FILE may follow
  cmd->add_option("--option-file", a->option_files, "game option NAME=FILE: the value is FILE's text")
      ->type_name("K=FILE")
      ->allow_extra_args(false);
  cmd->add_option("--players", a->players, "the people who played, in seat order, e.g. Ann,Bob")->type_name("NAMES");
  add_metadata_options(cmd, a->meta);
  cmd->add_option("--seed", a->seed,
                  "the game was set up as gamehost draws it from this seed (needed when no layout or position is "
                  "given)")
      ->check(whole_number_check());
  cmd->add_option("--out", a->out, "the log to write")->required()->type_name("LOG");
  cmd->add_flag("--force", a->force, "overwrite an existing log");
  add_color_options(cmd, common);
  cmd->add_flag("--keep-legal", a->keep_legal,
                "with MOVES_FILE: keep the game up to its first illegal decision (named with its ruling) instead of "
                "refusing it");
  cmd->footer("Exit status: 0 a finished game, 3 unfinished or cut at an illegal decision (--keep-legal), 1 refused.");
  cmd->callback([&common, a] { enter(common, *a); });
}

void add_annotate_command(CLI::App& app, Common& common) {
  struct Args {
    std::string log, text;
    int ply = 0;
  };
  auto a = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("annotate", "add a note on a ply, kept beside the log in LOG.ghnotes");
  cmd->add_option("LOG", a->log, "a game log")->required();
  cmd->add_option("--ply", a->ply, "the ply the note is about (0 = the start)")->required();
  cmd->add_option("TEXT", a->text, "the note")->required();
  cmd->callback([&common, a] {
    const GameLog log = read_log(a->log);
    formats::add_note(a->log, log, a->ply, a->text);
    fmt::print("{}: note on ply {}\n", formats::notes_path_for(a->log).string(), a->ply);
    (void)common;
  });
}

void print_people(const std::string& log_path, int ply) {
  const GameLog log = read_log(log_path);
  fmt::print("{}", formats::metadata_text(log.record.header()));
  const auto notes = formats::notes_or_warning(log_path, log);
  if (notes.empty()) return;
  fmt::print("{}\n", formats::noted_plies_text(notes));
  if (const auto it = notes.find(ply); it != notes.end())
    for (const auto& text : it->second) fmt::print("Note: {}\n", visible(text));
}

}  // namespace gamehost
