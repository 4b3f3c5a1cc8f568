// What a set-up position breaks (docs/rules.md, "Split streets", ruling R17).
// The editor, imported records and hand-written diagrams may break the street
// rule (R8): such a position is still scored, and these sentences name the
// broken rule as a warning. Placement order is not known from a position,
// so only what the position itself shows is judged.
#pragma once

#include <string>
#include <vector>

#include "lotset.h"
#include "state.h"

namespace alien_city {

// The street networks (orthogonally connected sets of streets), lowest lot first.
std::vector<LotSet> street_networks(const State& s);
// Structures with no street beside them (R8's second half).
LotSet cut_off_structures(const State& s);

// One sentence per broken rule, each starting with its ruling
// ("ruling R8 (rule 4): the streets are split into 2 networks ..."); empty
// when the position breaks none.
std::vector<std::string> rule_warnings(const State& s);

}  // namespace alien_city
