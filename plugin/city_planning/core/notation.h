// Decision notation (docs/city-planning.md, "Notation"). Canonical forms:
//
//   P@K10            Population stone on K10        R@J9   Resource stone
//   zone M3@K10      Zone tile Moons 3 centred on K10
//   zone M3@K10 return S2 A0
//                    ... overlapping two or more Zones: the order they go
//                    under the stack (S2 first, so A0 ends at the bottom);
//                    printed only when there is a choice (C12)
//   dev M4@K10       Development coin Moons 4 unincorporated on K10
//   dev M4 on M3     Development coin Moons 4 on the Zone tile M3
//   pass
//   reveal S3        chance: tile Suns 3 turned up
//   draw M4          chance: coin Moons 4 drawn ("draw ?" when hidden)
//   first A          chance: player A starts
//
// Pieces are a suit letter (C Crowns, S Suns, M Moons, A Arms) and a value
// 0-5 (ace = 1, also "a"; blank = 0, also "b"). Parsing is lenient about
// case, spaces, '@', ',' and '>' (for "on"), and accepts the long words
// (population, resource, develop, ...). Printing is canonical.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "expected.h"
#include "pieces.h"
#include "rules.h"

namespace city_planning {

// Canonical text of a decision taken in state `before`.
std::string to_notation(const State& before, const Action& a);
// Without a position the return order is written "order N" (its index).
std::string to_notation(const Action& a);
// As `viewer` may see it (observation.h): another player's coin draw is
// "draw ?".
std::string to_notation_for(const State& before, const Action& a, std::optional<Player> viewer);

// Parses one decision in state `s` (which resolves a "return" list); the
// error says what was expected. Legality is not checked here.
Expected<Action> parse_action(const State& s, std::string_view text);
// Without a position: "return" lists are refused ("order N" works).
Expected<Action> parse_action(std::string_view text);

}  // namespace city_planning
