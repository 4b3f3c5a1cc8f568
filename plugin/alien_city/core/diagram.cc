#include "diagram.h"

#include <cctype>
#include <sstream>
#include <vector>

#include "common/board_text.h"
#include "common/text.h"
#include "rules.h"
#include "streets.h"

namespace alien_city {
namespace {

constexpr const char* kColumnsLine = "     A    B    C    D    E    F    G    H";

std::string supply_line(Player p, const Supply& s) {
  std::string out = std::string(player_name(p)) + ":";
  for (int k = 0; k < kPieceKinds; ++k)
    out += " " + std::string(piece_code(static_cast<Piece>(k))) + std::to_string(s.pieces[k]);
  return out + " caps" + std::to_string(s.caps);
}

char structure_char(std::optional<Piece> p) {
  if (!p) return '.';
  const char c = colour_letter(piece_colour(*p));
  return is_tower(*p) ? static_cast<char>(std::toupper(c)) : c;
}

using gamecore::lower;
using gamecore::trim;

// The terminal board (`gamehost show`) reads back as a diagram: its caps
// ○ ● are W and B (docs/diagram.md).
std::string from_display(const std::string& raw) {
  const std::string line = gamecore::without_board_marks(raw);
  std::string out;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line.compare(i, 3, "\u25CB") == 0) out += 'W', i += 2;       // ○
    else if (line.compare(i, 3, "\u25CF") == 0) out += 'B', i += 2;  // ●
    else out += line[i];
  }
  return out;
}

Error line_error(int line, std::string why) {
  return Error{"diagram", "diagram line " + std::to_string(line) + ": " + why};
}

Expected<Supply> parse_supply(const std::string& text, int line) {
  Supply s;
  std::istringstream in(text);
  std::string item;
  std::array<bool, kPieceKinds + 1> seen{};
  while (in >> item) {
    std::size_t digits = item.size();
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(item[digits - 1]))) --digits;
    if (digits == item.size() || item.size() - digits > 2)
      return line_error(line, "supply item '" + item + "' needs a count, e.g. RT3 or caps2");
    const int count = std::stoi(item.substr(digits));
    const std::string name = lower(item.substr(0, digits));
    if (name == "caps") {
      if (count > 3) return line_error(line, "at most 3 caps");
      s.caps = static_cast<std::uint8_t>(count);
      seen[kPieceKinds] = true;
    } else if (auto piece = parse_piece_code(name)) {
      if (count > 6) return line_error(line, "'" + item + "': no supply holds that many");
      s.pieces[static_cast<int>(*piece)] = static_cast<std::uint8_t>(count);
      seen[static_cast<int>(*piece)] = true;
    } else {
      return line_error(line, "'" + item + "' is not a supply item (RT BT GT RD BD GD KD caps)");
    }
  }
  for (bool b : seen)
    if (!b) return line_error(line, "a supply line lists all of RT BT GT RD BD GD KD and caps");
  return s;
}

}  // namespace

std::string diagram_header(const State& s) {
  std::string out = "to-move: ";
  if (s.is_over()) {
    out += "over";
  } else {
    out += std::string(player_name(s.to_move())) + (s.phase() == Phase::Claim ? " claim" : " build");
  }
  out += "\n" + supply_line(Player::White, s.supply(Player::White)) + "\n";
  out += supply_line(Player::Black, s.supply(Player::Black)) + "\n";
  return out;
}

std::string to_diagram(const State& s) {
  std::string out = diagram_header(s);
  out += std::string(kColumnsLine) + "\n";
  for (int row = kRows - 1; row >= 0; --row) {
    std::string line = (row + 1 < 10 ? " " : "") + std::to_string(row + 1) + " ";
    for (int col = 0; col < kCols; ++col) {
      const Lot lot = lot_at(col, row);
      line += ' ';
      line += colour_letter(s.tile_colour_of(lot));
      line += s.is_icon_lot(lot) ? '*' : '.';
      line += structure_char(s.piece_at(lot));
      const auto owner = s.claimed_by(lot);
      line += !owner ? '.' : (*owner == Player::White ? 'W' : 'B');
    }
    out += line + "\n";
  }
  return out + kColumnsLine + "\n";
}

Expected<State> parse_diagram(std::string_view text) {
  struct Cell {
    Colour tile;
    bool icon;
    std::optional<Piece> piece;
    std::optional<Player> owner;
  };
  std::array<Cell, kLots> cells{};
  std::array<bool, kRows> row_seen{};
  std::optional<std::string> to_move;
  std::array<std::optional<Supply>, 2> supplies;
  int to_move_line = 0;

  for (const auto& content : gamecore::content_lines(text, from_display)) {
    // Plain names, not structured bindings: lambdas below capture them.
    const int line_no = content.number;
    const std::string& line = content.text;
    const std::string low = lower(line);
    if (low.rfind("to-move:", 0) == 0) {
      to_move = lower(trim(line.substr(8)));
      to_move_line = line_no;
      continue;
    }
    if (low.rfind("white:", 0) == 0 || low.rfind("black:", 0) == 0) {
      auto supply = parse_supply(line.substr(6), line_no);
      if (!supply) return supply.error();
      supplies[low[0] == 'w' ? 0 : 1] = *supply;
      continue;
    }
    if (line[0] == 'A') continue;  // the column letters
    std::istringstream cells_in(line);
    int row = 0;
    if (!(cells_in >> row) || row < 1 || row > kRows)
      return line_error(line_no, "expected a board row '10 ...' to ' 1 ...', a header or a comment");
    if (row_seen[row - 1]) return line_error(line_no, "row " + std::to_string(row) + " appears twice");
    row_seen[row - 1] = true;
    for (int col = 0; col < kCols; ++col) {
      std::string cell;
      const std::string lot = std::string(1, static_cast<char>('A' + col)) + std::to_string(row);
      if (!(cells_in >> cell)) return line_error(line_no, "row " + std::to_string(row) + " has fewer than 8 lots");
      const auto tile = cell.size() == 4 ? parse_colour_letter(cell[0]) : std::nullopt;
      if (!tile || !std::islower(static_cast<unsigned char>(cell[0])) || (cell[1] != '*' && cell[1] != '.'))
        return line_error(line_no, lot + " '" + cell + "': a lot is tile colour (r b g k), icon (* or .), structure, claim");
      Cell& c = cells[lot_at(col, row - 1)];
      c.tile = *tile;
      c.icon = cell[1] == '*';
      if (cell[2] != '.') {
        const auto colour = parse_colour_letter(cell[2]);
        const bool tower = std::isupper(static_cast<unsigned char>(cell[2]));
        if (!colour || (tower && *colour == Colour::Black))
          return line_error(line_no, lot + " '" + cell + "': structure is . or R B G (towers) or r b g k (domes)");
        c.piece = tower ? tower_of(*colour) : dome_of(*colour);
      }
      if (cell[3] == 'W' || cell[3] == 'B') {
        if (!c.piece || !is_tower(*c.piece)) return line_error(line_no, lot + ": only a tower can carry a claim");
        c.owner = cell[3] == 'W' ? Player::White : Player::Black;
      } else if (cell[3] != '.') {
        return line_error(line_no, lot + " '" + cell + "': claim is '.', 'W' or 'B'");
      }
    }
    std::string extra;
    if (cells_in >> extra) return line_error(line_no, "row " + std::to_string(row) + " has more than 8 lots");
  }
  for (int r = 0; r < kRows; ++r)
    if (!row_seen[r]) return Error{"diagram", "diagram: row " + std::to_string(r + 1) + " is missing"};

  Layout layout;
  for (int t = 0; t < kTiles; ++t) {
    int icons = 0;
    for (int corner = 0; corner < 4; ++corner) {
      const Cell& c = cells[tile_lot(t, static_cast<Corner>(corner))];
      if (c.tile != cells[tile_lot(t, Corner::SouthWest)].tile)
        return Error{"diagram", "diagram: the tile of " + lot_name(tile_lot(t, Corner::SouthWest)) +
                                    " has lots of different colours"};
      if (c.icon) ++icons, layout.icon[t] = static_cast<Corner>(corner);
    }
    layout.colour[t] = cells[tile_lot(t, Corner::SouthWest)].tile;
    if (icons != 1)
      return Error{"diagram", "diagram: the tile of " + lot_name(tile_lot(t, Corner::SouthWest)) +
                                  " needs exactly one icon lot (*), has " + std::to_string(icons)};
  }
  State s(layout);
  for (Lot lot = 0; lot < kLots; ++lot)
    if (cells[lot].piece) s.place(lot, *cells[lot].piece, std::nullopt);
  for (Lot lot = 0; lot < kLots; ++lot)
    if (cells[lot].owner) s.cap(lot, *cells[lot].owner);
  for (Player p : {Player::White, Player::Black}) {
    if (supplies[index_of(p)]) {
      if (supplies[index_of(p)]->caps + s.claimed_by(p).count() > 3)
        return Error{"diagram", "diagram: " + std::string(player_name(p)) + " has more than 3 caps in all"};
      s.set_supply(p, *supplies[index_of(p)]);
    }
  }
  // A position that breaks the street rule is read, not refused (ruling R17):
  // no build can mend the streets, so it is over whatever "to-move" says,
  // and rule_warnings() names what it breaks.
  if (!streets_valid(s)) {
    s.set_turn(Player::Black, Phase::Over, Player::Black);
    return s;
  }

  const bool white_can = has_legal_build(s, Player::White);
  const bool black_can = has_legal_build(s, Player::Black);
  if (!to_move) {
    if (black_can) s.set_turn(Player::Black, Phase::Build, Player::Black);
    else if (white_can) s.set_turn(Player::White, Phase::Build, Player::White);
    else s.set_turn(Player::Black, Phase::Over, Player::Black);
    return s;
  }
  std::istringstream words(*to_move);
  std::string who, phase;
  words >> who >> phase;
  if (who == "over" && phase.empty()) {
    if (white_can || black_can)
      return line_error(to_move_line, "'over' but " + std::string(black_can ? "Black" : "White") +
                                          " can still build");
    s.set_turn(Player::Black, Phase::Over, Player::Black);
    return s;
  }
  if ((who != "white" && who != "black") || (phase != "build" && phase != "claim"))
    return line_error(to_move_line, "to-move is 'White build', 'Black claim', ... or 'over'");
  const Player p = who == "white" ? Player::White : Player::Black;
  const bool p_can = p == Player::White ? white_can : black_can;
  const bool q_can = p == Player::White ? black_can : white_can;
  if (phase == "build") {
    if (!p_can) return line_error(to_move_line, std::string(player_name(p)) + " has no legal build here");
    s.set_turn(p, Phase::Build, p);
  } else {
    if (!p_can && !q_can) return line_error(to_move_line, "no claim after the game's last build (rule: claiming)");
    if (!claim_possible(s, p))
      return line_error(to_move_line, std::string(player_name(p)) + " cannot claim (no cap or no unclaimed tower)");
    s.set_turn(p, Phase::Claim, q_can ? other(p) : p);
  }
  return s;
}

}  // namespace alien_city
