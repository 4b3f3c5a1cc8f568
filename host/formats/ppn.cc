#include "gamehost/formats/ppn.h"
#include "gamehost/input_checks.h"

#include <fmt/core.h>
#include <yaml-cpp/yaml.h>

#include <cctype>
#include <map>
#include <sstream>

namespace gamehost::formats {
namespace {

// Tile suits and the colours they stand for: suns red, moons black,
// crowns green, arms blue (ppgames also writes the colour letters).
char colour_of_suit(char suit) {
  switch (suit) {
    case 'S': case 'R': return 'r';
    case 'M': case 'K': return 'k';
    case 'C': case 'G': return 'g';
    case 'A': case 'B': return 'b';
    default: return 0;
  }
}
char suit_of_colour(char colour) {
  switch (colour) {
    case 'r': return 'S';
    case 'k': return 'M';
    case 'g': return 'C';
    default: return 'A';
  }
}

// Tile direction: where the suit symbol (the icon) sits. Upright (^) puts
// it in the upper left corner; < is turned a quarter left, > a quarter right.
const char* corner_of_direction(char d) {
  switch (d) {
    case '^': return "nw";
    case '<': return "sw";
    case 'v': return "se";
    case '>': return "ne";
    default: return nullptr;
  }
}
char direction_of_corner(const std::string& corner) {
  return corner == "nw" ? '^' : corner == "sw" ? '<' : corner == "se" ? 'v' : '>';
}

bool is_rank(char c) { return c == 'n' || c == 'a' || (c >= '0' && c <= '6'); }

// "C3^Sa^S5vAa>/M4>..." (or without ranks, or with colour letters) -> our layout.
std::string layout_of_tiles(const std::string& tiles, const std::string& where) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < tiles.size()) {
    const char c = tiles[i];
    if (std::isspace(static_cast<unsigned char>(c)) || c == '/' || c == ':' || c == ';' || c == '|' || c == '\\') {
      ++i;
      continue;
    }
    const char colour = colour_of_suit(c);
    if (!colour) throw HostError(fmt::format("{}: Tiles: '{}' is not a suit (S M C A) or colour (R K G B)", where, c));
    std::size_t j = i + 1;
    if (j < tiles.size() && is_rank(tiles[j])) ++j;
    const char* corner = j < tiles.size() ? corner_of_direction(tiles[j]) : nullptr;
    if (!corner)
      throw HostError(fmt::format("{}: Tiles: tile {} '{}' needs a direction ^ < v >", where, out.size() + 1,
                                  clipped(tiles.substr(i, j + 1 - i))));
    out.push_back(fmt::format("{}-{}", colour, corner));
    i = j + 1;
  }
  if (out.size() != 20) throw HostError(fmt::format("{}: Tiles: {} tiles, Alien City lays out 20", where, out.size()));
  std::string layout;
  for (std::size_t t = 0; t < out.size(); ++t) layout += (t == 0 ? "" : t % 4 == 0 ? " / " : " ") + out[t];
  return layout;
}

std::string scalar(const YAML::Node& node, const char* key) {
  const YAML::Node v = node[key];
  return v && v.IsScalar() ? v.as<std::string>() : "";
}

void read_header(const std::string& yaml, const std::string& where, CityGame& game) {
  YAML::Node h;
  try {
    h = YAML::Load(yaml);
  } catch (const YAML::Exception& e) {
    throw HostError(fmt::format("{}: the YAML header does not read: {}", where, e.what()));
  }
  if (!h.IsMap()) throw HostError(fmt::format("{}: the header is not a YAML mapping", where));
  const YAML::Node type = h["GameType"];
  std::string name = type && type.IsScalar() ? type.as<std::string>() : type && type.IsMap() ? scalar(type, "Name") : "";
  std::string key;
  for (char c : name)
    if (std::isalpha(static_cast<unsigned char>(c))) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (key != "aliencity")
    throw HostError(fmt::format("{}: GameType is '{}', this import reads Alien City", where, clipped(name)));
  const std::string tiles = type.IsMap() ? scalar(type, "Tiles") : "";
  if (tiles.empty()) throw HostError(fmt::format("{}: GameType has no Tiles: the layout of the city is needed", where));
  game.layout = layout_of_tiles(tiles, where);
  game.meta.event = scalar(h, "Event");
  game.meta.site = scalar(h, "Site");
  game.meta.date = scalar(h, "Date");
  game.meta.round = scalar(h, "Round");
  if (const YAML::Node players = h["Players"]) {
    if (players.IsMap()) {
      const std::string black = scalar(players, "Black"), white = scalar(players, "White");
      if (black.empty() || white.empty())
        throw HostError(fmt::format("{}: Players names Black and White, or lists them in turn order", where));
      game.meta.players = {black, white};
    } else if (players.IsSequence() && players.size() == 2) {
      game.meta.players = {players[0].as<std::string>(), players[1].as<std::string>()};
    } else {
      throw HostError(fmt::format("{}: Players names Black and White, or lists them in turn order", where));
    }
  }
}

// A piece token "B3x", "S", "K1x" -> our piece, or "cap" with the cap's seat.
struct Piece {
  std::string ours;  // "BT", "RD"... or "cap"
  int cap_seat = -1;
};
std::optional<Piece> piece_of(const std::string& t) {
  if (t.size() == 1) {
    switch (t[0]) {
      case 'S': return Piece{"RD"};
      case 'M': return Piece{"KD"};
      case 'C': return Piece{"GD"};
      case 'A': return Piece{"BD"};
      default: return std::nullopt;
    }
  }
  if ((t.size() == 2 || t.size() == 3) && (t.size() == 2 || std::isalpha(static_cast<unsigned char>(t[2])))) {
    if (t[1] == '3' && (t[0] == 'R' || t[0] == 'B' || t[0] == 'G')) return Piece{std::string(1, t[0]) + "T"};
    if (t[1] == '1' && (t[0] == 'K' || t[0] == 'W')) return Piece{"cap", t[0] == 'K' ? kBlack : kWhite};
  }
  return std::nullopt;
}

class Movetext {
 public:
  Movetext(const std::string& file, CityGame& game) : file_(file), game_(game) {}

  void read(const std::string& text, int first_line) {
    int line = first_line;
    std::size_t i = 0;
    while (i < text.size()) {
      const char c = text[i];
      if (c == '\n') ++line;
      if (std::isspace(static_cast<unsigned char>(c))) {
        ++i;
        continue;
      }
      if (c == '{') {
        const auto end = text.find('}', i);
        if (end == std::string::npos) fail(line, "a comment '{' is never closed");
        std::string note = text.substr(i + 1, end - i - 1);
        for (std::size_t k = i; k < end; ++k) line += text[k] == '\n';
        comment(note);
        i = end + 1;
        continue;
      }
      std::size_t j = i;
      while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])) && text[j] != '{') ++j;
      token(text.substr(i, j - i), line);
      i = j;
    }
  }

 private:
  [[noreturn]] void fail(int line, const std::string& what) const {
    throw HostError(fmt::format("{} line {}: {}", file_, line, what));
  }

  // A comment belongs to what is written before it (ppn reads comments by
  // move number): before the first move number, the setup (ply 0); after a
  // build, its ply; after a cap, the claim's. One written between a move
  // number and its build waits for the build.
  void comment(std::string note) {
    const auto b = note.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return;
    note = note.substr(b, note.find_last_not_of(" \t\r\n") - b + 1);
    // A variation as export writes it (ppn_variations.h): not a note, and
    // not read back (import reads the main line).
    if (is_variation_comment(note)) {
      ++game_.skipped_variations;
      return;
    }
    if (seat_ < 0) game_.opening_notes.push_back(note);
    else if (!open_) waiting_.push_back(note);
    else (game_.turns.back().claim.empty() ? game_.turns.back().build_notes : game_.turns.back().claim_notes).push_back(note);
  }

 public:
  // Comments after the last move number with no build after them.
  void finish() {
    for (auto& note : waiting_) {
      if (game_.turns.empty()) game_.opening_notes.push_back(note);
      else (game_.turns.back().claim.empty() ? game_.turns.back().build_notes : game_.turns.back().claim_notes).push_back(note);
    }
    waiting_.clear();
  }

 private:

  void token(const std::string& t, int line) {
    const auto dot = t.find('.');
    if (dot != std::string::npos && dot > 0 && std::isdigit(static_cast<unsigned char>(t[0]))) {
      const std::string rest = t.substr(dot);
      if (rest != "." && rest != "...") fail(line, fmt::format("'{}' is not a move number (1. or 1...)", clipped(t)));
      number_ = t.substr(0, dot);
      seat_ = rest == "." ? kBlack : kWhite;
      open_ = false;
      return;
    }
    const auto at = t.find('@');
    if (seat_ < 0) fail(line, fmt::format("'{}' before the first move number", clipped(t)));
    if (at == std::string::npos) fail(line, fmt::format("'{}' is not a placement PIECE@LOT", clipped(t)));
    const auto piece = piece_of(t.substr(0, at));
    const std::string lot = lot_name(t.substr(at + 1));
    if (!piece)
      fail(line, fmt::format("'{}': '{}' is not an Alien City piece (R3x B3x G3x towers, S M C A domes, K1x W1x caps)",
                             t, t.substr(0, at)));
    if (lot.empty()) fail(line, fmt::format("'{}': '{}' is not a lot a1..h10", clipped(t), clipped(t.substr(at + 1))));
    const std::string where = fmt::format("{} line {}, move {}{}", file_, line, number_, seat_ == kBlack ? "." : "...");
    if (piece->ours != "cap") {
      if (open_) fail(line, fmt::format("'{}': a second build in move {}{}", t, number_, seat_ == kBlack ? "." : "..."));
      CityTurn turn;
      turn.seat = seat_;
      turn.piece = piece->ours;
      turn.lot = lot;
      turn.where = where;
      turn.written = t;
      turn.build_notes = std::move(waiting_);
      waiting_.clear();
      game_.turns.push_back(turn);
      open_ = true;
      return;
    }
    if (!open_ || !game_.turns.back().claim.empty()) {
      // Refused when play reaches it, so --keep-legal keeps the game before it.
      CityTurn turn;
      turn.seat = seat_;
      turn.where = where;
      turn.written = t;
      turn.problem = "a cap comes after the build of its turn, once (a turn is a build, then maybe a cap)";
      turn.build_notes = std::move(waiting_);
      waiting_.clear();
      game_.turns.push_back(turn);
      open_ = true;
      return;
    }
    if (piece->cap_seat != seat_)
      fail(line, fmt::format("'{}': {} caps are {}'s, but move {}{} is {}'s", t, seat_ == kBlack ? "W1x" : "K1x",
                             piece->cap_seat == kBlack ? "Black" : "White", number_, seat_ == kBlack ? "." : "...",
                             seat_ == kBlack ? "Black" : "White"));
    game_.turns.back().claim = lot;
    game_.turns.back().written += " " + t;
  }

  std::string file_;
  CityGame& game_;
  std::string number_;
  int seat_ = -1;
  bool open_ = false;  // the current move has its build
  std::vector<std::string> waiting_;  // comments between a move number and its build
};

}  // namespace

CityGame read_ppn(const std::string& text, const std::string& file) {
  std::istringstream in(text);
  std::string line, yaml, movetext;
  int line_no = 0, header_line = 0, movetext_line = 0;
  enum { Before, Header, Moves } part = Before;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (part == Before) {
      if (line.rfind("---", 0) == 0) part = Header, header_line = line_no;
      else if (line.find_first_not_of(" \t") != std::string::npos)
        throw HostError(fmt::format("{} line {}: a PPN game starts with its header '---'", file, line_no));
    } else if (part == Header) {
      if (line.rfind("...", 0) == 0) part = Moves, movetext_line = line_no + 1;
      else if (line.rfind("---", 0) == 0) part = Moves, movetext_line = line_no + 1;
      else yaml += line + "\n";
    } else {
      if (line.rfind("---", 0) == 0)
        throw HostError(fmt::format("{} line {}: a second game; import reads one game per file", file, line_no));
      movetext += line + "\n";
    }
  }
  if (part == Before) throw HostError(fmt::format("{}: no PPN game (no '---' header)", file));
  if (part == Header) throw HostError(fmt::format("{} line {}: the header is never closed by '...'", file, header_line));
  CityGame game;
  read_header(yaml, fmt::format("{} line {}", file, header_line), game);
  Movetext moves(file, game);
  moves.read(movetext, movetext_line);
  moves.finish();
  return game;
}

std::optional<std::string> ppn_refusal(const std::string& game_id, const std::vector<pb::OptionValue>& options) {
  if (game_id != "alien_city") return fmt::format("PPN export is for Alien City, not {}", game_id);
  for (const auto& o : options)
    if (o.name() == "position" && !o.value().empty())
      return "PPN export: the game starts from a position diagram; PPN records games from an empty city";
  return std::nullopt;
}

std::string write_ppn(const pb::GameRecord& record, const NotesByPly& notes, const PpnVariations& variations) {
  const auto& h = record.header();
  if (auto why = ppn_refusal(h.game_id(), {h.options().begin(), h.options().end()})) throw HostError(*why);
  // Tiles: suit, rank (numbered n a 2..5 per suit in reading order: the
  // host does not know which physical tile lay where), direction.
  std::string setup = h.setup();
  for (char& c : setup)
    if (c == '/' || c == '\n') c = ' ';
  std::istringstream tiles_in(setup);
  std::string tile, tiles;
  std::map<char, int> used;
  static const char* kRanks = "na2345";
  int count = 0;
  while (tiles_in >> tile) {
    if (tile.size() != 4) throw HostError(fmt::format("PPN export: the setup's tile '{}' is not colour-corner", tile));
    const char suit = suit_of_colour(tile[0]);
    if (used[suit] == 6)
      throw HostError(fmt::format("PPN export: more than six {} tiles, more than a piecepack holds", tile[0]));
    tiles += fmt::format("{}{}{}{}", count > 0 && count % 4 == 0 ? "/" : "", suit, kRanks[used[suit]++],
                         direction_of_corner(tile.substr(2)));
    ++count;
  }
  YAML::Emitter y;
  y << YAML::BeginMap;
  for (const auto& [key, value] : {std::pair{"Event", h.event()}, {"Site", h.site()}, {"Date", h.date()},
                                   {"Round", h.round()}})
    if (!value.empty()) y << YAML::Key << key << YAML::Value << value;
  if (h.players_size() == 2 && !h.players(0).person().empty())
    y << YAML::Key << "Players" << YAML::Value << YAML::BeginMap << YAML::Key << "Black" << YAML::Value
      << h.players(0).person() << YAML::Key << "White" << YAML::Value << h.players(1).person() << YAML::EndMap;
  y << YAML::Key << "GameType" << YAML::Value << YAML::BeginMap << YAML::Key << "Name" << YAML::Value << "Alien City"
    << YAML::Key << "Tiles" << YAML::Value << tiles << YAML::EndMap << YAML::EndMap;
  std::string out = std::string("---\n") + y.c_str() + "\n...\n";

  // Comments for the notes of `ply` (and of taken-back plies before it,
  // which PPN does not write: their notes go with the move played instead),
  // then the variations played instead of it, from the position before it.
  std::vector<std::string> carried;
  std::map<int, PpnTurns> turns_after;  // by ply: where a line from there starts
  turns_after[0] = PpnTurns();
  auto carry = [&](int ply) {
    if (const auto it = notes.find(ply); it != notes.end())
      for (const auto& note : it->second) carried.push_back(fmt::format(" {{{}}}", note));
    if (const auto it = variations.find(ply - 1); it != variations.end())
      carried.push_back(ppn_variation_comments(it->second, turns_after.at(ply - 1)));
  };
  auto comments = [&](int ply) {
    carry(ply);
    std::string text;
    for (const auto& c : carried) text += c;
    carried.clear();
    return text;
  };
  for (const auto& [ply, texts] : notes)
    for (const auto& note : texts)
      if (note.find('}') != std::string::npos)
        throw HostError(fmt::format("PPN export: the note on ply {} holds a '}}', which would end its PPN comment: {}",
                                    ply, note));
  if (const std::string c = comments(0); !c.empty()) out += c.substr(1) + "\n";
  PpnTurns turns;
  std::string line;
  for (const auto& p : record.plies()) {
    const int ply = static_cast<int>(p.ply());
    if (p.taken_back()) {  // the position after it is the one before it
      carry(ply);
      turns_after[ply] = turns;
      continue;
    }
    const std::string& n = p.notation();
    if (n == "decline") {  // PPN writes no decline: its notes follow the build
      line += comments(ply);
    } else if (!is_build(n)) {
      line += " " + ppn_cap(p.player(), n) + comments(ply);
    } else {
      if (p.player() == kBlack || turns.last_seat == kWhite) {
        if (!line.empty()) out += line + "\n";
        line.clear();
      }
      turns.build = turns.next(p.player()) + " " + ppn_build(n);
      line += (line.empty() ? "" : " ") + turns.build + comments(ply);
    }
    turns_after[ply] = turns;
  }
  line += comments(record.plies_size() + 1);  // notes of trailing taken-back plies, lines after the end
  if (!line.empty()) out += line + "\n";
  if (record.has_result()) out += fmt::format("{{ {} }}\n", record.result().result());
  return out;
}

}  // namespace gamehost::formats
