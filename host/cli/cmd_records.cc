// `gamehost import --from FORMAT`: a record played elsewhere, in a format
// its game reads (formats/table_record.h), becomes a log, every decision
// checked by the rules; or, with --position-only, the record's final
// position as a log that starts there.
#include <fmt/core.h>

#include "commands.h"
#include "gamehost/formats/game_builder.h"
#include "gamehost/formats/notes.h"
#include "gamehost/formats/table_record.h"

namespace gamehost {
namespace {

// The record's comments become notes beside the log (docs/notation.md):
// those of the setup on ply 0, those on a turn's decision on its ply, those
// on its follow-up on the turn's last. The result comment export writes
// last is not kept as a note: the log records the result.
void keep_notes(const RecordImport& a, const pb::ReadRecordResponse& record, const formats::Played& played,
                const std::string& result) {
  std::vector<std::pair<int, std::string>> notes;
  for (const auto& n : record.opening_notes()) notes.emplace_back(0, n);
  for (std::size_t t = 0; t < played.turn_plies.size(); ++t) {
    const auto& turn = record.turns(static_cast<int>(t));
    for (const auto& n : turn.notes()) notes.emplace_back(played.turn_plies[t].decision, n);
    for (const auto& n : turn.follow_notes()) notes.emplace_back(played.turn_plies[t].end, n);
  }
  const bool whole = played.turn_plies.size() == static_cast<std::size_t>(record.turns_size());
  if (whole && !result.empty() && !notes.empty() && notes.back().second == result) notes.pop_back();
  const GameLog log = read_log(a.out);
  for (const auto& [ply, text] : notes) formats::add_note(a.out, log, ply, text);
}

// A record's final position may break a rule and is imported all the same
// (ruling R17): the game's score analysis names the rule on its "Warning:"
// lines (docs/interface.md, "Warnings"), repeated here.
void print_rule_warnings(Plugin& plugin, const std::string& state) {
  const auto score = plugin.analysis(state, "score");
  if (!score) return;
  std::string_view text = score->text();
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    if (text.substr(0, end).starts_with("Warning: ")) fmt::print("  {}\n", text.substr(0, end));
    text.remove_prefix(std::min(end + 1, text.size()));
  }
}

}  // namespace

void import_record(Common& common, const RecordImport& a) {
  const std::string text = read_text_file(a.file, "import");
  Registry registry = common.registry();
  const formats::TableRecord read = formats::read_table_record(registry, a.from, text, a.file);
  const pb::ReadRecordResponse& record = read.record;
  formats::Metadata meta = formats::metadata_of(record);
  // Every comment is checked before anything is written: a comment the
  // notes reader would refuse must not leave a log without its notes.
  formats::check_metadata_text(meta, a.file);
  for (const auto& n : record.opening_notes())
    formats::check_note_text(n, a.file + ": a comment before the first move");
  for (const auto& t : record.turns())
    for (const auto* notes : {&t.notes(), &t.follow_notes()})
      for (const auto& n : *notes) formats::check_note_text(n, fmt::format("the comment on {}", t.where()));
  formats::check_new_file(a.out, a.force);
  formats::check_old_notes(a.out, a.force);
  Plugin& plugin = *read.game;
  if (a.position_only) {
    if (!record.final_position_refusal().empty()) throw HostError(record.final_position_refusal());
    meta.source += ", final position only";
    formats::GameBuilder g(plugin, {record.final_position().begin(), record.final_position().end()}, 0, meta);
    g.hold(a.out, a.force);
    g.write(a.out);
    // A log of no plies: every comment of the record is a note on its start.
    formats::Played at_start;
    at_start.turn_plies.resize(static_cast<std::size_t>(record.turns_size()));
    keep_notes(a, record, at_start, g.info().terminal() ? g.info().result() : "");
    fmt::print("{}: the final position of {} turns, not checked move by move{}\n", a.out, record.turns_size(),
               g.info().terminal() ? fmt::format(": {}", g.info().result()) : "");
    print_rule_warnings(plugin, g.state());
    return;
  }
  formats::GameBuilder g(plugin, {record.options().begin(), record.options().end()}, 0, meta);
  g.hold(a.out, a.force);
  const formats::Played played = formats::play_record_turns(g, record, a.keep_legal);
  g.write(a.out);
  keep_notes(a, record, played, g.info().terminal() ? g.info().result() : "");
  for (const auto& r : played.remarks) fmt::print("Note: {}\n", r);
  for (const auto& r : record.remarks()) fmt::print("Note: {}\n", r);
  if (!played.refused.empty()) {
    formats::note_refusal(a.out, played.refused);
    fmt::print("{}: kept the {} plies before the first illegal move:\n  {}\n", a.out, g.plies(), played.refused);
    common.exit_code = kExitUnfinished;
    return;
  }
  fmt::print("{}: {} plies, every one checked{}\n", a.out, g.plies(),
             g.info().terminal() ? fmt::format(": {}", g.info().result()) : " (unfinished)");
  if (!g.info().terminal()) common.exit_code = kExitUnfinished;
  const auto& theirs = record.scores();
  if (theirs.size() == 2 && g.info().terminal() && g.info().scores_size() == 2 &&
      (theirs[0] != static_cast<double>(g.info().scores(0)) || theirs[1] != static_cast<double>(g.info().scores(1))))
    fmt::print("Note: {} scored it {} to {}; these rules score it {} to {} (docs/notation.md)\n", record.scored_by(),
               theirs[0], theirs[1], g.info().scores(0), g.info().scores(1));
}

}  // namespace gamehost
