#include "alien_city/records/abstractplay.h"

#include <fmt/core.h>
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include <cctype>

namespace alien_city::records {
namespace {

using google::protobuf::Struct;
using google::protobuf::Value;

// Abstract Play's first player moves first holding red 3, blue 2 towers:
// our White's supply, while our rules give the first mover (Black) red 2,
// blue 3. The rules treat red and blue alike (tiles, domes, bonuses), so
// the game is mapped with red and blue exchanged everywhere: its first
// player becomes our Black with our Black's supply, and every distance and
// score stays the same.
char our_colour(char ap) {
  switch (ap) {
    case 'R': return 'B';
    case 'B': return 'R';
    case 'N': return 'K';
    default: return ap;  // G
  }
}

const Value* field(const Struct& s, const char* key) {
  const auto it = s.fields().find(key);
  return it == s.fields().end() ? nullptr : &it->second;
}

std::string text_field(const Struct& s, const char* key) {
  const Value* v = field(s, key);
  if (!v) return "";
  if (v->has_string_value()) return v->string_value();
  if (v->has_number_value()) return fmt::format("{}", v->number_value());
  return "";
}

// "N0,R2,..." (colour, marker corner 0 upper left, 1 upper right,
// 2 lower left, 3 lower right; top row first) -> our layout.
std::string layout_of(const std::string& start, const std::string& file) {
  static const char* kCorners[] = {"nw", "ne", "sw", "se"};
  std::vector<std::string> tiles;
  std::size_t at = 0;
  while (at <= start.size()) {
    const auto comma = std::min(start.find(',', at), start.size());
    const std::string t = start.substr(at, comma - at);
    if (t.size() != 2 || std::string("RBGN").find(t[0]) == std::string::npos || t[1] < '0' || t[1] > '3')
      throw RecordError(fmt::format("{}: startingPosition tile {} '{}' is not a colour R B G N and a corner 0-3", file,
                                    tiles.size() + 1, clipped(t)));
    tiles.push_back(fmt::format("{}-{}", static_cast<char>(std::tolower(our_colour(t[0]))), kCorners[t[1] - '0']));
    at = comma + 1;
  }
  if (tiles.size() != 20)
    throw RecordError(fmt::format("{}: startingPosition has {} tiles, not 20", file, tiles.size()));
  std::string layout;
  for (std::size_t t = 0; t < tiles.size(); ++t) layout += (t == 0 ? "" : t % 4 == 0 ? " / " : " ") + tiles[t];
  return layout;
}

// "RT-e3", "ND-c4(e3)", "pass" -> a turn (colours exchanged).
CityTurn turn_of(std::string move, int seat, const std::string& where) {
  CityTurn t;
  t.seat = seat;
  t.where = where;
  t.written = move;
  std::string m;
  for (char c : move)
    if (!std::isspace(static_cast<unsigned char>(c)))
      m += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (m == "pass") {
    t.pass = true;
    return t;
  }
  auto bad = [&] {
    return RecordError(fmt::format("{} '{}': not an Abstract Play Alien City move (PIECE-lot, PIECE-lot(lot) or pass)",
                                   where, clipped(move)));
  };
  const auto dash = m.find('-');
  if (dash != 2) throw bad();
  const char colour = static_cast<char>(std::toupper(static_cast<unsigned char>(m[0])));
  const char kind = static_cast<char>(std::toupper(static_cast<unsigned char>(m[1])));
  if (std::string("RBGN").find(colour) == std::string::npos || (kind != 'T' && kind != 'D') ||
      (colour == 'N' && kind == 'T'))
    throw bad();
  t.piece = std::string(1, our_colour(colour)) + kind;
  const auto paren = m.find('(');
  t.lot = lot_name(m.substr(3, paren == std::string::npos ? std::string::npos : paren - 3));
  if (t.lot.empty()) throw bad();
  if (paren != std::string::npos) {
    if (m.back() != ')') throw bad();
    t.claim = lot_name(m.substr(paren + 1, m.size() - paren - 2));
    if (t.claim.empty()) throw bad();
  }
  return t;
}

}  // namespace

AbstractPlayGame read_abstractplay(const std::string& json, const std::string& file) {
  Struct root;
  if (const auto at = gamehost::echo::invalid_utf8_at(json))
    throw RecordError(fmt::format("{}: not UTF-8 text (byte {})", file, *at));
  if (const auto at = gamehost::echo::json_too_deep_at(json))
    throw RecordError(fmt::format("{}: not JSON: arrays and objects nested more than {} deep (byte {})", file,
                                  gamehost::echo::kMaxJsonDepth, *at));
  if (const auto status = google::protobuf::util::JsonStringToMessage(json, &root); !status.ok())
    throw RecordError(
        fmt::format("{}: not JSON: {}", file, gamehost::echo::clipped_words(status.message().as_string())));
  const Value* header = field(root, "header");
  const Value* moves = field(root, "moves");
  if (!header || !header->has_struct_value() || !moves || !moves->has_list_value())
    throw RecordError(fmt::format("{}: not an Abstract Play game record (no header and moves)", file));
  const Struct& h = header->struct_value();
  const Value* game = field(h, "game");
  const std::string name = game && game->has_struct_value() ? text_field(game->struct_value(), "name") : "";
  if (name != "Alien City")
    throw OtherGameError(fmt::format("{}: the record is of '{}', this import reads Alien City", file, clipped(name)));
  if (const Value* v = field(game->struct_value(), "variants");
      v && v->has_list_value() && v->list_value().values_size())
    throw RecordError(
        fmt::format("{}: variants are not mapped (the record names {})", file, v->list_value().values_size()));
  AbstractPlayGame out;
  CityGame& g = out.game;
  const std::string start = text_field(h, "startingPosition");
  if (start.empty()) throw RecordError(fmt::format("{}: no startingPosition: the city's layout is needed", file));
  g.layout = layout_of(start, file);
  g.meta.event = text_field(h, "event");
  g.meta.round = text_field(h, "round");
  g.meta.date = text_field(h, "date-start");
  std::string gameid;
  if (const Value* site = field(h, "site"); site && site->has_struct_value()) {
    g.meta.site = text_field(site->struct_value(), "name");
    gameid = text_field(site->struct_value(), "gameid");
  }
  g.meta.source = fmt::format("Abstract Play record {}{}, red and blue exchanged", file,
                              gameid.empty() ? "" : " (game " + gameid + ")");
  const Value* players = field(h, "players");
  if (!players || !players->has_list_value() || players->list_value().values_size() != 2)
    throw RecordError(fmt::format("{}: players must list the two players", file));
  for (const auto& p : players->list_value().values()) {
    if (!p.has_struct_value()) throw RecordError(fmt::format("{}: a player is not an object", file));
    g.meta.players.push_back(text_field(p.struct_value(), "name"));
    if (const Value* s = field(p.struct_value(), "score"); s && s->has_number_value())
      out.scores.push_back(s->number_value());
  }
  if (out.scores.size() != 2) out.scores.clear();
  int round = 0;
  for (const auto& r : moves->list_value().values()) {
    ++round;
    if (!r.has_list_value()) throw RecordError(fmt::format("{}: round {} is not a list of moves", file, round));
    int seat = 0;
    for (const auto& entry : r.list_value().values()) {
      const std::string where = fmt::format("{}: round {}, player {}", file, round, seat + 1);
      if (seat > 1) throw RecordError(fmt::format("{}: more than two moves in a round", where));
      std::string move;
      if (entry.has_string_value()) move = entry.string_value();
      else if (entry.has_struct_value()) move = text_field(entry.struct_value(), "move");
      else if (!entry.has_null_value())
        throw RecordError(fmt::format("{}: a move is a string or {{\"move\": ...}}", where));
      if (!entry.has_null_value()) {
        g.turns.push_back(turn_of(move, seat, where));
      }
      ++seat;
    }
  }
  return out;
}

}  // namespace alien_city::records
