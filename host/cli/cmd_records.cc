// `gamehost import --from ppn|abstractplay`: a record of Alien City played
// elsewhere becomes a log, every decision checked by the rules; or, with
// --position-only, the record's final position as a log that starts there.
#include <fmt/core.h>

#include "commands.h"
#include "gamehost/formats/abstractplay.h"
#include "gamehost/formats/game_builder.h"
#include "gamehost/formats/notes.h"
#include "gamehost/formats/ppn.h"

namespace gamehost {
namespace {

pb::OptionValue option(const std::string& name, const std::string& value) {
  pb::OptionValue o;
  o.set_name(name);
  o.set_value(value);
  return o;
}

// The record's comments become notes beside the log (docs/notation.md):
// those of the setup on ply 0, those after a build on its ply, those after
// a cap on the claim's. The result comment export writes last is not kept
// as a note: the log records the result.
void keep_notes(const RecordImport& a, const formats::CityGame& record, const formats::Played& played,
                const std::string& result) {
  std::vector<std::pair<int, std::string>> notes;
  for (const auto& n : record.opening_notes) notes.emplace_back(0, n);
  for (std::size_t t = 0; t < played.turn_plies.size(); ++t) {
    for (const auto& n : record.turns[t].build_notes) notes.emplace_back(played.turn_plies[t].build, n);
    for (const auto& n : record.turns[t].claim_notes) notes.emplace_back(played.turn_plies[t].end, n);
  }
  const bool whole = played.turn_plies.size() == record.turns.size();
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
  std::vector<double> their_scores;
  formats::CityGame record;
  if (a.from == "ppn") {
    record = formats::read_ppn(text, a.file);
    record.meta.source = "PPN file " + a.file;
  } else {
    auto ap = formats::read_abstractplay(text, a.file);
    record = std::move(ap.game);
    their_scores = ap.scores;
  }
  // Every comment is checked before anything is written: a comment the
  // notes reader would refuse must not leave a log without its notes.
  formats::check_metadata_text(record.meta, a.file);
  for (const auto& n : record.opening_notes) formats::check_note_text(n, a.file + ": a comment before the first move");
  for (const auto& t : record.turns)
    for (const auto* notes : {&t.build_notes, &t.claim_notes})
      for (const auto& n : *notes) formats::check_note_text(n, fmt::format("the comment on {}", t.where));
  formats::check_new_file(a.out, a.force);
  formats::check_old_notes(a.out, a.force);
  Registry registry = common.registry();
  Plugin& plugin = registry.find("alien_city");
  if (a.position_only) {
    const std::string diagram = formats::final_diagram(record);
    record.meta.source += ", final position only";
    formats::GameBuilder g(plugin, {option("position", diagram)}, 0, record.meta);
    g.hold(a.out, a.force);
    g.write(a.out);
    // A log of no plies: every comment of the record is a note on its start.
    formats::Played at_start;
    at_start.turn_plies.resize(record.turns.size());
    keep_notes(a, record, at_start, g.info().terminal() ? g.info().result() : "");
    fmt::print("{}: the final position of {} turns, not checked move by move{}\n", a.out, record.turns.size(),
               g.info().terminal() ? fmt::format(": {}", g.info().result()) : "");
    print_rule_warnings(plugin, g.state());
    return;
  }
  formats::GameBuilder g(plugin, {option("layout", record.layout)}, 0, record.meta);
  g.hold(a.out, a.force);
  const formats::Played played = formats::play_city_turns(g, record, a.keep_legal);
  g.write(a.out);
  keep_notes(a, record, played, g.info().terminal() ? g.info().result() : "");
  for (const auto& r : played.remarks) fmt::print("Note: {}\n", r);
  if (record.skipped_variations > 0)
    fmt::print("Note: {} variation{} (PPN comments in parentheses) not imported: import reads the main line "
               "(docs/notation.md)\n", record.skipped_variations, record.skipped_variations == 1 ? "" : "s");
  if (!played.refused.empty()) {
    formats::note_refusal(a.out, played.refused);
    fmt::print("{}: kept the {} plies before the first illegal move:\n  {}\n", a.out, g.plies(), played.refused);
    common.exit_code = kExitUnfinished;
    return;
  }
  fmt::print("{}: {} plies, every one checked{}\n", a.out, g.plies(),
             g.info().terminal() ? fmt::format(": {}", g.info().result()) : " (unfinished)");
  if (!g.info().terminal()) common.exit_code = kExitUnfinished;
  if (their_scores.size() == 2 && g.info().terminal() && g.info().scores_size() == 2 &&
      (their_scores[0] != static_cast<double>(g.info().scores(0)) ||
       their_scores[1] != static_cast<double>(g.info().scores(1))))
    fmt::print("Note: Abstract Play scored it {} to {}; these rules score it {} to {} (docs/notation.md)\n",
               their_scores[0], their_scores[1], g.info().scores(0), g.info().scores(1));
}

}  // namespace gamehost
