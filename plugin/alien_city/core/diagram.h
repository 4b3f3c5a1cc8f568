// Position diagrams (docs/diagram.md): a readable text form of a whole
// position that tests and users write by hand and the tools print.
//
//   to-move: Black build            (or "White claim", "over")
//   White: RT3 BT2 GT2 RD3 BD3 GD3 KD3 caps3
//   Black: RT2 BT3 GT2 RD3 BD3 GD3 KD3 caps3
//        A    B    C    D    E    F    G    H
//   10  b*.. b... r.RW ...
//   ...
//    1  ...
//
// Each lot is four characters: tile colour (r b g k), '*' on the tile's icon
// lot, the structure ('.' empty, R B G tower, r b g k dome) and the claim
// ('.', W or B). Lines starting with '#' are comments.
#pragma once

#include <string>
#include <string_view>

#include "expected.h"
#include "state.h"

namespace alien_city {

std::string to_diagram(const State& s);
// Its header lines alone (to-move and the two supplies), for the terminal
// board, which draws its own grid.
std::string diagram_header(const State& s);

// Reads a diagram. The header lines are optional: without "to-move" the
// position is Black to build (or over when neither player can build); without
// a supply line that player's supply is the initial one less the caps the
// board shows. Each tile must have exactly one icon lot; errors name the
// line. A position that breaks the street rule (R8) is read as over (ruling
// R17; position_check.h names what it breaks).
Expected<State> parse_diagram(std::string_view text);

}  // namespace alien_city
