#include "gamehost/formats/metadata.h"

#include <fmt/core.h>

namespace gamehost::formats {
namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

}  // namespace

std::vector<std::string> split_players(const std::string& list) {
  std::vector<std::string> names;
  std::size_t at = 0;
  while (true) {
    const auto comma = list.find(',', at);
    names.push_back(trim(list.substr(at, comma == std::string::npos ? std::string::npos : comma - at)));
    if (names.back().empty())
      throw HostError(fmt::format("--players '{}': name {} is empty", list, names.size()));
    if (comma == std::string::npos) return names;
    at = comma + 1;
  }
}

std::string metadata_text(const pb::LogHeader& h) {
  std::string out, people;
  for (const auto& p : h.players())
    if (!p.person().empty()) people += fmt::format("{}{} = {}", people.empty() ? "" : ", ", p.name(), p.person());
  if (!people.empty()) out += "players: " + people + "\n";
  if (!h.event().empty()) out += "event: " + h.event() + (h.round().empty() ? "" : ", round " + h.round()) + "\n";
  else if (!h.round().empty()) out += "round: " + h.round() + "\n";
  if (!h.site().empty()) out += "site: " + h.site() + "\n";
  if (!h.date().empty()) out += "date: " + h.date() + "\n";
  if (!h.source().empty()) out += "source: " + h.source() + "\n";
  return out;
}

}  // namespace gamehost::formats
