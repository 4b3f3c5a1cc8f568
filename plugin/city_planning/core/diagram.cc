#include "diagram.h"

#include <bit>
#include <cctype>
#include <map>
#include <sstream>
#include <vector>

#include "common/board_text.h"
#include "common/text.h"
#include "invariants.h"
#include "rules.h"
#include "stones.h"

namespace city_planning {
namespace {

std::string columns_line() {
  std::string out = "   ";
  for (int c = 0; c < kSize; ++c) {
    out += column_letter(c);
    if (c + 1 < kSize) out += "  ";
  }
  return out;
}

std::string pieces_text(PieceMask m) {
  if (!m) return "-";
  std::string out;
  for (; m; m &= m - 1) out += (out.empty() ? "" : " ") + piece_name(std::countr_zero(m));
  return out;
}

std::string cell(const State& s, Point p) {
  if (s.zone_at(p) != kNone) return piece_name(s.zone_at(p));
  if (s.coin_at(p) != kNone) {
    std::string n = piece_name(s.coin_at(p));
    n[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(n[0])));
    return n;
  }
  if (auto st = s.stone_at(p)) return *st == Stone::Population ? "O " : "X ";
  return ". ";
}

using gamecore::lower;
using gamecore::trim;

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

Error line_error(int line, const std::string& why) {
  return Error{"diagram", "diagram line " + std::to_string(line) + ": " + why};
}

bool parse_int(const std::string& w, int& out) {
  std::size_t i = (w.size() > 1 && w[0] == '-') ? 1 : 0;
  if (i == w.size() || w.size() > 7) return false;
  for (std::size_t j = i; j < w.size(); ++j)
    if (!std::isdigit(static_cast<unsigned char>(w[j]))) return false;
  out = std::stoi(w);
  return true;
}

}  // namespace

const char* phase_word(Phase p) {
  switch (p) {
    case Phase::Setup: return "setup";
    case Phase::Stones: return "stones";
    case Phase::Main: return "main";
    case Phase::DrawTile: return "draw-tile";
    case Phase::DrawCoin: return "draw-coin";
    default: return "over";
  }
}

std::string diagram_cell(const State& s, Point p) {
  std::string c = cell(s, p);
  if (c.back() == ' ') c.pop_back();
  return c;
}

std::string diagram_header(const State& s, std::optional<Player> viewer, bool spectator) {
  std::string out = "phase: ";
  out += s.phase() == Phase::Setup ? "setup" : std::string(1, player_letter(s.to_move())) + " " + phase_word(s.phase());
  out += "\n";
  if (s.stones_placed() > 0) {
    out += "placed:";
    for (int i = 0; i < s.stones_placed(); ++i) out += std::string(" ") + stone_letter(s.placed_stone(i));
    out += "\n";
  }
  out += "turn: " + std::to_string(s.turn()) + "\n";
  out += "passes: " + std::to_string(s.passes()) + "\n";
  out += "score: A " + std::to_string(s.score(Player::A)) + " B " + std::to_string(s.score(Player::B)) + "\n";
  for (Player p : {Player::A, Player::B}) {
    out += std::string("hand ") + player_letter(p) + ": ";
    if (spectator || (viewer && *viewer != p)) {
      std::string hidden;
      for (int i = 0; i < s.hand_size(p); ++i) hidden += (i ? " ?" : "?");
      out += hidden.empty() ? "-" : hidden;
    } else {
      out += pieces_text(s.hand(p));
    }
    out += "\n";
  }
  out += "face-up:";
  for (const FaceUp& f : s.face_up())
    out += f.tile == kNone ? " -" : " " + piece_name(f.tile) + "+" + std::to_string(f.stones);
  out += "\n";
  if (s.returned_count() > 0) {
    out += "returned:";
    for (int i = 0; i < s.returned_count(); ++i) out += " " + piece_name(s.returned(i));
    out += "\n";
  }
  const PieceMask removed = s.coins_in(CoinPlace::Removed);
  if (removed) out += "removed: " + pieces_text(removed) + "\n";
  for (PieceMask m = s.zones(); m; m &= m - 1) {
    const Tile t = std::countr_zero(m);
    if (s.developments_on(t)) out += "on " + piece_name(t) + ": " + pieces_text(s.developments_on(t)) + "\n";
  }
  out += "stack: " + std::to_string(std::popcount(s.unseen_tiles())) + " unseen\n";
  out += "bag: " + std::to_string(s.bag_size()) + "\n";
  return out;
}

// The diagram as `viewer` sees it; `spectator`: as every seat sees it.
static std::string to_diagram_as(const State& s, std::optional<Player> viewer, bool spectator);

std::string to_diagram(const State& s, std::optional<Player> viewer) { return to_diagram_as(s, viewer, false); }

std::string public_diagram(const State& s) { return to_diagram_as(s, std::nullopt, true); }

static std::string to_diagram_as(const State& s, std::optional<Player> viewer, bool spectator) {
  std::string out = diagram_header(s, viewer, spectator);
  out += columns_line() + "\n";
  for (int row = kSize - 1; row >= 0; --row) {
    std::string line = (row + 1 < 10 ? " " : "") + std::to_string(row + 1) + " ";
    for (int col = 0; col < kSize; ++col) line += cell(s, point_at(col, row)) + (col + 1 < kSize ? " " : "");
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

std::string to_diagram(const State& s) { return to_diagram(s, std::nullopt); }

Expected<State> parse_diagram(std::string_view text) {
  State s;
  // Start from an empty board: remove the starting cross.
  for (Point p : kStartPopulation) s.remove_stone(p);
  for (Point p : kStartResources) s.remove_stone(p);

  PieceMask tiles_used = 0, coins_used = 0;
  std::map<Tile, std::vector<Point>> zone_cells;
  std::vector<std::pair<Coin, Point>> board_coins;
  std::vector<std::pair<Point, Stone>> board_stones;
  std::vector<std::pair<Tile, Coin>> zone_coins;
  std::array<bool, kSize> row_seen{};
  Phase phase = Phase::Stones;
  Player to_move = Player::A;
  std::vector<Stone> placed;
  int turn = 0, passes = 0, unseen_check = -1, bag_check = -1;

  auto use_tile = [&](Tile t, int line) -> std::optional<Error> {
    if (tiles_used >> t & 1) return line_error(line, "tile " + piece_name(t) + " appears twice");
    tiles_used |= PieceMask{1} << t;
    return std::nullopt;
  };
  auto use_coin = [&](Coin c, int line) -> std::optional<Error> {
    if (coins_used >> c & 1) return line_error(line, "coin " + piece_name(c) + " appears twice");
    coins_used |= PieceMask{1} << c;
    return std::nullopt;
  };

  for (const auto& content : gamecore::content_lines(text, gamecore::without_board_marks)) {
    // Plain names, not structured bindings: lambdas below capture them.
    const int line_no = content.number;
    const std::string& line = content.text;
    const auto colon = line.find(':');
    if (colon != std::string::npos) {
      const std::string key = lower(trim(line.substr(0, colon)));
      const std::vector<std::string> w = words(line.substr(colon + 1));
      auto piece_list = [&](std::vector<int>& out) -> std::optional<Error> {
        for (const std::string& x : w) {
          if (x == "-") continue;
          auto p = parse_piece(x);
          if (!p) return line_error(line_no, "'" + x + "' is not a piece (suit C S M A, value 0-5)");
          out.push_back(*p);
        }
        return std::nullopt;
      };
      if (key == "phase") {
        if (w.size() == 1 && lower(w[0]) == "setup") {
          phase = Phase::Setup;
          continue;
        }
        if (w.size() == 1 && lower(w[0]) == "over") {
          phase = Phase::Over;
          continue;
        }
        const std::map<std::string, Phase> phases = {{"stones", Phase::Stones},   {"main", Phase::Main},
                                                     {"draw-tile", Phase::DrawTile}, {"draw-coin", Phase::DrawCoin},
                                                     {"over", Phase::Over}};
        if (w.size() != 2 || !parse_player(w[0]) || !phases.count(lower(w[1])))
          return line_error(line_no, "phase is 'setup' or a player and stones|main|draw-tile|draw-coin|over");
        to_move = *parse_player(w[0]);
        phase = phases.at(lower(w[1]));
      } else if (key == "placed") {
        for (const std::string& x : w) {
          const std::string l = lower(x);
          if (l != "p" && l != "r") return line_error(line_no, "placed stones are P or R");
          placed.push_back(l == "p" ? Stone::Population : Stone::Resource);
        }
        if (placed.size() > 3) return line_error(line_no, "at most three stones a turn");
      } else if (key == "turn" || key == "passes") {
        int v = 0;
        if (w.size() != 1 || !parse_int(w[0], v) || v < 0 || v > kMaxTurns)
          return line_error(line_no, key + " takes a number 0.." + std::to_string(kMaxTurns));
        (key == "turn" ? turn : passes) = v;
      } else if (key == "score") {
        int a = 0, b = 0;
        if (w.size() != 4 || lower(w[0]) != "a" || lower(w[2]) != "b" || !parse_int(w[1], a) || !parse_int(w[3], b))
          return line_error(line_no, "score is written 'score: A 5 B -3'");
        s.set_score(Player::A, a);
        s.set_score(Player::B, b);
      } else if (key == "hand a" || key == "hand b") {
        const Player p = key.back() == 'a' ? Player::A : Player::B;
        std::vector<int> coins;
        if (auto e = piece_list(coins)) return *e;
        if (coins.size() > kHandSize) return line_error(line_no, "a hand holds at most three coins");
        for (Coin c : coins) {
          if (auto e = use_coin(c, line_no)) return *e;
          s.move_coin(c, hand_place(p));
        }
      } else if (key == "face-up") {
        if (w.size() > kFaceUpSlots) return line_error(line_no, "three face-up slots at most");
        for (std::size_t i = 0; i < w.size(); ++i) {
          if (w[i] == "-") continue;
          const auto plus = w[i].find('+');
          auto t = parse_piece(w[i].substr(0, plus));
          int stones = 0;
          if (!t || (plus != std::string::npos && (!parse_int(w[i].substr(plus + 1), stones) || stones < 0 ||
                                                   stones > 65535)))
            return line_error(line_no, "a face-up tile is written M3+2 (tile + stones waiting) or -");
          if (auto e = use_tile(*t, line_no)) return *e;
          s.set_face_up(static_cast<int>(i), *t, stones);
        }
      } else if (key == "returned") {
        std::vector<int> tiles;
        if (auto e = piece_list(tiles)) return *e;
        for (Tile t : tiles) {
          if (auto e = use_tile(t, line_no)) return *e;
          s.push_returned(t);
        }
      } else if (key == "removed") {
        std::vector<int> coins;
        if (auto e = piece_list(coins)) return *e;
        for (Coin c : coins) {
          if (auto e = use_coin(c, line_no)) return *e;
          s.move_coin(c, CoinPlace::Removed);
        }
      } else if (key.rfind("on ", 0) == 0) {
        auto zone = parse_piece(trim(key.substr(3)));
        if (!zone) return line_error(line_no, "'on M3:' names a Zone tile");
        std::vector<int> coins;
        if (auto e = piece_list(coins)) return *e;
        for (Coin c : coins) {
          if (auto e = use_coin(c, line_no)) return *e;
          zone_coins.emplace_back(*zone, c);
        }
      } else if (key == "stack") {
        if (w.empty() || !parse_int(w[0], unseen_check)) return line_error(line_no, "stack: N unseen");
      } else if (key == "bag") {
        if (w.size() != 1 || !parse_int(w[0], bag_check)) return line_error(line_no, "bag: N");
      } else {
        return line_error(line_no, "unknown header '" + key + "'");
      }
      continue;
    }
    if (line[0] == 'A' && (line.size() == 1 || line[1] == ' ')) continue;  // column letters
    std::vector<std::string> w = words(line);
    int row = 0;
    if (!parse_int(w[0], row) || row < 1 || row > kSize)
      return line_error(line_no, "expected a board row '19 ...' to ' 1 ...', a header or a comment");
    if (row_seen[row - 1]) return line_error(line_no, "row " + std::to_string(row) + " appears twice");
    row_seen[row - 1] = true;
    if (w.size() - 1 > static_cast<std::size_t>(kSize)) return line_error(line_no, "more than 19 points in a row");
    for (std::size_t i = 1; i < w.size(); ++i) {
      const Point p = point_at(static_cast<int>(i) - 1, row - 1);
      const std::string& c = w[i];
      if (c == ".") continue;
      if (c == "O" || c == "o") {
        board_stones.emplace_back(p, Stone::Population);
      } else if (c == "X" || c == "x") {
        board_stones.emplace_back(p, Stone::Resource);
      } else if (auto piece = parse_piece(c)) {
        if (std::isupper(static_cast<unsigned char>(c[0]))) {
          zone_cells[*piece].push_back(p);
        } else {
          if (auto e = use_coin(*piece, line_no)) return *e;
          board_coins.emplace_back(*piece, p);
        }
      } else {
        return line_error(line_no, "'" + c + "' at " + point_name(p) +
                                       " is not a point (. O X, a Zone tile M3 or a Development m3)");
      }
    }
  }

  for (const auto& [tile, cells] : zone_cells) {
    if (auto e = use_tile(tile, 0)) return Error{"diagram", "diagram: Zone " + piece_name(tile) + " is also off the board"};
    Point lo = kPoints;
    for (Point p : cells) lo = std::min(lo, p);
    const Point center = point_at(col_of(lo) + 1, row_of(lo) + 1);
    bool ok = cells.size() == 9 && col_of(lo) + 2 < kSize && row_of(lo) + 2 < kSize;
    for (Point p : cells) ok = ok && zone_points(center).contains(p);
    if (!ok) return Error{"diagram", "diagram: Zone " + piece_name(tile) + " does not cover exactly a 3x3 block"};
    s.put_zone(tile, center);
  }
  for (const auto& [p, st] : board_stones) s.put_stone(p, st);
  for (const auto& [c, p] : board_coins) s.move_coin(c, CoinPlace::Point, p);
  for (const auto& [zone, c] : zone_coins) {
    if (!s.zone_on_board(zone))
      return Error{"diagram", "diagram: Developments listed on " + piece_name(zone) + ", which is not on the board"};
    s.move_coin(c, CoinPlace::Zone, zone);
  }
  s.set_unseen(kAllPieces & ~tiles_used);
  if (unseen_check >= 0 && unseen_check != std::popcount(s.unseen_tiles()))
    return Error{"diagram", "diagram: 'stack' says " + std::to_string(unseen_check) + " unseen tiles, the diagram leaves " +
                                std::to_string(std::popcount(s.unseen_tiles()))};
  if (bag_check >= 0 && bag_check != s.bag_size())
    return Error{"diagram", "diagram: 'bag' says " + std::to_string(bag_check) + " coins, the diagram leaves " +
                                std::to_string(s.bag_size())};
  for (Stone st : placed) s.push_placed(st);
  s.set_counters(turn, passes);
  s.set_turn(phase, to_move);
  if (phase == Phase::Stones) s.set_stone_goal(reachable_goal(s));
  if (auto why = invariant_violation(s)) return Error{"diagram", "diagram: " + *why};
  return s;
}

}  // namespace city_planning
