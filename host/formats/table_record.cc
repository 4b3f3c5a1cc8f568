#include "gamehost/formats/table_record.h"

#include <fmt/core.h>

#include <algorithm>

#include "gamehost/text/input_checks.h"

namespace gamehost::formats {
namespace {

bool lists(const google::protobuf::RepeatedPtrField<std::string>& formats, const std::string& format) {
  return std::find(formats.begin(), formats.end(), format) != formats.end();
}

// The game's refusal of a turn, "WHERE 'WRITTEN': WHY".
[[noreturn]] void refuse(const pb::RecordTurn& t, const std::string& why) {
  throw HostError(fmt::format("{} '{}': {}", t.where(), clipped(t.written()), why));
}

// One turn through the rules; returns a remark or empty.
std::string play_turn(GameBuilder& game, const pb::RecordTurn& t) {
  const auto& info = game.info();
  if (!t.problem().empty()) refuse(t, t.problem());
  if (t.pass()) {
    if (!info.terminal() && info.to_move() == t.seat()) refuse(t, t.pass_refusal());
    return "";  // the game skipped the seat already
  }
  if (info.terminal()) refuse(t, fmt::format("the game is over ({})", info.result()));
  if (info.to_move() != t.seat()) refuse(t, fmt::format("it is {}'s turn: {}", game.mover(), t.skipped()));
  if (auto why = game.play(t.decision())) refuse(t, *why);
  const bool follow_asked =
      !t.follow_phase().empty() && !game.info().terminal() && game.info().phase() == t.follow_phase();
  if (!follow_asked) {
    if (!t.follow_written()) return "";
    if (game.info().terminal()) return fmt::format("{} '{}': {}", t.where(), clipped(t.written()), t.follow_void());
    refuse(t, t.follow_refusal());
  }
  if (auto why = game.play(t.follow())) {
    game.undo();
    refuse(t, *why);
  }
  return "";
}

}  // namespace

bool writes_format(const Plugin& game, const std::string& format) {
  return lists(game.info().record_formats(), format);
}

TableRecord read_table_record(Registry& registry, const std::string& format, const std::string& text,
                              const std::string& file) {
  pb::ReadRecordRequest request;
  request.set_format(format);
  request.set_text(text);
  request.set_file(file);
  std::string other_game;  // the first game's "the record is of another game"
  for (const auto& entry : registry.entries()) {
    if (!entry.info || !lists(entry.info->record_formats(), format)) continue;
    TableRecord out;
    out.game = &registry.find(entry.info->id());
    try {
      out.game->call(pb::METHOD_READ_RECORD, request, out.record);
      return out;
    } catch (const CallError& e) {
      if (e.code() != "OTHER_GAME") throw HostError(e.what());
      if (other_game.empty()) other_game = e.what();
    }
  }
  if (!other_game.empty()) throw HostError(other_game);
  throw HostError(fmt::format("{}: no installed game reads {} records", file, format));
}

Metadata metadata_of(const pb::ReadRecordResponse& record) {
  Metadata meta;
  meta.players.assign(record.players().begin(), record.players().end());
  meta.event = record.event();
  meta.site = record.site();
  meta.date = record.date();
  meta.round = record.round();
  meta.source = record.source();
  return meta;
}

Played play_record_turns(GameBuilder& game, const pb::ReadRecordResponse& record, bool keep_legal) {
  Played p;
  for (const auto& t : record.turns()) {
    const int before = game.plies();
    try {
      if (auto remark = play_turn(game, t); !remark.empty()) p.remarks.push_back(remark);
    } catch (const HostError& e) {
      if (!keep_legal) throw;
      p.refused = e.what();
      return p;
    }
    p.turn_plies.push_back({t.pass() ? before : before + 1, game.plies()});
  }
  return p;
}

std::string write_table_record(Plugin& game, const std::string& format, const pb::GameRecord& record,
                               const NotesByPly& notes, const RecordVariations& variations) {
  if (!writes_format(game, format)) {
    std::string formats;
    for (const auto& f : game.info().record_formats()) formats += (formats.empty() ? "" : ", ") + f;
    throw HostError(fmt::format("{} export: {} does not write {} records (it writes: {})", format, game.id(), format,
                                formats.empty() ? "none" : formats));
  }
  const auto& h = record.header();
  pb::WriteRecordRequest request;
  request.set_format(format);
  *request.mutable_options() = h.options();
  request.set_setup(h.setup());
  for (const auto& p : h.players()) request.add_players(p.person());
  request.set_event(h.event());
  request.set_site(h.site());
  request.set_date(h.date());
  request.set_round(h.round());
  for (const auto& p : record.plies()) {
    auto* ply = request.add_plies();
    ply->set_ply(p.ply());
    ply->set_player(p.player());
    ply->set_notation(p.notation());
    ply->set_taken_back(p.taken_back());
  }
  request.set_has_result(record.has_result());
  if (record.has_result()) request.set_result(record.result().result());
  for (const auto& [ply, texts] : notes) {
    auto* n = request.add_notes();
    n->set_ply(static_cast<std::uint32_t>(ply));
    for (const auto& t : texts) n->add_texts(t);
  }
  for (const auto& [ply, lines] : variations) {
    auto* v = request.add_variations();
    v->set_ply(static_cast<std::uint32_t>(ply));
    for (const auto& line : lines) *v->add_lines() = line;
  }
  pb::WriteRecordResponse written;
  try {
    game.call(pb::METHOD_WRITE_RECORD, request, written);
  } catch (const CallError& e) {
    throw HostError(e.what());
  }
  return written.text();
}

}  // namespace gamehost::formats
