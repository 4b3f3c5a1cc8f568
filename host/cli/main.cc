// gamehost: plays, records and inspects games provided by plugins.
#include <fmt/core.h>

#include <algorithm>
#include <exception>

#include "commands.h"
#include "remote.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/base/suggest.h"

int main(int argc, char** argv) {
  using namespace gamehost;
  silence_protobuf_log();
  CLI::App app{"gamehost: a board-game host with game plugins (docs/gamehost.md)", "gamehost"};
  app.set_version_flag("--version", GAMEHOST_VERSION);
  app.require_subcommand(1);
  app.fallthrough();  // --plugins may follow the subcommand
  Common common;
  app.add_option("--plugins", common.plugin_dirs,
                 "also search DIR for plugins (after gamehost's own and $GAMEHOST_PLUGIN_PATH)")
      ->type_name("DIR")
      ->allow_extra_args(false);  // one DIR each time (repeat it): the LOG after it stays the LOG
  add_isolation_options(app, common);
  add_games_command(app, common);
  add_play_command(app, common);
  add_verify_command(app, common);
  add_show_command(app, common);
  add_analyze_command(app, common);
  add_export_import_commands(app, common);
  add_tournament_command(app, common);
  add_merge_command(app, common);
  add_review_command(app, common);
  add_enter_command(app, common);
  add_annotate_command(app, common);
  add_repair_command(app, common);
  add_diagram_command(app, common);
  add_tour_command(app, common);
  add_puzzles_commands(app, common);
  add_check_plugin_command(app, common);
  add_serve_command(app, common);
  add_bot_command(app, common);
  // Every subcommand's --help names the options of gamehost itself, which
  // may also follow the subcommand (fallthrough).
  for (auto* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    const std::string global =
        "Options of gamehost itself, before or after the subcommand: --plugins DIR (also search DIR for "
        "plugins), --isolate, --call-timeout [CALL=]S (see gamehost --help).";
    sub->footer(sub->get_footer().empty() ? global : sub->get_footer() + "\n\n" + global);
  }
  // After the subcommands (which would inherit it). The same numbers as
  // commands.h; help2man makes this the man page's
  // EXIT STATUS section.
  app.footer(fmt::format(
      "Exit status:\n  {}    success\n  {}    an error: bad input, a bad log, a failed check (the message names the "
      "file, byte offset, ply or option)\n  {}    a bad command line\n  {}    a valid but unfinished game "
      "(abandoned, or stopped by a fault)\n  {}  a tournament stopped by Ctrl-C (partial results kept)",
      kExitOk, kExitError, kExitUsage, kExitUnfinished, kExitInterrupted));
  // An unknown subcommand is named (CLI11 would only say that an argument
  // was not expected).
  std::vector<std::string> names;
  for (const auto* sub : app.get_subcommands([](CLI::App*) { return true; })) names.push_back(sub->get_name());
  if (argc > 1 && argv[1][0] != '-' && std::find(names.begin(), names.end(), argv[1]) == names.end()) {
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    fmt::print(stderr, "gamehost: error: unknown subcommand '{}' ({}subcommands: {})\n", clipped(argv[1]),
               suggestion(argv[1], names), list);
    return kExitUsage;
  }
  // CLI11 quotes the value it could not convert: clipped, made visible.
  app.failure_message([](const CLI::App* failed, const CLI::Error& e) {
    return clipped_words(CLI::FailureMessage::simple(failed, e));
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  } catch (const UsageError& e) {
    std::fflush(stdout);
    fmt::print(stderr, "gamehost: error: {}\n", clipped_words(e.what()));
    return kExitUsage;
  } catch (const std::exception& e) {
    // The last line of defence: whatever a message quotes (a value, a
    // token, a file's text) reaches the terminal clipped and visible.
    std::fflush(stdout);
    fmt::print(stderr, "gamehost: error: {}\n", clipped_words(e.what()));
    return kExitError;
  }
  return common.exit_code;
}
