// The conformance test every game plugin must pass (`gamehost check-plugin`,
// docs/writing-a-plugin.md, "Checking a plugin"): seeded random games to the
// end through the real module, and at every ply the contract of
// docs/interface.md checked against the plugin's own answers. It knows no
// game: whatever a plugin describes is what it is held to.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "gamehost/calls/transport.h"

namespace gamehost::conformance {

struct Settings {
  int games = 20;          // random games played to the end
  std::uint64_t seed = 1;  // game g (0-based) starts with NewGame seed `seed + g`
  // Kept per check in the report (every failure is counted).
  int failures_kept = 5;
};

// One check: how often it held and where it did not.
struct Check {
  std::string name;     // "legal sets", "notation", ...
  std::string what;     // one line: what it checks
  std::string counted;  // what `passed` counts: "positions", "actions", ...
  long passed = 0;
  long failed = 0;
  std::vector<std::string> failures;  // the first Settings::failures_kept, each "game G (seed S), ply P: what"
  std::string skipped;                // why it did not run (e.g. "no RENDER_SCENE"); empty when it ran
};

struct Report {
  std::string game;  // "tictactoe 1.0.0"
  std::filesystem::path path;
  int games = 0;
  std::uint64_t seed = 1;
  long plies = 0;
  std::vector<Check> checks;
  bool ok() const;
};

// Loads the plugin at `path` (a main instance per `load`, two more
// independent instances for the round trips, and an isolated one for the
// bad bytes, so that a crash there is reported, not fatal) and runs every
// check. Throws HostError only when the module cannot be loaded at all.
Report check_plugin(const std::filesystem::path& path, const Settings& settings, const LoadOptions& load = {});

// The report for people: one line per check, the failures under it, and
// "PASS: ..." or "FAIL: ..." last.
std::string report_text(const Report& report);

}  // namespace gamehost::conformance
