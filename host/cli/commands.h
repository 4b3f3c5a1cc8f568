// The gamehost subcommands (docs/gamehost.md). Each add_*_command registers
// one CLI11 subcommand whose callback does the work; errors are thrown as
// HostError and printed by main() with exit status 1.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

#include "gamehost/plugin.h"
#include "gamehost/registry.h"

namespace gamehost {

// Exit statuses, the same for every subcommand.
inline constexpr int kExitOk = 0;
inline constexpr int kExitError = 1;       // bad input, bad log, failed check
inline constexpr int kExitUsage = 2;       // bad command line
inline constexpr int kExitUnfinished = 3;  // a valid log or game without a result
inline constexpr int kExitInterrupted = 130;  // a tournament stopped by SIGINT (partial results kept)

// A bad command line found after parsing (a missing --player2, a bad
// --seed): printed like any error, exit status 2.
class UsageError : public HostError {
 public:
  using HostError::HostError;
};

struct Common {
  std::vector<std::string> plugin_dirs;  // --plugins DIR, after the default path
  int exit_code = kExitOk;

  Registry registry() const { return Registry::scan(plugin_search_path(plugin_dirs)); }
};

void add_games_command(CLI::App& app, Common& common);
void add_play_command(CLI::App& app, Common& common);
void add_verify_command(CLI::App& app, Common& common);
void add_show_analyze_commands(CLI::App& app, Common& common);
void add_export_import_commands(CLI::App& app, Common& common);
void add_tournament_command(CLI::App& app, Common& common);
void add_repair_command(CLI::App& app, Common& common);

// "--seed TEXT": a whole number 0..2^64-1; anything else (negative, too
// large, empty, not a number) is a UsageError naming the option.
std::uint64_t parse_seed(const std::string& text, const std::string& option);

// Reads "k=v" into an OptionValue; with from_file, v is a file whose
// contents are the value. Throws HostError naming the option.
v1::OptionValue parse_option(const std::string& text, bool from_file);

// The text of a file the user named with option `what` (e.g. "--position");
// errors read "WHAT PATH: no such file" (regular_file.h).
std::string read_text_file(const std::string& path, const std::string& what);

// --position FILE as the game option position=TEXT.
v1::OptionValue position_option(const std::string& path);

}  // namespace gamehost
