// `gamehost repair`: a log whose last record is torn is cut back to its last
// whole record (host/runtime/log_repair.h). The original is kept unless
// --in-place.
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>

#include "commands.h"
#include "gamehost/log_repair.h"
#include "gamehost/log_signature.h"
#include "gamehost/output_file.h"
#include "gamehost/regular_file.h"

namespace gamehost {

void add_repair_command(CLI::App& app, Common& common) {
  struct Args {
    std::string log, out, sign_key;
    bool in_place = false, force = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("repair", "cut a log's torn last record (a crash or a full disk mid-write) back to "
                                           "its last whole record");
  cmd->footer("Exit status: 0 repaired or nothing to repair, 1 damage that is not a torn last record.");
  cmd->add_option("LOG", args->log, "a game log")->required();
  auto* out = cmd->add_option("--out", args->out, "write the repaired log here (default: LOG's name with "
                                                   ".repaired before .ghlog)")
                  ->type_name("FILE");
  cmd->add_flag("--in-place", args->in_place, "cut LOG itself instead of writing a new file")->excludes(out);
  cmd->add_flag("--force", args->force, "overwrite an existing --out file");
  cmd->add_option("--sign-key", args->sign_key, "sign the repaired log with the key in FILE")->type_name("FILE");
  cmd->callback([&common, args] {
    (void)common;
    const std::string key = args->sign_key.empty() ? "" : read_sign_key(args->sign_key, "--sign-key");
    std::optional<ReplaceLock> lock;  // cutting a log that a game is still writing would tear it
    if (args->in_place) lock.emplace(args->log);
    const std::string bytes = read_regular_file(args->log);
    const auto torn = find_torn_tail(bytes, args->log);
    if (!torn) {
      const GameLog log = parse_log(bytes, args->log);
      fmt::print("{}: nothing to repair: every record is whole ({} plies, {})\n", args->log, log.record.plies_size(),
                 log.finished() ? "finished" : "unfinished");
      return;
    }
    const std::string kept = bytes.substr(0, torn->at);
    const GameLog log = parse_log(kept, args->log);
    std::string target = args->log;
    if (args->in_place) {
      if (key.empty()) {
        if (::truncate(args->log.c_str(), static_cast<off_t>(torn->at)) != 0)
          throw HostError(fmt::format("{}: cannot cut: {}", args->log, std::strerror(errno)));
      } else {
        write_new_file(args->log + ".repairing", signed_log(kept, key, args->log), /*overwrite=*/true);
        std::filesystem::rename(args->log + ".repairing", args->log);
      }
    } else {
      if (!args->out.empty()) {
        target = args->out;
      } else {
        const std::filesystem::path p(args->log);
        target = (p.parent_path() / (p.stem().string() + ".repaired.ghlog")).string();
      }
      write_new_file(target, key.empty() ? kept : signed_log(kept, key, target), args->force);
    }
    fmt::print("{}: byte {}: cut the torn last record ({}), {} bytes dropped\n", args->log, torn->at, torn->problem,
               bytes.size() - torn->at);
    fmt::print("Kept {} plies ({}): {}{}\n", log.record.plies_size(), log.finished() ? "finished" : "unfinished", target,
               key.empty() ? "" : " (signed)");
  });
}

}  // namespace gamehost
