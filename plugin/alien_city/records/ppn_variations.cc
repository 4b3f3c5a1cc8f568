#include "alien_city/records/ppn_variations.h"

#include <fmt/core.h>

#include <cctype>
#include <map>

namespace alien_city::records {

namespace {

// "E3" -> "e3": PPN's lots are chess-style, lower case.
std::string ppn_lot(const std::string& notation) {
  const auto at = notation.find('@');
  if (at == std::string::npos || at + 1 >= notation.size())
    throw RecordError(fmt::format("PPN export: '{}' is not a decision Alien City writes", notation));
  std::string lot = notation.substr(at + 1);
  lot[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(lot[0])));
  return lot;
}

}  // namespace

PpnLine ppn_line_of(const pb::RecordLine& line) {
  PpnLine out;
  for (const auto& m : line.moves()) {
    PpnMove move;
    move.seat = m.seat();
    move.notation = m.notation();
    for (const auto& alt : m.alternatives()) move.alternatives.push_back(ppn_line_of(alt));
    out.moves.push_back(std::move(move));
  }
  return out;
}

std::string PpnTurns::next(int seat) {
  if (seat == kBlack || last_seat == kWhite) ++number;
  last_seat = seat;
  return fmt::format("{}{}", number, seat == kBlack ? "." : "...");
}

bool is_build(const std::string& notation) { return notation != "decline" && notation.rfind("claim@", 0) != 0; }

std::string ppn_build(const std::string& notation) {
  static const std::map<std::string, std::string> kPieces = {{"RT", "R3x"}, {"BT", "B3x"}, {"GT", "G3x"}, {"RD", "S"},
                                                             {"BD", "A"},   {"GD", "C"},   {"KD", "M"}};
  const auto piece = kPieces.find(notation.substr(0, notation.find('@')));
  if (piece == kPieces.end())
    throw RecordError(fmt::format("PPN export: '{}' is not a decision Alien City writes", notation));
  return piece->second + "@" + ppn_lot(notation);
}

std::string ppn_cap(int seat, const std::string& claim_notation) {
  return (seat == kBlack ? "K1x@" : "W1x@") + ppn_lot(claim_notation);
}

std::string ppn_line_text(const PpnLine& line, PpnTurns turns) {
  std::string out;
  auto put = [&out](const std::string& text) {
    if (!text.empty()) out += (out.empty() ? "" : " ") + text;
  };
  for (const PpnMove& m : line.moves) {
    const PpnTurns before = turns;
    if (is_build(m.notation)) {
      turns.build = turns.next(m.seat) + " " + ppn_build(m.notation);
      put(turns.build);
    } else {
      // A line that starts at a claim or a decline starts with its turn's
      // build; a decline writes nothing more (PPN has no decline).
      if (out.empty()) put(turns.build);
      if (m.notation != "decline") put(ppn_cap(m.seat, m.notation));
    }
    for (const PpnLine& alt : m.alternatives) put("(" + ppn_line_text(alt, before) + ")");
  }
  return out;
}

std::string ppn_variation_comments(const std::vector<PpnLine>& lines, const PpnTurns& turns) {
  std::string out;
  for (const PpnLine& line : lines) out += " {(" + ppn_line_text(line, turns) + ")}";
  return out;
}

bool is_variation_comment(const std::string& text) {
  std::size_t digits = 1;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  return text.size() > 3 && text.front() == '(' && text.back() == ')' && digits > 1 && text[digits] == '.';
}

}  // namespace alien_city::records
