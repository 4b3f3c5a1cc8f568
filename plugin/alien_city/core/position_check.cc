#include "position_check.h"

#include "streets.h"

namespace alien_city {
namespace {

std::string lot_list(LotSet lots, int most = 6) {
  std::string out;
  int shown = 0;
  for (Lot lot : lots) {
    if (shown == most) return out + " ...";
    out += (out.empty() ? "" : " ") + lot_name(lot);
    ++shown;
  }
  return out;
}

}  // namespace

std::vector<LotSet> street_networks(const State& s) {
  std::vector<LotSet> out;
  LotSet left = s.streets();
  while (left.any()) {
    LotSet net = LotSet::single(left.first());
    for (LotSet grown = net; ; net = grown) {
      grown = (net | net.neighbours()) & left;
      if (grown == net) break;
    }
    out.push_back(net);
    left -= net;
  }
  return out;
}

LotSet cut_off_structures(const State& s) {
  return s.built() - s.streets().neighbours();
}

std::vector<std::string> rule_warnings(const State& s) {
  std::vector<std::string> out;
  const auto nets = street_networks(s);
  if (nets.size() > 1) {
    std::string parts;
    for (const LotSet& n : nets)
      parts += (parts.empty() ? "" : "; ") + lot_list(n, 3) + " (" + std::to_string(n.count()) + " streets)";
    out.push_back("ruling R8 (rule 4): the streets are split into " + std::to_string(nets.size()) +
                  " networks, not one: " + parts);
  }
  if (const LotSet cut = cut_off_structures(s); cut.any())
    out.push_back("ruling R8 (rule 4): no street touches the structure" + std::string(cut.count() > 1 ? "s" : "") +
                  " on " + lot_list(cut));
  if (!out.empty())
    out.push_back("ruling R17: scored as it stands; a tower counts only what its streets reach, and no build "
                  "can mend the streets, so the game is over");
  return out;
}

}  // namespace alien_city
