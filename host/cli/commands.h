// The gamehost subcommands (docs/gamehost.md). Each add_*_command registers
// one CLI11 subcommand whose callback does the work; errors are thrown as
// HostError and printed by main() with exit status 1.
#pragma once

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

#include "gamehost/records/log.pb.h"
#include "gamehost/records/game_log.h"
#include "gamehost/calls/plugin.h"
#include "gamehost/calls/registry.h"
#include "gamehost/text/terminal_board.h"
#include "gamehost/play/tournament.h"

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
  LoadOptions load;                      // --isolate, --call-timeout (isolation.cc)
  int exit_code = kExitOk;
  ColorChoice color = ColorChoice::Auto;  // --color, --no-color (color_options.cc)

  bool color_on() const { return color_enabled(color); }
  Registry registry() const { return Registry::scan(plugin_search_path(plugin_dirs), load); }
};

// The check of a key-file option (--key, --sign-key): an empty path names
// no key, and would silently check or sign nothing (a script's "$UNSET"),
// so it is a usage error.
inline CLI::Validator key_file_check() {
  return CLI::Validator(
      [](std::string& path) { return path.empty() ? std::string("an empty path names no key file") : std::string(); },
      "");
}

// The check of an unsigned option (a seed, a budget) before CLI11 converts
// it: a whole number of decimal digits 0..2^64-1 and nothing else, so that
// "-1" is refused instead of wrapping to 2^64-1.
inline CLI::Validator whole_number_check() {
  return CLI::Validator(
      [](std::string& text) {
        std::uint64_t value = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (text.empty() || text[0] == '+' || ec != std::errc() || end != text.data() + text.size())
          return std::string("not a whole number 0..18446744073709551615");
        return std::string();
      },
      "");
}
// The LOG argument of a command that reads a log: a bare name of a shipped
// sample finds the installed one (gamehost::find_log, as replay-viewer).
CLI::Option* add_log_argument(CLI::App* cmd, std::string& log);

// --isolate and --call-timeout on the main command (isolation.cc).
void add_isolation_options(CLI::App& app, Common& common);
// --color auto|always|never and --no-color on the commands that print a
// board (color_options.cc).
void add_color_options(CLI::App* cmd, Common& common);
// --max-plies N on play and tournament (isolation.cc).
void add_max_plies_option(CLI::App* cmd, std::uint32_t& max_plies);
// Prints a game stopped by a fault: what failed, the plies kept, the log.
void report_fault(const v1::LogFault& fault, int plies, const std::filesystem::path& log);

void add_games_command(CLI::App& app, Common& common);
void add_play_command(CLI::App& app, Common& common);
void add_verify_command(CLI::App& app, Common& common);
void add_show_command(CLI::App& app, Common& common);
void add_analyze_command(CLI::App& app, Common& common);
void add_export_import_commands(CLI::App& app, Common& common);
void add_tournament_command(CLI::App& app, Common& common);
// Tournaments in shards (cmd_merge.cc): `merge`, --shard K/N read as a
// UsageError naming `option`, the table and faults tournament and merge
// print, a shard's report and results file (durations: progress_bar.h).
void add_merge_command(CLI::App& app, Common& common);
Shard shard_option(const std::string& text, const std::string& option);
void print_table(const std::vector<std::string>& labels, const TournamentRun& run, const Standings& table,
                 const std::string& first_seat);
void report_shard(const TournamentGame& game, const TournamentSettings& settings, const TournamentRun& run,
                  const std::vector<std::string>& labels, Common& common);
void add_review_command(CLI::App& app, Common& common);
// The logs named on a command line (review, puzzles mine): each file as
// given, each folder's *.ghlog in name order (cmd_review.cc).
std::vector<std::filesystem::path> logs_of(const std::vector<std::string>& paths);
// Games played elsewhere (cmd_enter.cc, cmd_records.cc).
void add_enter_command(CLI::App& app, Common& common);
void add_annotate_command(CLI::App& app, Common& common);
// The people's metadata of the log and its notes on ply `ply` (show).
void print_people(const std::string& log_path, int ply);
// import --from ppn|abstractplay: the record played through the rules.
struct RecordImport {
  std::string file, out, from = "json";
  bool force = false, position_only = false, keep_legal = false;
};
void import_record(Common& common, const RecordImport& args);
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

// "Score:" and the game's "score" analysis of `state`; nothing for a game
// that offers none (Analyze is optional: play, show and enter still work).
void print_score(Plugin& plugin, const std::string& state);

// `analyze --as`: the position after ply `ply` as `seat` sees it (as_seat_output.cc).
void analyze_as(Plugin& plugin, const std::string& state, const std::string& title, int ply, int seat, bool json);

// `export --as`: the log replayed and verified, with what the seat named
// `as` did not see masked (gamehost/secrets/record_as_seat.h); `seat_name` is set.
GameLog seat_log(Registry& registry, const GameLog& log, const std::string& as, std::string& seat_name);
// --position FILE as the game option position=TEXT.
v1::OptionValue position_option(const std::string& path);
// The state a position file starts (with more game options NAME=VALUE);
// errors name the file (position_source.cc).
std::string position_state(Plugin& plugin, const std::string& position, const std::vector<std::string>& options);

// Printable diagrams (cmd_diagram.cc, docs/teaching.md).
void add_diagram_command(CLI::App& app, Common& common);

// The guided rules tour at the terminal (cmd_tour.cc, docs/teaching.md).
void add_tour_command(CLI::App& app, Common& common);
// Puzzles mined from reviews: `puzzles` and `puzzle` (cmd_puzzles.cc, docs/teaching.md).
void add_puzzles_commands(CLI::App& app, Common& common);
// The conformance test of one plugin (cmd_check_plugin.cc, docs/writing-a-plugin.md).
void add_check_plugin_command(CLI::App& app, Common& common);
// The network server (cmd_serve.cc, docs/protocol.md).
void add_serve_command(CLI::App& app, Common& common);

}  // namespace gamehost
