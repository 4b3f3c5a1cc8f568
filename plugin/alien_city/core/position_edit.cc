#include "position_edit.h"

#include <cctype>

#include "diagram.h"
#include "setup.h"

namespace alien_city {
namespace {

constexpr const char* kTurns[] = {"White build", "Black build", "White claim", "Black claim", "over"};

Error edit_error(std::string why) { return Error{"edit", "edit: " + why}; }

// The diagram's lines (to_diagram: three header lines, the column letters,
// rows 10 to 1) and where a lot's four characters are in them.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    out.push_back(text.substr(at, end - at));
    at = end == std::string::npos ? text.size() : end + 1;
  }
  return out;
}

char& cell(std::vector<std::string>& lines, Lot lot, int part) {
  return lines[4 + (kRows - 1 - row_of(lot))][static_cast<std::size_t>(4 + 5 * col_of(lot) + part)];
}

// Reads the edited lines back; a turn the position no longer allows gives
// way to the reader's default (an editor warns, it does not forbid).
Expected<State> reread(std::vector<std::string> lines, bool keep_turn_strict = false) {
  std::string text;
  for (const auto& l : lines) text += l + "\n";
  auto s = parse_diagram(text);
  if (s || keep_turn_strict) return s;
  lines[0] = "# to-move: default";
  text.clear();
  for (const auto& l : lines) text += l + "\n";
  return parse_diagram(text);
}

Expected<State> edit_lot(const State& s, int kind, Lot lot) {
  auto lines = lines_of(to_diagram(s));
  const bool tower = s.towers().contains(lot);
  if (kind == static_cast<int>(LotEdit::Empty)) {
    cell(lines, lot, 2) = '.', cell(lines, lot, 3) = '.';
  } else if (kind < static_cast<int>(LotEdit::CapWhite)) {
    const Piece p = static_cast<Piece>(kind - 1);
    const char c = colour_letter(piece_colour(p));
    cell(lines, lot, 2) = is_tower(p) ? static_cast<char>(std::toupper(c)) : c;
    cell(lines, lot, 3) = '.';
  } else if (kind <= static_cast<int>(LotEdit::NoCap)) {
    if (!tower) return edit_error(lot_name(lot) + " holds no tower to cap");
    const char mark = kind == static_cast<int>(LotEdit::CapWhite) ? 'W' : kind == static_cast<int>(LotEdit::CapBlack) ? 'B' : '.';
    const Player p = mark == 'W' ? Player::White : Player::Black;
    if (mark != '.' && cell(lines, lot, 3) != mark) {
      if (s.claimed_by(p).count() >= 3)
        return edit_error(std::string(player_name(p)) + " has 3 caps on the board already");
      // The cap comes from the supply when the supply still has one.
      State fewer = s;
      Supply sup = s.supply(p);
      if (sup.caps + s.claimed_by(p).count() >= 3 && sup.caps > 0) --sup.caps;
      fewer.set_supply(p, sup);
      lines = lines_of(to_diagram(fewer));
    }
    cell(lines, lot, 3) = mark;
  } else if (kind < static_cast<int>(LotEdit::Icon)) {
    const char c = colour_letter(static_cast<Colour>(kind - static_cast<int>(LotEdit::TileColour)));
    for (int corner = 0; corner < 4; ++corner) cell(lines, tile_lot(tile_of(lot), static_cast<Corner>(corner)), 0) = c;
  } else {
    for (int corner = 0; corner < 4; ++corner) {
      const Lot l = tile_lot(tile_of(lot), static_cast<Corner>(corner));
      cell(lines, l, 1) = l == lot ? '*' : '.';
    }
  }
  return reread(lines);
}

Expected<State> edit_supply(const State& s, int n) {
  const Player p = n / 16 == 0 ? Player::White : Player::Black;
  const int item = n % 16 / 2;
  const int delta = n % 2 ? 1 : -1;
  Supply sup = s.supply(p);
  if (item == kPieceKinds) {
    const int caps = sup.caps + delta;
    if (caps < 0 || caps + s.claimed_by(p).count() > 3) return edit_error("caps on the board and in the supply are at most 3");
    sup.caps = static_cast<std::uint8_t>(caps);
  } else {
    const int count = sup.pieces[item] + delta;
    if (count < 0 || count > 6) return edit_error("a supply holds 0 to 6 of a piece");
    sup.pieces[item] = static_cast<std::uint8_t>(count);
  }
  State out = s;
  out.set_supply(p, sup);
  return reread(lines_of(to_diagram(out)));
}

Expected<State> edit_layout(const State& s, const Layout& layout) {
  auto lines = lines_of(to_diagram(s));
  auto fresh = lines_of(to_diagram(State(layout)));
  for (Lot lot = 0; lot < kLots; ++lot)
    for (int part : {0, 1}) cell(lines, lot, part) = cell(fresh, lot, part);
  return reread(lines);
}

std::string supply_item_name(int item) {
  return item == kPieceKinds ? "cap" : piece_name(static_cast<Piece>(item));
}

}  // namespace

std::vector<EditChoice> lot_edits(const State& s, Lot lot) {
  std::vector<EditChoice> out;
  const auto piece = s.piece_at(lot);
  if (piece) out.push_back({lot_edit(LotEdit::Empty, lot), "empty the lot"});
  for (int k = 0; k < kPieceKinds; ++k)
    if (piece != static_cast<Piece>(k))
      out.push_back({lot_edit(LotEdit::Piece, lot, k), piece_name(static_cast<Piece>(k))});
  if (piece && is_tower(*piece)) {
    const auto owner = s.claimed_by(lot);
    if (owner != Player::White) out.push_back({lot_edit(LotEdit::CapWhite, lot), "White's cap"});
    if (owner != Player::Black) out.push_back({lot_edit(LotEdit::CapBlack, lot), "Black's cap"});
    if (owner) out.push_back({lot_edit(LotEdit::NoCap, lot), "no cap"});
  }
  for (int c = 0; c < kColours; ++c)
    if (s.tile_colour_of(lot) != static_cast<Colour>(c))
      out.push_back({lot_edit(LotEdit::TileColour, lot, c), "tile: " + std::string(colour_name(static_cast<Colour>(c)))});
  if (!s.is_icon_lot(lot)) out.push_back({lot_edit(LotEdit::Icon, lot), "the tile's icon here"});
  return out;
}

std::vector<EditChoice> turn_edits(const State&) {
  std::vector<EditChoice> out;
  for (int i = 0; i < 5; ++i) out.push_back({kTurnEdits + i, std::string("to move: ") + kTurns[i]});
  return out;
}

std::vector<EditChoice> supply_edits(const State&, Player p) {
  std::vector<EditChoice> out;
  const int base = kSupplyEdits + (p == Player::White ? 0 : 16);
  for (int item = 0; item <= kPieceKinds; ++item) {
    out.push_back({base + item * 2 + 1, std::string(player_name(p)) + ": one more " + supply_item_name(item)});
    out.push_back({base + item * 2, std::string(player_name(p)) + ": one " + supply_item_name(item) + " less"});
  }
  return out;
}

std::vector<EditChoice> city_edits() {
  std::vector<EditChoice> out{{kClearCity, "empty the city (full supplies)"}, {kEmptySupplies, "empty both supplies"}};
  for (int seed = 1; seed <= 9; ++seed) out.push_back({kLayoutEdits + seed, "tiles: the layout of seed " + std::to_string(seed)});
  return out;
}

Expected<State> apply_edit(const State& s, int id) {
  if (id < 0 || id >= kEditBound) return edit_error("no edit " + std::to_string(id));
  if (id < kTurnEdits) return edit_lot(s, id / kLots, id % kLots);
  if (id < kTurnEdits + 5) {
    auto lines = lines_of(to_diagram(s));
    lines[0] = std::string("to-move: ") + kTurns[id - kTurnEdits];
    auto out = reread(lines, true);
    // The reader takes any turn for a city whose streets are broken: it is over.
    if (out && out->is_over() && id - kTurnEdits != 4)
      return edit_error("the streets break rule 4, so no build can follow: the game is over (ruling R17)");
    return out;
  }
  if (id >= kSupplyEdits && id < kSupplyEdits + 32) return edit_supply(s, id - kSupplyEdits);
  if (id == kClearCity) return State(s.layout());
  if (id == kEmptySupplies) {
    State out = s;
    for (Player p : {Player::White, Player::Black}) out.set_supply(p, Supply{});
    return reread(lines_of(to_diagram(out)));
  }
  if (id > kLayoutEdits && id < kEditBound) return edit_layout(s, balanced_layout(static_cast<std::uint64_t>(id - kLayoutEdits)));
  return edit_error("no edit " + std::to_string(id));
}

Expected<State> apply_edits(const State& s, const std::string& ids) {
  State out = s;
  std::size_t at = 0;
  while (at < ids.size()) {
    const std::size_t end = std::min(ids.find(',', at), ids.size());
    const std::string item = ids.substr(at, end - at);
    at = end + 1;
    if (item.empty() || item.size() > 6 || item.find_first_not_of("0123456789") != std::string::npos)
      return edit_error("'" + item + "' is not an edit id");
    auto next = apply_edit(out, std::stoi(item));
    if (!next) return next.error();
    out = *next;
  }
  return out;
}

std::string without_edits_lines(const std::string& text, std::string& ids) {
  std::string out;
  for (const std::string& line : lines_of(text)) {
    if (line.rfind(kEditsLine, 0) != 0) {
      out += line + "\n";
      continue;
    }
    std::string list;
    for (char c : line.substr(kEditsLine.size()))
      if (c != ' ' && c != '\t' && c != '\r') list += c;
    if (!list.empty()) ids += (ids.empty() ? "" : ",") + list;
  }
  return out;
}

}  // namespace alien_city
