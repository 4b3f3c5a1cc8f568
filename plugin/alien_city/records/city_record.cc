#include "alien_city/records/city_record.h"

#include <fmt/core.h>

#include <array>
#include <cctype>
#include <map>
#include <sstream>

namespace alien_city::records {
namespace {

const char* seat_name(int seat) { return seat == kBlack ? "Black" : "White"; }

[[noreturn]] void refuse(const CityTurn& t, const std::string& why) {
  throw RecordError(fmt::format("{} '{}': {}", t.where, clipped(t.written), why));
}

void fill_turn(const CityTurn& t, pb::RecordTurn& out) {
  out.set_seat(t.seat);
  out.set_where(t.where);
  out.set_written(t.written);
  out.set_problem(t.problem);
  out.set_pass(t.pass);
  out.set_pass_refusal(
      fmt::format("{} passes but can build (R6: only a player with no legal build is skipped)", seat_name(t.seat)));
  out.set_skipped(fmt::format("{} has no legal build and is skipped (R6)", seat_name(t.seat)));
  if (!t.pass && t.problem.empty()) out.set_decision(t.piece + "@" + t.lot);
  out.set_follow_phase("claim");
  out.set_follow(t.claim.empty() ? "decline" : "claim@" + t.claim);
  out.set_follow_written(!t.claim.empty());
  out.set_follow_void(fmt::format("the claim of {} on the game's last build is void (R5)", t.claim));
  out.set_follow_refusal(fmt::format(
      "no claim is possible after this build (R5: {} needs a cap and an unclaimed tower)", seat_name(t.seat)));
  for (const auto& n : t.build_notes) out.add_notes(n);
  for (const auto& n : t.claim_notes) out.add_follow_notes(n);
}

struct Supply {
  std::map<std::string, int> pieces;
  int caps = 3;
};

Supply initial_supply(int seat) {
  Supply s;
  s.pieces = {{"RT", seat == kBlack ? 2 : 3},
              {"BT", seat == kBlack ? 3 : 2},
              {"GT", 2},
              {"RD", 3},
              {"BD", 3},
              {"GD", 3},
              {"KD", 3}};
  return s;
}

std::string supply_line(int seat, const Supply& s) {
  std::string line = std::string(seat_name(seat)) + ":";
  for (const char* p : {"RT", "BT", "GT", "RD", "BD", "GD", "KD"}) line += fmt::format(" {}{}", p, s.pieces.at(p));
  return line + fmt::format(" caps{}", s.caps);
}

// The tiles of a layout: colour letter and icon corner per tile, top row first.
struct Lots {
  std::array<char, 80> colour{};
  std::array<bool, 80> icon{};
};

Lots lots_of(std::string layout) {
  for (char& c : layout)
    if (c == '/') c = ' ';
  std::istringstream in(layout);
  std::string token;
  std::vector<std::string> tiles;
  while (in >> token) tiles.push_back(token);
  if (tiles.size() != 20) throw RecordError(fmt::format("layout: {} tiles, expected 20", tiles.size()));
  Lots lots;
  for (int t = 0; t < 20; ++t) {
    const std::string& tile = tiles[static_cast<std::size_t>(t)];
    const int col0 = (t % 4) * 2, row0 = 8 - (t / 4) * 2;  // bottom-left lot of the tile (row index from 0)
    const int dc = tile.size() == 4 && tile[3] == 'e' ? 1 : 0;
    const int dr = tile.size() == 4 && tile[2] == 'n' ? 1 : 0;
    for (int r = 0; r < 2; ++r)
      for (int c = 0; c < 2; ++c) {
        const int lot = (row0 + r) * 8 + col0 + c;
        lots.colour[static_cast<std::size_t>(lot)] = tile[0];
        lots.icon[static_cast<std::size_t>(lot)] = r == dr && c == dc;
      }
  }
  return lots;
}

int lot_index(const std::string& name) {  // pre: lot_name(name) == name
  return (std::stoi(name.substr(1)) - 1) * 8 + (name[0] - 'A');
}

}  // namespace

std::string lot_name(const std::string& text) {
  if (text.size() < 2 || text.size() > 3) return "";
  const char col = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  if (col < 'A' || col > 'H') return "";
  for (std::size_t i = 1; i < text.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) return "";
  const int row = std::stoi(text.substr(1));
  if (row < 1 || row > 10 || text[1] == '0') return "";
  return std::string(1, col) + text.substr(1);
}

void fill_response(const CityGame& record, pb::ReadRecordResponse& out) {
  auto* layout = out.add_options();
  layout->set_name("layout");
  layout->set_value(record.layout);
  for (const auto& p : record.meta.players) out.add_players(p);
  out.set_event(record.meta.event);
  out.set_site(record.meta.site);
  out.set_date(record.meta.date);
  out.set_round(record.meta.round);
  out.set_source(record.meta.source);
  for (const auto& t : record.turns) fill_turn(t, *out.add_turns());
  for (const auto& n : record.opening_notes) out.add_opening_notes(n);
  if (record.skipped_variations > 0)
    out.add_remarks(
        fmt::format("{} variation{} (PPN comments in parentheses) not imported: import reads the main "
                    "line (docs/notation.md)",
                    record.skipped_variations, record.skipped_variations == 1 ? "" : "s"));
  try {
    auto* position = out.add_final_position();
    position->set_name("position");
    position->set_value(final_diagram(record));
  } catch (const RecordError& e) {
    out.clear_final_position();
    out.set_final_position_refusal(e.what());
  }
}

std::string final_diagram(const CityGame& record) {
  const Lots lots = lots_of(record.layout);
  std::array<std::string, 80> piece;  // our piece name per lot
  std::array<char, 80> owner{};
  std::array<Supply, 2> supply{initial_supply(kBlack), initial_supply(kWhite)};
  for (const auto& t : record.turns) {
    if (!t.problem.empty()) refuse(t, t.problem);
    if (t.pass) continue;
    const int lot = lot_index(t.lot);
    Supply& s = supply[static_cast<std::size_t>(t.seat)];
    if (!piece[static_cast<std::size_t>(lot)].empty()) refuse(t, fmt::format("{} is already built on", t.lot));
    if (--s.pieces.at(t.piece) < 0) refuse(t, fmt::format("{} has no {} left", seat_name(t.seat), t.piece));
    piece[static_cast<std::size_t>(lot)] = t.piece;
    if (t.claim.empty()) continue;
    const int c = lot_index(t.claim);
    if (piece[static_cast<std::size_t>(c)].size() != 2 || piece[static_cast<std::size_t>(c)][1] != 'T')
      refuse(t, fmt::format("{} holds no tower to claim", t.claim));
    if (owner[static_cast<std::size_t>(c)]) refuse(t, fmt::format("the tower on {} is already claimed", t.claim));
    if (--s.caps < 0) refuse(t, fmt::format("{} has no cap left", seat_name(t.seat)));
    owner[static_cast<std::size_t>(c)] = t.seat == kBlack ? 'B' : 'W';
  }
  std::string out = "# the final position of a record, laid out without the rules of building\n";
  out += supply_line(kWhite, supply[kWhite]) + "\n" + supply_line(kBlack, supply[kBlack]) + "\n";
  for (int row = 9; row >= 0; --row) {
    out += fmt::format("{:>2} ", row + 1);
    for (int col = 0; col < 8; ++col) {
      const auto lot = static_cast<std::size_t>(row * 8 + col);
      const std::string& p = piece[lot];
      const char structure = p.empty() ? '.' : p[1] == 'T' ? p[0] : static_cast<char>(std::tolower(p[0]));
      out += fmt::format(" {}{}{}{}", lots.colour[lot], lots.icon[lot] ? '*' : '.', structure,
                         owner[lot] ? owner[lot] : '.');
    }
    out += "\n";
  }
  return out;
}

}  // namespace alien_city::records
