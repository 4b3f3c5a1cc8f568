#include "gamehost/formats/metadata.h"

#include <boost/algorithm/string/classification.hpp>
#include <boost/algorithm/string/trim.hpp>
#include <fmt/core.h>

#include "gamehost/text/input_checks.h"

namespace gamehost::formats {
namespace {

std::string trim(const std::string& s) { return boost::algorithm::trim_copy_if(s, boost::is_any_of(" \t")); }

}  // namespace

std::vector<std::string> split_players(const std::string& list) {
  std::vector<std::string> names;
  std::size_t at = 0;
  while (true) {
    const auto comma = list.find(',', at);
    names.push_back(trim(list.substr(at, comma == std::string::npos ? std::string::npos : comma - at)));
    if (names.back().empty())
      throw HostError(fmt::format("--players '{}': name {} is empty", clipped(list), names.size()));
    if (comma == std::string::npos) return names;
    at = comma + 1;
  }
}

std::vector<MetadataField> metadata_fields(const pb::LogHeader& h) {
  // Text from a file reaches terminals and the viewer: control characters
  // made visible (input_checks.h), so none can act on a terminal.
  std::vector<MetadataField> out;
  std::string people;
  for (const auto& p : h.players())
    if (!p.person().empty())
      people += fmt::format("{}{} = {}", people.empty() ? "" : ", ", visible(p.name()), visible(p.person()));
  if (!people.empty()) out.push_back({"players", "players: " + people});
  if (!h.event().empty())
    out.push_back({"event", "event: " + visible(h.event()) + (h.round().empty() ? "" : ", round " + visible(h.round()))});
  else if (!h.round().empty()) out.push_back({"round", "round: " + visible(h.round())});
  if (!h.site().empty()) out.push_back({"site", "site: " + visible(h.site())});
  if (!h.date().empty()) out.push_back({"date", "date: " + visible(h.date())});
  if (!h.source().empty()) out.push_back({"source", "source: " + visible(h.source())});
  return out;
}

std::string metadata_text(const pb::LogHeader& h) {
  std::string out;
  for (const auto& f : metadata_fields(h)) out += f.text + "\n";
  return out;
}

}  // namespace gamehost::formats
