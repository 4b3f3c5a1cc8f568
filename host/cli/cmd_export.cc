// `gamehost export` (JSON or text) and `gamehost import` (JSON back to a log).
// Both work on the log alone, except export --as, which replays it
// through its plugin to learn what the seat saw.
#include <fcntl.h>
#include <fmt/core.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>

#include <chrono>
#include <filesystem>
#include <functional>

#include "commands.h"
#include "gamehost/secrets/chance_check.h"
#include "gamehost/secrets/chance_secret.h"
#include "gamehost/play/faults.h"
#include "gamehost/text/input_checks.h"
#include "gamehost/formats/metadata.h"
#include "gamehost/formats/notes.h"
#include "gamehost/formats/table_record.h"
#include "gamehost/records/game_log.h"
#include "gamehost/records/json_codec.h"
#include "gamehost/secrets/record_as_seat.h"
#include "gamehost/secrets/secrecy_check.h"
#include "gamehost/records/log_signature.h"
#include "gamehost/records/regular_file.h"
#include "gamehost/records/replay.h"
#include "gamehost/records/variation_moves.h"
#include "gamehost/records/variation_tree.h"
#include "gamehost/web/replay_page.h"

namespace gamehost {
namespace {

std::string utc_time(std::int64_t ms) {
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &utc);
  return buf;
}

std::string indent(const std::string& text) {
  std::string out = "    ";
  for (char c : text) {
    out += c;
    if (c == '\n') out += "    ";
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == '\n')) out.pop_back();
  return out;
}

// `as`: the seat's name for a per-seat view (export --as), else empty.
void print_text(const GameLog& log, const std::string& as) {
  const auto& h = log.record.header();
  fmt::print("game: {} {} (interface {})\n", h.game_id(), h.game_version(), h.interface_version());
  if (!as.empty()) fmt::print("view: as {} sees it (plies {} did not see: {})\n", as, as, kHiddenNotation);
  fmt::print("seed: {}\nstarted: {}\nhost: {}\n", h.seed(), utc_time(h.start_time_ms()), visible(h.host_version()));
  fmt::print("{}", formats::metadata_text(h));
  if (!h.chance_commitment().empty())
    fmt::print("chance: {}, commitment {}\n", h.chance_reproducible() ? "reproducible (not secret)" : "secret",
               hex(h.chance_commitment()));
  if (!h.seal_cipher().empty())
    fmt::print("sealed: {}{}\n", h.seal_cipher(),
               log.sealed ? ", the plies' hidden parts (draws, state hashes) until the game ends"
                          : ", opened with the key revealed at the end");
  fmt::print("options:\n");
  for (const auto& o : h.options())
    fmt::print("  {} = {}\n", o.name(), o.value().find('\n') == std::string::npos ? o.value() : "\n" + indent(o.value()));
  fmt::print("setup:\n{}\n", indent(h.setup()));
  if (as.empty() || !h.initial_state().empty())
    fmt::print("initial state: {} bytes, hash {:016x}\n", h.initial_state().size(), h.initial_state_hash());
  fmt::print("players:\n");
  for (int i = 0; i < h.players_size(); ++i)
    fmt::print("  {}: {} = {}\n", i + 1, visible(h.players(i).name()), visible(h.players(i).agent()));
  fmt::print("plies:\n");
  for (const auto& p : log.record.plies()) {
    const std::string who = p.player() == -1                                  ? "chance"
                            : p.player() >= 0 && p.player() < h.players_size() ? visible(h.players(p.player()).name())
                                                                                : fmt::format("seat {}", p.player());
    const char* undone = p.taken_back() ? "  taken back" : "";  // docs/logs.md, "Takebacks"
    const bool masked = !as.empty() || log.sealed;  // a seat's view, or a game still sealed
    if (masked && p.notation() == kHiddenNotation)
      fmt::print("  {:>4}. {:<6} {}{}\n", p.ply(), who, kHiddenNotation, undone);
    else if (masked && p.state_hash() == 0)  // masked or sealed hashes
      fmt::print("  {:>4}. {:<6} {:<10} id {:<4} {:>8.3f}s{}\n", p.ply(), who, visible(p.notation()), p.action_id(),
                 static_cast<double>(p.time_ms()) / 1000.0, undone);
    else
      fmt::print("  {:>4}. {:<6} {:<10} id {:<4} {:>8.3f}s  hash {:016x}{}\n", p.ply(), who, visible(p.notation()),
                 p.action_id(), static_cast<double>(p.time_ms()) / 1000.0, p.state_hash(), undone);
  }
  if (log.finished()) {
    const auto& r = log.record.result();
    fmt::print("result: {} ({} plies, {:.3f}s)\n", visible(r.result()), r.plies(),
               static_cast<double>(r.end_time_ms()) / 1000.0);
    if (r.has_chance_seed()) fmt::print("chance seed: {} (salt {})\n", r.chance_seed(), hex(r.chance_salt()));
  } else if (log.faulted()) {
    fmt::print("result: none (stopped by a fault: {})\n", visible(fault_text(log.record.fault())));
  } else {
    fmt::print("result: none (unfinished)\n");
  }
}

// The statement of chance and secrets, as verify checks it; the game's
// GameInfo when it is installed, else the header's own consistency.
void check_imported_secrecy(Common& common, const GameLog& log) {
  bool has_chance = false, hidden = false;
  Registry registry = common.registry();
  try {
    const Plugin& plugin = registry.find(log.record.header().game_id());
    has_chance = plugin.info().has_chance();
    hidden = plugin.info().has_hidden_information();
  } catch (const HostError&) {
    // A game not installed here: what the log says of itself is still checked.
  }
  check_secrecy_statement(log, has_chance, hidden);
}

// Import refuses what verify would refuse, with verify's message. Fields
// the binary log cannot hold as the JSON has them (a sealed ply's hidden
// fields, which live only in its sealed part) are never dropped silently;
// with the game installed, every ply is replayed and the chance plies are
// checked against their commitment, as verify does.
void verify_imported(Common& common, const pb::GameRecord& record, const GameLog& log) {
  for (int i = 0; i < record.plies_size() && i < log.record.plies_size(); ++i)
    if (!google::protobuf::util::MessageDifferencer::Equals(record.plies(i), log.record.plies(i)))
      throw HostError(log_error(log.file, log.ply_offsets[static_cast<std::size_t>(i)], fmt::format("ply {}", i + 1),
                                "a sealed ply also holds its hidden fields in the clear (and they are not those of "
                                "its sealed part)"));
  if (!google::protobuf::util::MessageDifferencer::Equals(record, log.record))
    throw HostError(fmt::format("{}: the record does not survive being written as a log", log.file));
  Registry registry = common.registry();
  Plugin* plugin = nullptr;
  try {
    plugin = &registry.find(log.record.header().game_id());
  } catch (const HostError&) {
    return;  // a game not installed here: what needs its rules is checked by verify where it is
  }
  if (log.sealed) {
    replay(*plugin, log, 0);  // the header against a fresh NewGame, as verify does
    return;
  }
  const Replayed r = replay(*plugin, log, std::nullopt, /*keep_states=*/true);
  check_chance(*plugin, log, r.states);
}

// The variations kept beside the log (LOG.ghvars) for a record format, each move with
// the seat that decides it (the plugin replays them). A damaged file is
// named on stderr and the log is exported without its variations, as with
// damaged notes; a move that does not replay, or whose notation is not its
// action's, is named on stderr and left out with the moves after it.
formats::RecordVariations variations_or_warning(Common& common, const std::string& path, const GameLog& log) {
  formats::RecordVariations out;
  const auto file = variations_path_for(path);
  if (!std::filesystem::exists(file)) return out;
  auto warn = [](const std::string& what) {
    std::fflush(stdout);
    fmt::print(stderr, "gamehost: warning: {}\n", clipped_words(what));
  };
  try {
    const VariationTree tree = read_variations(path, log);
    if (!tree.has_variations()) return out;
    Registry registry = common.registry();
    Plugin& plugin = registry.find(log.record.header().game_id());
    const Replayed game = replay(plugin, log, std::nullopt, /*keep_states=*/true);
    using NodeId = VariationTree::NodeId;
    // The line from `start` (played from `state`), its continuation first
    // child after child, the other children as alternatives to it; a line
    // ends before a move that does not replay. Recursion only for nested
    // variations: bounded by the file's depth (kMaxVariationDepth).
    std::function<pb::RecordLine(NodeId, std::string)> line_from = [&](NodeId start, std::string state) {
      pb::RecordLine line;
      std::vector<NodeId> others;
      for (NodeId x = start;;) {
        pb::RecordVariationMove m;
        m.set_seat(plugin.query(state, pb::QueryFlags()).to_move());
        m.set_notation(tree.node(x).move.notation);
        for (NodeId alt : others)
          if (auto alternative = line_from(alt, state); alternative.moves_size() > 0)
            *m.add_alternatives() = std::move(alternative);
        try {
          state = play_variation_move(plugin, state, tree.node(x).move);
        } catch (const HostError& e) {
          warn(fmt::format("{}: variation {}: {}; left out of the export with the moves after it", file.string(),
                           clipped(tree.path_of(x), 200), e.what()));
          // The lines tried instead of it still stand: the first takes its place.
          if (m.alternatives_size() > 0) {
            pb::RecordLine first = std::move(*m.mutable_alternatives(0));
            for (int i = 1; i < m.alternatives_size(); ++i)
              *first.mutable_moves(0)->add_alternatives() = std::move(*m.mutable_alternatives(i));
            for (auto& moved : *first.mutable_moves()) *line.add_moves() = std::move(moved);
          }
          return line;
        }
        *line.add_moves() = std::move(m);
        const auto& kids = tree.node(x).children;
        if (kids.empty()) return line;
        x = kids.front();
        others.assign(kids.begin() + 1, kids.end());
      }
    };
    for (int ply = 0; ply <= tree.plies(); ++ply) {
      const auto& kids = tree.node(tree.game_node(ply)).children;
      // The recorded move is the first child while the game goes on.
      for (std::size_t k = ply < tree.plies() ? 1 : 0; k < kids.size(); ++k)
        if (auto line = line_from(kids[k], game.states[static_cast<std::size_t>(ply)]); line.moves_size() > 0)
          out[ply].push_back(std::move(line));
    }
  } catch (const HostError& e) {
    warn(fmt::format("{}; the log is exported without its variations", e.what()));
    return {};
  }
  return out;
}

}  // namespace

void add_export_import_commands(CLI::App& app, Common& common) {
  struct ExportArgs {
    std::string log, format = "json", as, out, review;
    bool notes = false, force = false;
  };
  auto ex = std::make_shared<ExportArgs>();
  auto* cmd = app.add_subcommand("export", "print a whole log as JSON (protobuf's JSON mapping of GameRecord), text or PPN (Portable Piecepack Notation), or write it as one HTML file that replays it");
  add_log_argument(cmd, ex->log)->required();
  cmd->add_option("--format", ex->format,
                  "json, text, ppn (Portable Piecepack Notation, for a game that writes it: docs/notation.md) or html "
                  "(one file that replays the game in a "
                  "browser, docs/web.md)")
      ->check(CLI::IsMember({"json", "text", "ppn", "html"}));
  cmd->add_option("--out,-o", ex->out, "with --format html: the file to write")->type_name("FILE");
  cmd->add_flag("--force", ex->force, "with --out: overwrite an existing file");
  cmd->add_option("--review", ex->review, "with --format html: the game's review (default: LOG.ghreview, if any)")
      ->type_name("FILE");
  cmd->add_flag("--notes", ex->notes, "with --format html: include the notes of LOG.ghnotes");
  cmd->add_option("--as", ex->as,
                  "only what one player saw (games with hidden information): other seats' draws as ?, no state "
                  "hashes, no initial state, no chance seed; replays the log through its plugin")
      ->type_name("PLAYER");
  cmd->callback([&common, ex] {
    if (ex->format == "html") {
      // One file that replays the game in a browser (docs/web.md).
      if (ex->out.empty()) throw UsageError("--format html writes a file: give --out FILE (e.g. -o game.html)");
      const GameLog log = read_log(ex->log);
      Registry registry = common.registry();
      const std::string page = web::replay_page(registry, log, {ex->log, ex->review, ex->notes, ex->as});
      write_new_file(ex->out, page, ex->force);
      fmt::print("{}: the replay of {} plies, one file to open in a browser\n", ex->out, log.record.plies_size());
      return;
    }
    if (!ex->out.empty() || !ex->review.empty() || ex->notes || ex->force)
      throw UsageError("--out, --force, --review and --notes are for --format html (the other formats print to stdout)");
    GameLog log = read_log(ex->log);
    // Notes belong to the whole log: read before a seat's view masks it.
    const auto notes = ex->format == "ppn" ? formats::notes_or_warning(ex->log, log) : formats::NotesByPly{};
    std::unique_ptr<Registry> games;  // the log's game, for a record format
    Plugin* game = nullptr;
    if (ex->format == "ppn") {
      games = std::make_unique<Registry>(common.registry());
      game = &games->find(log.record.header().game_id());
    }
    const auto variations = game && formats::writes_format(*game, ex->format)
                                ? variations_or_warning(common, ex->log, log)
                                : formats::RecordVariations{};
    std::string as;
    if (!ex->as.empty()) {
      Registry registry = common.registry();
      log = seat_log(registry, log, ex->as, as);
    }
    if (ex->format == "text") return print_text(log, as);
    if (ex->format == "ppn")
      return fmt::print("{}", formats::write_table_record(*game, ex->format, log.record, notes, variations));
    std::string json;
    const auto status = google::protobuf::util::MessageToJsonString(log.record, &json, json_print_options());
    if (!status.ok()) throw HostError(fmt::format("{}: cannot print JSON: {}", ex->log, status.message().as_string()));
    fmt::print("{}", json);
  });

  auto im = std::make_shared<RecordImport>();
  auto sign_key = std::make_shared<std::string>();
  cmd = app.add_subcommand("import",
                           "write a binary log from the JSON that export printed, or from a PPN or "
                           "Abstract Play record of a game that reads it (every move checked)");
  cmd->add_option("JSON", im->file, "a JSON file from gamehost export, or the record to import")->required();
  cmd->add_option("--from", im->from, "json (default), ppn or abstractplay")
      ->check(CLI::IsMember({"json", "ppn", "abstractplay"}));
  cmd->add_option("--out", im->out, "the log to write")->required()->type_name("LOG");
  cmd->add_flag("--force", im->force, "overwrite an existing log");
  cmd->add_flag("--position-only", im->position_only,
                "with --from ppn|abstractplay: import the record's final position, not its moves");
  cmd->add_flag("--keep-legal", im->keep_legal,
                "with --from ppn|abstractplay: keep the game up to its first illegal move");
  cmd->add_option("--sign-key", *sign_key, "with JSON: sign the log with the key in FILE")->type_name("FILE")
      ->check(key_file_check());
  cmd->callback([&common, im, sign_key] {
    if (im->from != "json") return import_record(common, *im);
    const std::string key = sign_key->empty() ? "" : read_sign_key(*sign_key, "--sign-key");
    pb::GameRecord record;
    parse_json_text(read_text_file(im->file, "import"), record, im->file, "not a game record");
    std::string bytes = encode_log(record);
    const GameLog log = parse_log(bytes, im->file);  // the same framing checks as reading (ply numbering)
    check_imported_secrecy(common, log);
    verify_imported(common, record, log);
    if (!key.empty()) bytes = signed_log(bytes, key, im->out);
    write_new_file(im->out, bytes, im->force);
    fmt::print("{}: {} plies{}{}\n", im->out, record.plies_size(), record.has_result() ? "" : " (unfinished)",
               key.empty() ? "" : " (signed)");
  });
}

}  // namespace gamehost
