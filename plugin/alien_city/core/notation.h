// Move notation (docs/notation.md): builds as PIECE@LOT ("RT@E3", "KD@C8"),
// claims as "claim@E3", and "decline". Parsing is lenient about case and
// accepts a space in place of '@'; printing is canonical.
#pragma once

#include <string>
#include <string_view>

#include "expected.h"
#include "rules.h"

namespace alien_city {

std::string to_notation(const Action& a);
// Parses one decision; the error says what was expected.
Expected<Action> parse_action(std::string_view text);

}  // namespace alien_city
