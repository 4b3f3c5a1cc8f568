// --isolate and --call-timeout: plugins in their own processes, with a time
// limit per call (docs/gamehost.md, docs/interface.md "Isolated plugins").
#include <fmt/core.h>

#include "commands.h"
#include "gamehost/play/faults.h"

namespace gamehost {

void add_isolation_options(CLI::App& app, Common& common) {
  auto timeouts = std::make_shared<std::vector<std::string>>();
  common.load.isolate = isolate_from_environment();
  app.add_flag("--isolate", common.load.isolate,
               "run the game's plugin in its own process: a crash or hang ends the game as a recorded fault "
               "instead of ending gamehost (also GAMEHOST_ISOLATE=1)");
  app.add_option("--call-timeout", *timeouts,
                 "with --isolate: seconds a plugin call may take before the plugin is stopped: S for every call, "
                 "or CALL=S for one (describe=5, rollout=60, others 10 by default); repeatable")
      ->type_name("[CALL=]S")
      ->allow_extra_args(false)  // one value each time: a LOG after it stays the LOG
      ->each([&common, timeouts](const std::string& t) { set_call_timeout(common.load.limits, t); });
}

void add_max_plies_option(CLI::App* cmd, std::uint32_t& max_plies) {
  cmd->add_option("--max-plies", max_plies,
                  "stop a game that reaches N plies without ending, as a recorded fault (default: the game's "
                  "own maximum)")
      ->type_name("N")
      ->check(CLI::Range(1u, 1u << 30));
}

void report_fault(const v1::LogFault& fault, int plies, const std::filesystem::path& log) {
  fmt::print("\nStopped by a fault after {} {}: {}\n", plies, plies == 1 ? "ply" : "plies", fault_text(fault));
  if (!log.empty() && fault.ply() > 0) fmt::print("Log: {} (every ply kept)\n", log.string());
  // A log starts from the game's first state; NewGame faulted before there was one.
  if (!log.empty() && fault.ply() == 0)
    fmt::print("No log: {} was not created: the plugin faulted in NewGame, before the game had a state to "
               "record\n", log.string());
  std::fflush(stdout);
  fmt::print(stderr, "gamehost: fault: {}\n", fault_text(fault));
}

}  // namespace gamehost
