// `gamehost repair`: a log whose last record is torn is cut back to its last
// whole record (host/runtime/records/gamehost/records/log_repair.h); a finished log left unsigned by a
// crash is signed with --sign-key. The original is kept unless --in-place.
#include <fmt/core.h>

#include <optional>

#include "commands.h"
#include "gamehost/formats/notes.h"
#include "gamehost/records/log_repair.h"
#include "gamehost/records/log_signature.h"
#include "gamehost/records/output_file.h"
#include "gamehost/records/regular_file.h"

namespace gamehost {
namespace {

struct RepairArgs {
  std::string log, out, sign_key;
  bool in_place = false, force = false;
};

// Where the repaired log goes: --out, or LOG's name with .repaired.
std::string repaired_path(const RepairArgs& a) {
  if (!a.out.empty()) return a.out;
  const std::filesystem::path p(a.log);
  return (p.parent_path() / (p.stem().string() + ".repaired.ghlog")).string();
}

// The notes beside LOG (LOG.ghnotes): read, and a torn last note cut the
// same way, before anything is written (damage in their middle refuses the
// repair).
struct Notes {
  std::filesystem::path path;
  std::string bytes, kept;
  bool cut() const { return kept.size() != bytes.size(); }
};

std::optional<Notes> read_notes_to_mend(const std::string& log) {
  Notes n{formats::notes_path_for(log), "", ""};
  std::error_code ec;
  if (!std::filesystem::exists(n.path, ec)) return std::nullopt;
  n.bytes = read_regular_file(n.path);
  n.kept = formats::mended_notes(n.bytes, n.path.string());
  return n;
}

// Mended in place with --in-place, else written beside the repaired log.
void write_notes(const RepairArgs& a, const Notes& n, const std::string& target) {
  if (n.cut())
    fmt::print("{}: byte {}: cut the torn last note, {} bytes dropped\n", n.path.string(), n.kept.size(),
               n.bytes.size() - n.kept.size());
  if (a.in_place) {
    ReplaceLock lock(n.path);
    if (n.cut()) lock.replace(n.kept);
  } else if (!target.empty()) {
    write_new_file(formats::notes_path_for(target), n.kept, a.force);
  }
}

void repair(const RepairArgs& a) {
  const std::string key = a.sign_key.empty() ? "" : read_sign_key(a.sign_key, "--sign-key");
  std::optional<ReplaceLock> lock;  // cutting a log that a game is still writing would tear it
  if (a.in_place) lock.emplace(a.log);
  const std::string bytes = read_regular_file(a.log);
  const auto torn = find_torn_tail(bytes, a.log);
  const std::string kept = torn ? bytes.substr(0, torn->at) : bytes;
  const GameLog log = parse_log(kept, a.log);
  const auto notes = read_notes_to_mend(a.log);
  // A whole log needs nothing, unless a key asks for a signature it lacks
  // (a crash between the result and the signature leaves a finished,
  // unsigned log).
  const bool sign = !key.empty() && !log.signed_();
  if (!torn && !sign && !(notes && notes->cut())) {
    fmt::print("{}: nothing to repair: every record is whole ({} plies, {})\n", a.log, log.record.plies_size(),
               log.finished() ? "finished" : "unfinished");
    return;
  }
  const std::string target = a.in_place ? a.log : repaired_path(a);
  const std::string result = key.empty() ? kept : signed_log(kept, key, target);
  // Whole or not at all: the old file stays until the new one is complete.
  if (a.in_place) {
    if (torn || sign) lock->replace(result);
  } else {
    write_new_file(target, result, a.force);
  }
  if (torn)
    fmt::print("{}: byte {}: cut the torn last record ({}), {} bytes dropped\n", a.log, torn->at, torn->problem,
               bytes.size() - torn->at);
  else if (sign)
    fmt::print("{}: every record is whole; it was not signed\n", a.log);
  if (notes) write_notes(a, *notes, target);
  fmt::print("Kept {} plies ({}): {}{}\n", log.record.plies_size(), log.finished() ? "finished" : "unfinished", target,
             key.empty() ? "" : " (signed)");
}

}  // namespace

void add_repair_command(CLI::App& app, Common& common) {
  auto args = std::make_shared<RepairArgs>();
  auto* cmd = app.add_subcommand("repair", "cut a log's torn last record (a crash or a full disk mid-write) back to "
                                           "its last whole record");
  cmd->footer("Exit status: 0 repaired or nothing to repair, 1 damage that is not a torn last record (nothing is "
              "written).");
  cmd->add_option("LOG", args->log, "a game log")->required();
  auto* out = cmd->add_option("--out", args->out, "write the repaired log here (default: LOG's name with "
                                                   ".repaired before .ghlog)")
                  ->type_name("FILE");
  cmd->add_flag("--in-place", args->in_place, "replace LOG itself instead of writing a new file")->excludes(out);
  cmd->add_flag("--force", args->force, "overwrite an existing --out file");
  cmd->add_option("--sign-key", args->sign_key, "sign the repaired log (or a whole, unsigned one) with the key in FILE")
      ->type_name("FILE")
      ->check(key_file_check());
  cmd->callback([&common, args] {
    (void)common;
    repair(*args);
  });
}

}  // namespace gamehost
