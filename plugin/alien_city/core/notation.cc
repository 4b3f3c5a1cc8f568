#include "notation.h"

#include <cctype>

namespace alien_city {
namespace {

std::string normalise(std::string_view text) {
  std::string out;
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isspace(c) || ch == '@') {
      if (!out.empty() && out.back() != '@') out += '@';
    } else {
      out += static_cast<char>(std::tolower(c));
    }
  }
  while (!out.empty() && out.back() == '@') out.pop_back();
  return out;
}

Error notation_error(std::string_view text, std::string why) {
  return Error{"notation", "cannot read '" + std::string(text) + "' as a decision: " + why +
                               " (builds look like RT@E3 or KD@C8, claims like claim@E3, "
                               "or decline)"};
}

}  // namespace

std::string to_notation(const Action& a) {
  // Built in place: this runs once per legal action when a list is shown.
  std::string out;
  auto append_lot = [&out](Lot lot) {
    out += static_cast<char>('A' + col_of(lot));
    const int row = row_of(lot) + 1;
    if (row >= 10) out += '1';
    out += static_cast<char>('0' + row % 10);
  };
  switch (a.kind) {
    case Action::Kind::Build:
      out.reserve(6);
      out += piece_code(a.piece);
      out += '@';
      append_lot(a.lot);
      return out;
    case Action::Kind::Claim:
      out.reserve(9);
      out += "claim@";
      append_lot(a.lot);
      return out;
    default: return "decline";
  }
}

Expected<Action> parse_action(std::string_view text) {
  const std::string s = normalise(text);
  if (s.empty()) return notation_error(text, "it is empty");
  if (s == "decline" || s == "pass" || s == "-") return Action::decline();
  const auto at = s.find('@');
  if (at == std::string::npos) {
    // Also accept the compact form "RTE3".
    if (s.size() >= 4 && parse_piece_code(s.substr(0, 2)) && parse_lot(s.substr(2)))
      return Action::build(*parse_piece_code(s.substr(0, 2)), *parse_lot(s.substr(2)));
    return notation_error(text, "no lot given");
  }
  const std::string head = s.substr(0, at), tail = s.substr(at + 1);
  const auto lot = parse_lot(tail);
  if (!lot) return notation_error(text, "'" + tail + "' is not a lot A1..H10");
  if (head == "claim" || head == "cap") return Action::claim(*lot);
  const auto piece = parse_piece_code(head);
  if (!piece)
    return notation_error(text, "'" + head + "' is not a piece (RT BT GT for towers, RD BD GD KD for domes)");
  return Action::build(*piece, *lot);
}

}  // namespace alien_city
