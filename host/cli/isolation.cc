// --isolate and --call-timeout: plugins in their own processes, with a time
// limit per call (docs/gamehost.md, docs/interface.md "Isolated plugins").
#include <fmt/core.h>

#include <cmath>

#include "commands.h"
#include "gamehost/faults.h"

namespace gamehost {
namespace {

std::chrono::milliseconds parse_seconds(const std::string& text, const std::string& whole) {
  std::size_t used = 0;
  double s = -1;
  try {
    s = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !(s > 0) || s > 86400)
    throw HostError(fmt::format("--call-timeout '{}': expected seconds above 0 (at most 86400)", whole));
  return std::chrono::milliseconds(static_cast<long long>(std::ceil(s * 1000)));
}

// "5" sets every call; "rollout=120" one kind (the rpc's name, any case).
void apply_timeout(CallLimits& limits, const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos) {
    const auto t = parse_seconds(text, text);
    limits.timeout.fill(t);
    limits.start = t;
    return;
  }
  std::string kind = text.substr(0, eq), known;
  for (int m = pb::METHOD_DESCRIBE; m <= pb::METHOD_SAMPLE_HIDDEN; ++m) {
    std::string name = call_name(static_cast<pb::Method>(m)), lower;
    for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string k;
    for (char c : kind) k += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (k == lower) {
      limits[static_cast<pb::Method>(m)] = parse_seconds(text.substr(eq + 1), text);
      return;
    }
    known += (known.empty() ? "" : ", ") + lower;
  }
  throw HostError(fmt::format("--call-timeout '{}': unknown call '{}' (calls: {})", text, kind, known));
}

}  // namespace

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
      ->each([&common, timeouts](const std::string& t) { apply_timeout(common.load.limits, t); });
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
  std::fflush(stdout);
  fmt::print(stderr, "gamehost: fault: {}\n", fault_text(fault));
}

}  // namespace gamehost
