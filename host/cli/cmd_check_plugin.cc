// `gamehost check-plugin`: the conformance test of one game plugin
// (host/conformance), named by its file or by the id of a game in the
// plugin path. The report goes to stdout; exit status 1 when a check fails.
#include <fmt/core.h>

#include "commands.h"
#include "gamehost/conformance/conformance.h"

namespace gamehost {
namespace {

struct CheckPluginArgs {
  std::string plugin;
  int games = 20;
  std::string seed = "1";
};

// A file when the text names one (a path, or a name ending in .so), else a
// game id looked up in the plugin path.
std::filesystem::path plugin_file(Common& common, const std::string& text) {
  std::error_code ec;
  if (text.find('/') != std::string::npos || text.ends_with(".so") || std::filesystem::exists(text, ec)) {
    if (!std::filesystem::is_regular_file(text, ec)) refuse_file(text, "no such plugin file");
    return text;
  }
  return common.registry().find(text).path();
}

}  // namespace

void add_check_plugin_command(CLI::App& app, Common& common) {
  auto args = std::make_shared<CheckPluginArgs>();
  auto* cmd = app.add_subcommand("check-plugin", "run the conformance test every game plugin must pass: random games "
                                                 "to the end, every answer checked against the interface");
  cmd->footer("The mangled state bytes go to an isolated instance; with --isolate every instance runs in a child "
              "process, so a plugin that crashes is reported where it crashed.\n\nExit status: 0 every check "
              "passed, 1 a check failed (the report names the game, seed, ply and call) or the plugin could not be "
              "loaded.");
  cmd->add_option("PLUGIN", args->plugin, "a plugin file (my_game.so) or the id of an installed game")->required();
  cmd->add_option("--games", args->games, "random games to play to the end")
      ->type_name("N")
      ->default_val(20)
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--seed", args->seed, "game g (from 0) starts with seed S+g")
      ->type_name("S")
      ->default_val("1")
      ->check(whole_number_check());
  cmd->callback([&common, args] {
    conformance::Settings settings;
    settings.games = args->games;
    settings.seed = parse_seed(args->seed, "--seed");
    const auto report = conformance::check_plugin(plugin_file(common, args->plugin), settings, common.load);
    fmt::print("{}", conformance::report_text(report));
    if (!report.ok()) common.exit_code = kExitError;
  });
}

}  // namespace gamehost
