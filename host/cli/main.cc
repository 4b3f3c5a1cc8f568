// gamehost: plays, records and inspects games provided by plugins.
#include <fmt/core.h>

#include <exception>

#include "commands.h"

int main(int argc, char** argv) {
  using namespace gamehost;
  CLI::App app{"gamehost: a board-game host with game plugins (docs/gamehost.md)", "gamehost"};
  app.set_version_flag("--version", GAMEHOST_VERSION);
  app.require_subcommand(1);
  app.fallthrough();  // --plugins may follow the subcommand
  Common common;
  app.add_option("--plugins", common.plugin_dirs,
                 "also search DIR for plugins (after gamehost's own and $GAMEHOST_PLUGIN_PATH)")
      ->type_name("DIR");
  add_isolation_options(app, common);
  add_games_command(app, common);
  add_play_command(app, common);
  add_verify_command(app, common);
  add_show_analyze_commands(app, common);
  add_export_import_commands(app, common);
  add_tournament_command(app, common);
  add_review_command(app, common);
  add_enter_command(app, common);
  add_annotate_command(app, common);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    fmt::print(stderr, "gamehost: error: {}\n", e.what());
    return kExitError;
  }
  return common.exit_code;
}
