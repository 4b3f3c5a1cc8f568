#include "notation.h"

#include <bit>
#include <cctype>
#include <vector>

#include "chance.h"
#include "zones.h"

namespace city_planning {
namespace {

std::vector<std::string> tokens(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) out.push_back(cur);
    cur.clear();
  };
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isspace(c) || ch == ',' || ch == '@' || ch == ':') {
      flush();
    } else if (ch == '>') {
      flush();
      out.push_back("on");
    } else {
      cur += static_cast<char>(std::tolower(c));
    }
  }
  flush();
  return out;
}

Error notation_error(std::string_view text, const std::string& why) {
  return Error{"notation", "cannot read '" + std::string(text) + "' as a decision: " + why +
                               " (e.g. P@K10, R@J9, zone M3@K10, dev M4@K10, dev M4 on M3, pass)"};
}

bool is_one_of(const std::string& w, std::initializer_list<const char*> words) {
  for (const char* x : words)
    if (w == x) return true;
  return false;
}

Expected<Action> parse(const State* s, std::string_view text) {
  const std::vector<std::string> t = tokens(text);
  if (t.empty()) return notation_error(text, "it is empty");
  const std::string& head = t[0];
  auto piece_at = [&](std::size_t i, const char* what) -> Expected<int> {
    if (i >= t.size()) return notation_error(text, std::string("no ") + what + " given");
    auto p = parse_piece(t[i]);
    if (!p) return notation_error(text, "'" + t[i] + "' is not a " + what + " (suit C S M A and value 0-5)");
    return *p;
  };
  auto point_at_token = [&](std::size_t i) -> Expected<Point> {
    if (i >= t.size()) return notation_error(text, "no point given");
    auto p = parse_point(t[i]);
    if (!p) return notation_error(text, "'" + t[i] + "' is not a point A1..T19 (no column I)");
    return *p;
  };

  if (t.size() == 1 && is_one_of(head, {"pass", "-", "none"})) return Action::pass();
  if (is_one_of(head, {"p", "pop", "population", "w", "white", "o"}) ||
      is_one_of(head, {"r", "res", "resource", "b", "black", "x"})) {
    const Stone st = is_one_of(head, {"p", "pop", "population", "w", "white", "o"}) ? Stone::Population
                                                                                    : Stone::Resource;
    if (t.size() != 2) return notation_error(text, "a stone is written P@K10 or R@K10");
    auto p = point_at_token(1);
    if (!p) return p.error();
    return Action::place_stone(st, *p);
  }
  // Compact stones "pk10", "rk10".
  if (t.size() == 1 && (head[0] == 'p' || head[0] == 'r') && parse_point(head.substr(1)))
    return Action::place_stone(head[0] == 'p' ? Stone::Population : Stone::Resource, *parse_point(head.substr(1)));
  if (is_one_of(head, {"zone", "z"})) {
    auto tile = piece_at(1, "tile");
    if (!tile) return tile.error();
    auto center = point_at_token(2);
    if (!center) return center.error();
    int order = 0;
    std::size_t i = 3;
    if (i < t.size() && is_one_of(t[i], {"order", "o"})) {
      if (i + 2 != t.size() || t[i + 1].empty() || t[i + 1].size() > 2 ||
          !std::isdigit(static_cast<unsigned char>(t[i + 1][0])) ||
          !std::isdigit(static_cast<unsigned char>(t[i + 1].back())))
        return notation_error(text, "'order' takes one number below 24");
      order = std::stoi(t[i + 1]);
      if (order >= kMaxReturnOrders) return notation_error(text, "'order' takes one number below 24");
    } else if (i < t.size() && is_one_of(t[i], {"return", "returning", "ret"})) {
      if (!s) return notation_error(text, "a return list needs the position; write 'order N' instead");
      std::vector<Tile> tiles;
      for (++i; i < t.size(); ++i) {
        auto r = piece_at(i, "tile");
        if (!r) return r.error();
        tiles.push_back(*r);
      }
      if (spot_of_center(*center) == kNoSpot) return notation_error(text, "a Zone's centre lies in B2..S18");
      order = return_order_index(*s, overlapped_zones(*s, *center), tiles);
      if (order < 0)
        return notation_error(text, "the return list must name each Zone that " + piece_name(*tile) + "@" +
                                        point_name(*center) + " overlaps exactly once");
    } else if (i < t.size()) {
      return notation_error(text, "unexpected '" + t[i] + "' after the Zone");
    }
    return Action::place_zone(*tile, *center, order);
  }
  if (is_one_of(head, {"dev", "d", "develop", "development"})) {
    auto coin = piece_at(1, "coin");
    if (!coin) return coin.error();
    if (t.size() >= 3 && t[2] == "on") {
      std::size_t i = 3;
      if (i < t.size() && t[i] == "zone") ++i;
      auto zone = piece_at(i, "Zone tile");
      if (!zone) return zone.error();
      if (i + 1 != t.size()) return notation_error(text, "unexpected text after the Zone tile");
      return Action::develop_on(*coin, *zone);
    }
    if (t.size() != 3) return notation_error(text, "a Development is written dev M4@K10 or dev M4 on M3");
    auto p = point_at_token(2);
    if (!p) return p.error();
    return Action::develop_at(*coin, *p);
  }
  if (is_one_of(head, {"reveal", "tile", "turn-up"}) && t.size() == 2) {
    auto tile = piece_at(1, "tile");
    if (!tile) return tile.error();
    return Action::reveal_tile(*tile);
  }
  if (is_one_of(head, {"draw", "coin"}) && t.size() == 2) {
    auto coin = piece_at(1, "coin");
    if (!coin) return coin.error();
    return Action::draw_coin(*coin);
  }
  if (is_one_of(head, {"first", "start", "starts"}) && t.size() == 2) {
    auto p = parse_player(t[1]);
    if (!p) return notation_error(text, "the first player is A or B");
    return Action::first_player(*p);
  }
  return notation_error(text, "'" + head + "' starts no decision");
}

}  // namespace

std::string to_notation(const Action& a) {
  switch (a.kind) {
    case Action::Kind::Stone: return std::string(1, stone_letter(a.stone)) + "@" + point_name(a.point);
    case Action::Kind::Zone:
      return "zone " + piece_name(a.piece) + "@" + point_name(a.point) +
             (a.order ? " order " + std::to_string(a.order) : "");
    case Action::Kind::Develop:
      return "dev " + piece_name(a.piece) + (a.zone == kNone ? "@" + point_name(a.point) : " on " + piece_name(a.zone));
    case Action::Kind::Pass: return "pass";
    case Action::Kind::RevealTile: return "reveal " + piece_name(a.piece);
    case Action::Kind::DrawCoin: return "draw " + piece_name(a.piece);
    case Action::Kind::FirstPlayer: return std::string("first ") + player_letter(a.player);
  }
  return "?";
}

std::string to_notation(const State& before, const Action& a) {
  if (a.kind == Action::Kind::Zone && spot_of_center(a.point) != kNoSpot) {
    const PieceMask over = overlapped_zones(before, a.point);
    if (std::popcount(over) >= 2 && a.order < return_order_count(over)) {
      std::string out = "zone " + piece_name(a.piece) + "@" + point_name(a.point) + " return";
      for (Tile t : return_order(before, over, a.order)) out += " " + piece_name(t);
      return out;
    }
  }
  return to_notation(a);
}

std::string to_notation_for(const State& before, const Action& a, std::optional<Player> viewer) {
  if (a.kind == Action::Kind::DrawCoin && viewer && is_chance(before) && coin_recipient(before) != *viewer)
    return "draw ?";
  return to_notation(before, a);
}

Expected<Action> parse_action(const State& s, std::string_view text) { return parse(&s, text); }
Expected<Action> parse_action(std::string_view text) { return parse(nullptr, text); }

}  // namespace city_planning
